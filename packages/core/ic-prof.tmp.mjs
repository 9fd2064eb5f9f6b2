import { createReadStream, writeFileSync, rmSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
const { createCore } = await import('@tj/core');
const { openStorage } = await import('@tj/core/storage');
const dir = mkdtempSync(join(tmpdir(), 'ic-'));
const db = join(dir, 'x.db');
const storage = await openStorage(db);
const core = createCore({ storage, auth: { passwordCost: { N: 1024, r: 8, p: 1 } } });
const user = await core.auth.createUser({ email: 'ann@example.com', name: 'A', password: 'correct horse battery' });
let s = '_id,_orderId,_contractId,_timestamp,_tradeDate,_action,_qty,_price,Account,Contract,Product,commission\n';
let t = Date.UTC(2020, 0, 2);
for (let i = 0; i < 60000; i++) { t += 1000; const iso = new Date(t).toISOString(); s += `${i},${i},1,${iso},${iso.slice(0,10)},${i%6<3?0:1},1,${(5000 + (i % 100) / 4).toFixed(2)},D1,${['ESZ6','NQZ6','CLZ6'][i%3]},ES,0.62\n`; }
const file = join(dir, 'f.csv'); writeFileSync(file, s);
const t0 = performance.now();
const r = await core.imports.run(user.id, { open: () => createReadStream(file) }, { sourceTz: 'UTC' });
console.log(r.counts, Math.round(performance.now() - t0), 'ms');
await storage.close(); rmSync(dir, { recursive: true });

#!/usr/bin/env node
// Imports over HTTP beside the same import run locally (`pnpm bench:import-http`, after `pnpm build`).
// One fills CSV of BENCH_IMPORT_HTTP_ROWS executions (default 50,000) is imported into a fresh database twice
// per round: locally through core.imports.create (what `tj import` does on a local database), and
// as a streamed POST /api/imports to a server process on loopback (what the SDK and a logged-in
// `tj import` do). BENCH_ROUNDS (3) rounds alternate the two; the medians give the ratio HTTP ÷
// local, target ≥ 0.70, on SQLite and on PostgreSQL. Figures only: nothing asserts a time.
//
//   BENCH_IMPORT_HTTP_ROWS=50000 BENCH_ROUNDS=3 node bench/import-http.mjs

import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isChildProcess, runChild, sendResult } from './lib/child.mjs';
import { envInt, median, runBench } from './lib/databases.mjs';
import { atLeast } from './lib/figures.mjs';
import { nowMs } from './lib/stats.mjs';
import { fmtInt, fmtMiB, fmtRate } from './lib/table.mjs';

const SCRIPT = fileURLToPath(import.meta.url);
const USER = { email: 'bench@example.com', name: 'Bench', password: 'bench password' };
const COST = { N: 1024, r: 8, p: 1 };
const SYMBOLS = ['AAPL', 'MSFT', 'TSLA', 'SPY', 'QQQ', 'NVDA'];

/** `rows` fills of round trips (buy then sell of each symbol), oldest first. */
async function writeFills(path, rows) {
  const out = createWriteStream(path);
  out.write('datetime,symbol,side,quantity,price,commission,fees,exec_id,account,multiplier,tags,note\n');
  const start = Date.UTC(2021, 0, 4, 14, 30);
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    const sym = SYMBOLS[Math.floor(i / 2) % SYMBOLS.length];
    const side = i % 2 === 0 ? 'buy' : 'sell';
    const price = (100 + (i % 97) / 4).toFixed(2);
    chunk += `${new Date(start + i * 30_000).toISOString()},${sym},${side},${1 + (Math.floor(i / 2) % 9)},${price},0.35,0,B${i},BENCH,1,,\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

/** In a child: imports `file` into `db`, locally or over HTTP, and sends { ms, fills, serverRss }. */
async function child(mode, file, db) {
  const { createCore } = await import('@tj/core');
  const { openStorage } = await import('@tj/core/storage');
  if (mode === 'local') {
    const storage = await openStorage(db);
    const core = createCore({ storage, auth: { passwordCost: COST } });
    const user = await core.auth.createUser(USER);
    const started = nowMs();
    const record = await core.imports.create(
      user.id,
      { name: 'bench.csv', open: () => createReadStream(file, { highWaterMark: 256 * 1024 }) },
      { sourceTz: 'UTC' },
    );
    const ms = nowMs() - started;
    await storage.close();
    return sendResult({ ms, fills: record.counts.fills });
  }
  const { startServer } = await import('@tj/http');
  const server = await startServer({
    databaseUrl: db,
    port: 0,
    host: '127.0.0.1',
    openRegistration: true,
    allowPrivateWebhooks: false,
    passwordCost: COST,
    rateLimit: false,
    logger: { log: () => {} },
  });
  const { createClient } = await import('@tj/client');
  const { openFile } = await import('@tj/client/node');
  const client = createClient({ baseUrl: server.url, timeoutMs: 0 });
  await client.auth.register(USER);
  await client.auth.login({ email: USER.email, password: USER.password });
  const upload = await openFile(file);
  const started = nowMs();
  const record = await client.imports.create(upload.body, { ...upload.options, sourceTz: 'UTC' });
  const ms = nowMs() - started;
  await server.stop();
  return sendResult({ ms, fills: record.counts.fills });
}

const ROWS = envInt('BENCH_IMPORT_HTTP_ROWS', Math.min(50_000, envInt('BENCH_SCALE', 50_000)));
const ROUNDS = Math.max(1, envInt('BENCH_ROUNDS', 3));

async function perDatabase(d, file) {
  const samples = { local: [], http: [] };
  let rss = 0;
  for (let r = 0; r < ROUNDS; r++) {
    for (const mode of r % 2 === 0 ? ['local', 'http'] : ['http', 'local']) {
      const { value, maxRssBytes } = await runChild(SCRIPT, [mode, file, d.url(`import_http_${mode}${r}`)]);
      if (value.fills !== ROWS) throw new Error(`${mode} imported ${value.fills} of ${ROWS} fills`);
      samples[mode].push(value.fills / (value.ms / 1000));
      if (mode === 'http') rss = Math.max(rss, maxRssBytes);
    }
  }
  const local = median(samples.local);
  const http = median(samples.http);
  console.error(
    `  [import-http ${d.db}] fills/s over HTTP ${samples.http.map(Math.round).join(', ')}; local ${samples.local.map(Math.round).join(', ')}; peak RSS ${fmtMiB(rss)}`,
  );
  return [
    atLeast(`import ${fmtInt(ROWS)} fills: POST /api/imports vs local`, d.db, {
      ours: `${fmtRate(http)} fills`,
      floor: `${fmtRate(local)} fills`,
      ratio: http / local,
      min: 0.7,
    }),
  ];
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tj-bench-import-http-'));
  const file = join(dir, 'fills.csv');
  try {
    await writeFills(file, ROWS);
    await runBench(
      'import-http',
      `Imports over HTTP vs the same import run locally (median of ${ROUNDS} alternating rounds; fills/s)`,
      (d) => perDatabase(d, file),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isChildProcess()) {
  const [mode, file, db] = process.argv.slice(2);
  await child(mode, file, db);
} else {
  await main();
}

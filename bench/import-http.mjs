#!/usr/bin/env node
// Imports over HTTP beside the same import run locally (`pnpm bench:import-http`, after `pnpm build`).
// One fills CSV of BENCH_ROWS executions (default 200,000) is imported into a fresh database twice
// per round: locally through core.imports.create (what `tj import` does on a local database), and
// as a streamed POST /api/imports to a server process on loopback (what the SDK and a logged-in
// `tj import` do). Rounds alternate the two, the median is printed with the server's peak RSS,
// on SQLite and on PostgreSQL (skipped with a notice when it is not reachable). Target: the HTTP
// import reaches at least 70% of the local one's rate. Figures only: nothing asserts a time.
//
//   node bench/import-http.mjs [--rows 200000] [--rounds 3]

import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isChildProcess, runChild, sendResult } from './lib/child.mjs';
import { benchPostgresUrl, benchSchemaName, dropSchemas, postgresReachable, redactUrl, schemaUrl } from './lib/postgres.mjs';
import { nowMs } from './lib/stats.mjs';
import { fmtInt, fmtMiB, fmtRate, printTable } from './lib/table.mjs';

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

async function main() {
  const { values } = parseArgs({ options: { rows: { type: 'string' }, rounds: { type: 'string' } } });
  const rows = Number(values.rows ?? process.env.BENCH_ROWS ?? 200_000);
  const rounds = Number(values.rounds ?? process.env.BENCH_ROUNDS ?? 3);
  const dir = mkdtempSync(join(tmpdir(), 'tj-bench-import-http-'));
  const file = join(dir, 'fills.csv');
  await writeFills(file, rows);
  const pgUrl = benchPostgresUrl();
  const pg = await postgresReachable(pgUrl);
  if (!pg.ok) console.log(`PostgreSQL at ${redactUrl(pgUrl)} not reachable (${pg.reason}): SQLite only`);
  const databases = [{ name: 'SQLite', db: (n) => join(dir, `${n}.db`) }];
  const schemas = [];
  if (pg.ok) {
    databases.push({
      name: 'PostgreSQL',
      db: (n) => {
        const schema = benchSchemaName(n);
        schemas.push(schema);
        return schemaUrl(pgUrl, schema);
      },
    });
  }
  const table = [];
  try {
    for (const d of databases) {
      const samples = { local: [], http: [] };
      let rss = 0;
      for (let r = 0; r < rounds; r++) {
        for (const mode of r % 2 === 0 ? ['local', 'http'] : ['http', 'local']) {
          const { value, maxRssBytes } = await runChild(SCRIPT, [mode, file, d.db(`${mode}${r}`)]);
          samples[mode].push(value.fills / (value.ms / 1000));
          if (mode === 'http') rss = Math.max(rss, maxRssBytes);
        }
      }
      const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const local = median(samples.local);
      const http = median(samples.http);
      table.push({
        figure: `${d.name}: import ${fmtInt(rows)} fills`,
        ours: `${fmtRate(http)} over HTTP`,
        floor: `${fmtRate(local)} local`,
        ratio: `${(http / local).toFixed(2)}`,
        target: '≥ 0.70',
        verdict: http / local >= 0.7 ? 'pass' : 'FAIL',
        rss: fmtMiB(rss),
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (schemas.length > 0) await dropSchemas(pgUrl, schemas);
  }
  printTable(
    [
      { key: 'figure', label: 'figure', align: 'left' },
      { key: 'ours', label: 'ours' },
      { key: 'floor', label: 'floor' },
      { key: 'ratio', label: 'ratio' },
      { key: 'target', label: 'target' },
      { key: 'verdict', label: 'pass/fail' },
      { key: 'rss', label: 'client+server peak RSS' },
    ],
    table,
    { title: `Imports over HTTP vs local (median of ${rounds} rounds; fills/s)` },
  );
}

if (isChildProcess()) {
  const [mode, file, db] = process.argv.slice(2);
  await child(mode, file, db);
} else {
  await main();
}

#!/usr/bin/env node
// Storage benchmark (`pnpm bench`, after `pnpm build`): loads N trades for one user into SQLite and
// PostgreSQL and prints, for each database, our path (core's real code) beside the floor (the same
// work as raw SQL through the driver) and their ratio: insert rate, single-create rate, list-page
// latency with total, statistics and dashboard latency over all trades, and peak RSS. Each
// database × path runs in its own child process, so each peak RSS is its own. It prints figures;
// nothing asserts a time.
//
//   node bench/storage.mjs [--trades N | --million] [--only sqlite|postgres] [--explain]
//                          [--batch 5000] [--creates 2000] [--alert-creates 10] [--calls 200] [--runs 5]
//                          [--instrument AAPL] [--seed 42] [--json results.json]
//
// PostgreSQL: TJ_BENCH_POSTGRES_URL, else TJ_TEST_POSTGRES_URL, else postgres://postgres@127.0.0.1:5432/test,
// in fresh schemas tj_bench_<pid> (ours) and tj_bench_<pid>_floor, dropped at the end.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isChildProcess, runChild, sendResult } from './lib/child.mjs';
import { benchPostgresUrl, benchSchemaName, dropSchemas, postgresReachable, redactUrl, schemaUrl } from './lib/postgres.mjs';
import { banner, fmtInt } from './lib/table.mjs';

const SCRIPT = fileURLToPath(import.meta.url);
const USER_ID = '01900000-0000-7000-8000-00000000b0b0';

function options() {
  const { values } = parseArgs({
    options: {
      trades: { type: 'string', default: '100000' },
      million: { type: 'boolean', default: false },
      only: { type: 'string' },
      explain: { type: 'boolean', default: false },
      batch: { type: 'string', default: '5000' },
      creates: { type: 'string', default: '2000' },
      'alert-creates': { type: 'string', default: '10' },
      calls: { type: 'string', default: '200' },
      runs: { type: 'string', default: '5' },
      instrument: { type: 'string', default: 'AAPL' },
      seed: { type: 'string', default: '42' },
      json: { type: 'string' },
      worker: { type: 'string' },
    },
  });
  const int = (name) => {
    const n = Number(values[name].replaceAll('_', ''));
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
    return n;
  };
  return {
    trades: values.million ? 1_000_000 : int('trades'),
    only: values.only,
    explain: values.explain,
    batch: Math.max(1, int('batch')),
    creates: int('creates'),
    alertCreates: int('alert-creates'),
    calls: Math.max(1, int('calls')),
    runs: Math.max(1, int('runs')),
    instrument: values.instrument,
    seed: int('seed'),
    json: values.json,
    worker: values.worker,
  };
}

async function worker(spec) {
  const opts = JSON.parse(spec);
  const { runPhases } = await import('./storage/worker.mjs');
  let subject;
  if (opts.path === 'ours') subject = (await import('./storage/ours.mjs')).ourSubject(opts);
  else if (opts.db === 'sqlite') subject = (await import('./storage/floor-sqlite.mjs')).sqliteFloorSubject(opts);
  else subject = (await import('./storage/floor-postgres.mjs')).postgresFloorSubject(opts);
  await sendResult(await runPhases(subject, opts));
}

async function runPath(base, path, target, schema) {
  const spec = { ...base, path, target, schema };
  try {
    const { value, maxRssBytes } = await runChild(SCRIPT, ['--worker', JSON.stringify(spec)]);
    return { ...value, maxRssBytes };
  } catch (e) {
    banner(`${base.db} ${path} failed: ${e instanceof Error ? e.message : e}`);
    return undefined;
  }
}

async function main() {
  const opts = options();
  if (opts.worker) return worker(opts.worker);
  const { printDatabase, printPlans } = await import('./storage/report.mjs');
  const base = { ...opts, userId: USER_ID, now: Date.now(), worker: undefined };
  const pgUrl = benchPostgresUrl();
  const dir = mkdtempSync(join(tmpdir(), 'tj-bench-'));
  const schemas = [benchSchemaName(), benchSchemaName('floor')];
  let pgUsed = false;
  const cleanup = async () => {
    rmSync(dir, { recursive: true, force: true });
    if (pgUsed) await dropSchemas(pgUrl, schemas);
  };
  process.once('SIGINT', () => cleanup().finally(() => process.exit(130)));

  console.log(`storage bench: ${fmtInt(opts.trades)} trades for one user, node ${process.version}, seed ${opts.seed}`);
  const results = {};
  try {
    if (!opts.only || opts.only === 'sqlite') {
      const b = { ...base, db: 'sqlite' };
      const ours = await runPath(b, 'ours', join(dir, 'ours.db'));
      const floor = await runPath(b, 'floor', join(dir, 'floor.db'));
      results.sqlite = { ours, floor };
      printDatabase(
        `SQLite (better-sqlite3, WAL, synchronous=NORMAL, temp file) — ${fmtInt(opts.trades)} trades`,
        ours,
        floor,
        opts,
      );
      if (opts.explain) printPlans('SQLite: EXPLAIN QUERY PLAN of the statements core sent', ours?.explain);
    }
    if (!opts.only || opts.only === 'postgres') {
      const reach = await postgresReachable(pgUrl);
      if (!reach.ok) {
        banner(`PostgreSQL SKIPPED: cannot reach ${redactUrl(pgUrl)} (${reach.reason}); set TJ_BENCH_POSTGRES_URL`);
      } else {
        pgUsed = true;
        const b = { ...base, db: 'postgres' };
        await dropSchemas(pgUrl, schemas);
        const ours = await runPath(b, 'ours', schemaUrl(pgUrl, schemas[0]), schemas[0]);
        const floor = await runPath(b, 'floor', schemaUrl(pgUrl, schemas[1]), schemas[1]);
        results.postgres = { ours, floor };
        printDatabase(
          `PostgreSQL (${redactUrl(pgUrl)}, schemas ${schemas.join(', ')}) — ${fmtInt(opts.trades)} trades`,
          ours,
          floor,
          opts,
        );
        if (opts.explain) printPlans('PostgreSQL: EXPLAIN (ANALYZE, BUFFERS) of the statements core sent', ours?.explain);
      }
    }
  } finally {
    await cleanup();
  }
  if (opts.json) writeFileSync(opts.json, `${JSON.stringify({ opts: base, results }, null, 2)}\n`);
  console.log('\nours/floor = how many times longer our path takes than the raw SQL floor (1.00x = no overhead).');
}

if (isChildProcess() || import.meta.url === `file://${process.argv[1]}` || process.argv[1] === SCRIPT) {
  main().catch((e) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  });
}

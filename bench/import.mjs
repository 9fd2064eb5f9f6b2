#!/usr/bin/env node
// Bulk import (`pnpm bench:import`, after `pnpm build`). Writes files of executions (our fills CSV;
// BENCH_IMPORT_FORMATS=fills,tradovate adds a Tradovate Fills export) at two sizes, the largest
// BENCH_SCALE (default 200,000) and half of it, and imports each, in a child process of its own
// (so its peak RSS is its own) into a fresh database:
//   ours   core.imports.create (what `tj import` calls: detection, CSV reading, dedup keys, FIFO
//          matching, validation, the trades, their executions and the import record in one
//          transaction);
//   floor  the same trades (read and matched beforehand by core's reader, untimed) and their
//          executions written raw in one transaction, timing only the writes: better-sqlite3
//          prepared multi-row INSERTs on SQLite, COPY FROM STDIN (pg-copy-streams) on PostgreSQL.
// Both databases are then counted: the same trades and executions. Ours and the floor run
// BENCH_IMPORT_RUNS (3) times at each size, alternating, each in a fresh process and
// database, and their medians count: a single peak RSS swings by ±10% with where the run ends in V8's
// garbage-collection cycle, and a single sub-second floor run by as much. Figures: ours ÷ floor in
// fills/s, target ≥ 0.30; memory: our median peak RSS at the small size ÷ at the large one, target
// ≥ 0.80 (flat). The small size is half the large one, not less: a run of fewer than about 100,000
// fills ends before V8's heap has grown to its steady collection cycle (the live heap stays at
// 22-26 MiB throughout, the collector lets the old generation fill to about four times that before
// a full collection), so its peak measures how far the collector got, not the import: peak RSS
// was 180-205 MiB at 40,000 fills and 230-266 MiB at 100,000, 200,000 and 1,000,000 alike.
//
//   BENCH_SCALE=1000000 BENCH_IMPORT_FORMATS=fills,tradovate node bench/import.mjs

import { createReadStream, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isChildProcess, runChild, sendResult } from './lib/child.mjs';
import { envInt, median, runBench } from './lib/databases.mjs';
import { atLeast } from './lib/figures.mjs';
import { rawDriver } from './lib/raw.mjs';
import { nowMs } from './lib/stats.mjs';
import { fmtInt, fmtMiB, fmtRate } from './lib/table.mjs';

const SCRIPT = fileURLToPath(import.meta.url);
const COST = { N: 1024, r: 8, p: 1 };
const USER = { email: 'bench@example.com', name: 'Bench', password: 'bench password' };
const SCALE = envInt('BENCH_SCALE', 200_000);
const SIZES = [...new Set([Math.max(1, Math.round(SCALE / 2)), SCALE])];
const FORMATS = (process.env.BENCH_IMPORT_FORMATS ?? 'fills').split(',');
const RUNS = Math.max(1, envInt('BENCH_IMPORT_RUNS', 3));
const log = (db, text) => console.error(`  [import ${db}] ${text}`);

/** A fresh database with the bench user; the user's id. */
async function databaseWithUser(url) {
  const { openStorage } = await import('@tj/core/storage');
  const { createCore } = await import('@tj/core');
  const storage = await openStorage(url);
  try {
    return (await createCore({ storage, auth: { passwordCost: COST } }).auth.createUser(USER)).id;
  } finally {
    await storage.close();
  }
}

/** In a child: ours (core.imports.create) or the floor, on `url`; sends { ms, trades }. */
async function child(kind, db, pgUrl, url, file) {
  const userId = await databaseWithUser(url);
  if (kind === 'floor') {
    const { floorImport } = await import('./import/floors.mjs');
    const r = await floorImport({ db, pgUrl }, url, file, userId);
    return sendResult({ ms: r.ms, trades: r.trades });
  }
  const { openStorage } = await import('@tj/core/storage');
  const { createCore } = await import('@tj/core');
  const storage = await openStorage(url);
  const source = { name: file, open: () => createReadStream(file, { highWaterMark: 256 * 1024 }) };
  const start = nowMs();
  const record = await createCore({ storage }).imports.create(userId, source, { sourceTz: 'UTC' });
  const ms = nowMs() - start;
  await storage.close();
  return sendResult({ ms, trades: record.counts.tradesCreated, format: record.format.name });
}

/** Rows of trades and executions in the database behind `url`. */
async function counts(d, url) {
  const raw = await rawDriver(d, url);
  try {
    const n = async (table) => Number((await raw.get(`n_${table}`, `SELECT count(*) AS n FROM ${table}`)).n);
    return { trades: await n('trades'), executions: await n('trade_executions') };
  } finally {
    await raw.close();
  }
}

async function perDatabase(d) {
  const { writeFills } = await import('./import/files.mjs');
  const rows = [];
  for (const layout of FORMATS) {
    const rss = {};
    for (const size of SIZES) {
      const file = join(tmpdir(), `tj-bench-import-${process.pid}-${layout}-${size}.csv`);
      await writeFills(file, layout, size, 7);
      log(d.db, `${fmtInt(size)} ${layout} rows written (${fmtMiB(statSync(file).size)}); importing…`);
      try {
        const run = async (kind, i = 0) => {
          const url = d.url(`import_${kind}_${layout}_${size}_${i}`);
          const r = await runChild(SCRIPT, ['--child', kind, d.db, d.pgUrl ?? '', url, file]);
          return { ...r.value, rss: r.maxRssBytes, counts: await counts(d, url) };
        };
        // Both sizes repeat: the memory figure compares a median peak RSS at each.
        const runs = { ours: [], floor: [] };
        for (let i = 0; i < RUNS; i++) for (const kind of ['ours', 'floor']) runs[kind].push(await run(kind, i));
        const medianOf = (list) => ({ ...list[0], ms: median(list.map((r) => r.ms)), rss: median(list.map((r) => r.rss)) });
        const ours = medianOf(runs.ours);
        const floor = medianOf(runs.floor);
        for (const kind of ['ours', 'floor'])
          log(
            d.db,
            `${kind} ${fmtInt(size)}: ${runs[kind].map((r) => `${(r.ms / 1000).toFixed(1)} s ${fmtMiB(r.rss)}`).join('; ')}`,
          );
        if (ours.counts.trades !== floor.counts.trades || ours.counts.executions !== floor.counts.executions)
          throw new Error(`ours wrote ${JSON.stringify(ours.counts)}, the floor ${JSON.stringify(floor.counts)}`);
        const o = (size / ours.ms) * 1000;
        const f = (size / floor.ms) * 1000;
        log(
          d.db,
          `${ours.format}: ${fmtInt(ours.counts.trades)} trades, ${fmtInt(ours.counts.executions)} executions; ours ${(ours.ms / 1000).toFixed(1)} s, ${fmtMiB(ours.rss)}; floor ${(floor.ms / 1000).toFixed(1)} s, ${fmtMiB(floor.rss)}`,
        );
        rss[size] = ours.rss;
        rows.push(
          atLeast(`import ${fmtInt(size)} ${layout} rows vs raw ${d.db === 'sqlite' ? 'INSERTs' : 'COPY'}`, d.db, {
            ours: `${fmtRate(o)} fills`,
            floor: `${fmtRate(f)} fills`,
            ratio: o / f,
            min: 0.3,
          }),
        );
      } finally {
        rmSync(file, { force: true });
      }
    }
    if (SIZES.length > 1) {
      const [small, large] = SIZES;
      rows.push(
        atLeast(`import peak RSS, ${layout}: ${fmtInt(small)} ÷ ${fmtInt(large)} fills`, d.db, {
          ours: fmtMiB(rss[large]),
          floor: `${fmtMiB(rss[small])} (small)`,
          ratio: rss[small] / rss[large],
          min: 0.8,
        }),
      );
    }
  }
  return rows;
}

if (isChildProcess() && process.argv[2] === '--child') {
  const [kind, db, pgUrl, url, file] = process.argv.slice(3);
  await child(kind, db, pgUrl, url, file);
} else {
  await runBench(
    'import',
    `Bulk import (core.imports.create, one transaction) vs raw writes of the same rows; sizes ${SIZES.map(fmtInt).join(' and ')}`,
    perDatabase,
  );
}

#!/usr/bin/env node
// Analytics over a large history (`pnpm bench:storage`, after `pnpm build`). Seeds BENCH_SCALE
// trades (default 1,000,000, ~88% closed) for one user through storage's insertMany (the bulk-import
// path), once per database (all databases at once, each seeded by a child process), and times on
// that one database:
//   COLD  core.analytics.statistics / .dashboard on a freshly opened storage and a fresh core
//         (nothing cached in the process), vs the floor: one raw
//         `SELECT SUM(result_micros), COUNT(*) … closed trades of the user` through the driver
//         (better-sqlite3 prepared statement / pg named query). Ratio = floor time ÷ our time,
//         target ≥ 0.33 (ours at most 3x the floor). Answers checked: our closed count and total
//         P&L equal the floor's.
//   WARM  the same call again on the same core, no write in between: p50 < 5 ms.
// Medians of BENCH_RUNS (default 3) cold runs, interleaved with the floor. Figures only.
//
//   BENCH_SCALE=1000000 BENCH_RUNS=3 node bench/storage.mjs

import { createCore } from '@tj/core';
import { toMicros } from '@tj/core/internal';
import { openStorage } from '@tj/core/storage';
import { fileURLToPath } from 'node:url';
import { isChildProcess, runChild, sendResult } from './lib/child.mjs';
import { envInt, median, runBench } from './lib/databases.mjs';
import { atLeast, atMost } from './lib/figures.mjs';
import { rawDriver } from './lib/raw.mjs';
import { analyze, seedTrades } from './lib/seed.mjs';
import { nowMs, timeOnce } from './lib/stats.mjs';
import { fmtInt, fmtMs, fmtRate } from './lib/table.mjs';

const SCRIPT = fileURLToPath(import.meta.url);
const TRADES = envInt('BENCH_SCALE', 1_000_000);
const RUNS = Math.max(1, envInt('BENCH_RUNS', 3));
const WARM_CALLS = 5;
const USER_ID = '01900000-0000-7000-8000-00000000b0b0';
const NOW = Date.parse('2026-11-20T21:00:00Z');
const log = (db, text) => console.error(`  [storage ${db}] ${text}`);

const floorSql = (p) =>
  `SELECT SUM(result_micros) AS pnl, COUNT(*) AS n FROM trades WHERE user_id = ${p(1)} AND exit_time IS NOT NULL`;

/** One cold call: a fresh storage and core (a cheap query opens the connection first), then `call`. */
async function cold(url, call) {
  const storage = await openStorage(url);
  try {
    await storage.repos.users.byId(USER_ID);
    return await timeOnce(() => call(createCore({ storage })));
  } finally {
    await storage.close();
  }
}

/** The same call repeated on one core after a first (cold) call: the warm p50. */
async function warm(url, call) {
  const storage = await openStorage(url);
  try {
    const core = createCore({ storage });
    await call(core);
    const samples = [];
    for (let i = 0; i < WARM_CALLS; i++) samples.push((await timeOnce(() => call(core))).ms);
    return median(samples);
  } finally {
    await storage.close();
  }
}

const ANALYTICS = {
  statistics: {
    call: (core) => core.analytics.statistics(USER_ID, {}),
    answer: (s) => ({ n: s.totalTrades, pnl: toMicros(s.totalPnL) }),
  },
  dashboard: {
    call: (core) => core.analytics.dashboard(USER_ID, {}),
    answer: (d) => ({ n: d.summary.totalTrades, pnl: toMicros(d.summary.totalPnL) }),
  },
};

/** In a child process: seeds `url` (then VACUUM ANALYZE on PostgreSQL) and sends the seeding time. */
async function seedChild(db, pgUrl, url) {
  const storage = await openStorage(url);
  try {
    const log1 = (t) => log(db, t);
    const s = await seedTrades(storage, { userId: USER_ID, count: TRADES, seed: 42, now: NOW, log: log1 });
    log1(`seeded ${fmtInt(TRADES)} trades in ${(s.ms / 1000).toFixed(1)} s (${fmtRate(s.rate)})`);
  } finally {
    await storage.close();
  }
  await analyze({ db, pgUrl }, url);
  await sendResult({});
}

/** The seeded database of each kind: every database is seeded at once, each by a process of its own. */
const seeded = new Map();
async function seedAll(dbs) {
  const t0 = nowMs();
  await Promise.all(
    dbs.map(async (d) => {
      const url = d.url('analytics');
      try {
        await runChild(SCRIPT, ['--seed', d.db, d.pgUrl ?? '', url]);
        seeded.set(d.db, url);
      } catch (e) {
        console.error(`  [storage ${d.db}] seeding failed: ${e instanceof Error ? e.message : e}`);
      }
    }),
  );
  console.error(`  [storage] seeding took ${((nowMs() - t0) / 1000).toFixed(1)} s`);
}

async function perDatabase(d) {
  const url = seeded.get(d.db);
  if (!url) throw new Error('seeding failed');
  const raw = await rawDriver(d, url);
  const floorRun = async () => {
    const t0 = nowMs();
    const r = await raw.get('floor_sum', floorSql(raw.p), [USER_ID]);
    return { ms: nowMs() - t0, answer: { n: Number(r.n), pnl: Number(r.pnl) } };
  };
  const rows = [];
  try {
    await floorRun();
    for (const [name, a] of Object.entries(ANALYTICS)) {
      const floors = [];
      const ours = [];
      for (let i = 0; i < RUNS; i++) {
        const f = await floorRun();
        floors.push(f.ms);
        const o = await cold(url, a.call);
        ours.push(o.ms);
        const got = a.answer(o.value);
        if (got.n !== f.answer.n || got.pnl !== f.answer.pnl)
          throw new Error(`${name}: ours ${JSON.stringify(got)} but the floor ${JSON.stringify(f.answer)}`);
      }
      const oursMs = median(ours);
      const floorMs = median(floors);
      log(d.db, `${name} cold ${ours.map(fmtMs).join(', ')}; floor ${floors.map(fmtMs).join(', ')}`);
      rows.push(
        atLeast(`${name}, cold, ${fmtInt(TRADES)} trades`, d.db, {
          ours: fmtMs(oursMs),
          floor: fmtMs(floorMs),
          ratio: floorMs / oursMs,
          min: 0.33,
        }),
      );
      const warmMs = await warm(url, a.call);
      rows.push(
        atMost(`${name}, warm (same call again)`, d.db, { ours: fmtMs(warmMs), value: warmMs, limit: 5, target: '< 5 ms' }),
      );
    }
  } finally {
    await raw.close();
  }
  return rows;
}

if (isChildProcess() && process.argv[2] === '--seed') {
  const [db, pgUrl, url] = process.argv.slice(3);
  await seedChild(db, pgUrl, url);
} else {
  await runBench(
    'storage',
    `Analytics over ${fmtInt(TRADES)} trades of one user: cold (fresh core) vs one SQL SUM/COUNT; warm p50 (medians of ${RUNS})`,
    perDatabase,
    { before: seedAll },
  );
}

#!/usr/bin/env node
// The cost of a close with every alert rule armed, against the user's trade count
// (`pnpm bench:alerts`, after `pnpm build`). One database holds two users: one with
// BENCH_ALERT_SMALL closed trades (default 1,000), one with BENCH_ALERT_LARGE (default 100,000),
// seeded through storage's insertMany. Each user arms one alert of every type (thresholds no close
// reaches, so the checks run but nothing fires) and gets BENCH_CLOSES (default 20) open trades; then
// core.trades.update closes them one at a time (exit after every seeded exit), alternating the two
// users. Figure: closes/s of the large user ÷ closes/s of the small one (from median latencies),
// target ≥ 0.80: a close must not cost more when the user has more trades. Figures only.
//
//   BENCH_ALERT_SMALL=1000 BENCH_ALERT_LARGE=100000 BENCH_CLOSES=20 node bench/alerts.mjs

import { createCore } from '@tj/core';
import { ALERT_TYPES } from '@tj/core/internal';
import { openStorage } from '@tj/core/storage';
import { envInt, median, runBench } from './lib/databases.mjs';
import { atLeast } from './lib/figures.mjs';
import { analyze, seedTrades } from './lib/seed.mjs';
import { timeOnce } from './lib/stats.mjs';
import { fmtInt, fmtRate } from './lib/table.mjs';

const SMALL = envInt('BENCH_ALERT_SMALL', 1_000);
const LARGE = envInt('BENCH_ALERT_LARGE', Math.min(100_000, envInt('BENCH_SCALE', 100_000)));
const CLOSES = Math.max(1, envInt('BENCH_CLOSES', 20));
const WARMUP = 3;
const NOW = Date.parse('2026-11-20T21:00:00Z');
const HOUR = 3_600_000;
const USERS = { small: '01900000-0000-7000-8000-00000000a001', large: '01900000-0000-7000-8000-00000000a002' };
/** Thresholds no bench close reaches: every check runs, none fires. */
const THRESHOLD = { maxConsecutiveLosses: 1_000_000, missingStopLoss: 0 };
/** What a type needs beside its threshold: a trailing drawdown its starting balance. */
const OPTIONS = { trailingDrawdown: { startingBalance: 1_000_000_000 } };
const log = (db, text) => console.error(`  [alerts ${db}] ${text}`);

/** Arms one alert of each type and opens `n` trades (entered after every seeded trade); their ids. */
async function prepare(core, userId, n) {
  for (const type of ALERT_TYPES)
    await core.alerts.create(userId, { name: type, type, threshold: THRESHOLD[type] ?? 1_000_000_000, ...OPTIONS[type] });
  const ids = [];
  for (let i = 0; i < n; i++) {
    const t = await core.trades.create(userId, {
      instrument: 'ES',
      direction: 'long',
      entryPrice: 5000,
      positionSize: 1,
      stopLoss: 4990,
      multiplier: 50,
      entryTime: new Date(NOW + HOUR + i * 60_000).toISOString(),
    });
    ids.push(t.id);
  }
  return ids;
}

/** Closes trade `i` (exits in order, after every seeded exit; winners and losers alternate). */
const close = (core, userId, id, i) =>
  core.trades.update(userId, id, {
    exitPrice: 5000 + (i % 2 === 0 ? 3 : -2),
    exitTime: new Date(NOW + 2 * HOUR + i * 60_000).toISOString(),
  });

async function perDatabase(d) {
  const url = d.url('alerts');
  const storage = await openStorage(url);
  try {
    for (const [name, count] of [
      ['small', SMALL],
      ['large', LARGE],
    ]) {
      const s = await seedTrades(storage, { userId: USERS[name], count, seed: 7, now: NOW, openShare: 0 });
      log(d.db, `seeded ${fmtInt(count)} trades for the ${name} user in ${(s.ms / 1000).toFixed(1)} s`);
    }
    await analyze(d, url);
    const core = createCore({ storage });
    const ids = {
      small: await prepare(core, USERS.small, WARMUP + CLOSES),
      large: await prepare(core, USERS.large, WARMUP + CLOSES),
    };
    const ms = { small: [], large: [] };
    for (let i = 0; i < WARMUP + CLOSES; i++) {
      for (const name of i % 2 === 0 ? ['small', 'large'] : ['large', 'small']) {
        const { ms: t } = await timeOnce(() => close(core, USERS[name], ids[name][i], i));
        if (i >= WARMUP) ms[name].push(t);
      }
    }
    const rate = (name) => 1000 / median(ms[name]);
    log(d.db, `close ms, small: ${ms.small.map((t) => t.toFixed(1)).join(' ')}`);
    log(d.db, `close ms, large: ${ms.large.map((t) => t.toFixed(1)).join(' ')}`);
    return [
      atLeast(`close, all ${ALERT_TYPES.length} alerts armed: ${fmtInt(LARGE)} vs ${fmtInt(SMALL)} trades`, d.db, {
        ours: `${fmtRate(rate('large'))} at ${fmtInt(LARGE)}`,
        floor: `${fmtRate(rate('small'))} at ${fmtInt(SMALL)}`,
        ratio: rate('large') / rate('small'),
        min: 0.8,
      }),
    ];
  } finally {
    await storage.close();
  }
}

await runBench(
  'alerts',
  `Closes with every alert rule armed (median of ${CLOSES} closes per user, alternating): large user ÷ small user`,
  perDatabase,
);

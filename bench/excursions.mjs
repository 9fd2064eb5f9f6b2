#!/usr/bin/env node
// Excursions of a year of trades (`pnpm bench:excursions`, after `pnpm build`): one user with
// BENCH_EXCURSION_TRADES closed trades (default 10,000; 5 to 120 minutes each) over BENCH_BAR_DAYS
// days of 1-minute bars (default 250 days × 1,440 = 360,000 bars, one complete stretch), seeded
// through storage. Ours: `core.excursions.recompute(userId)`: every trade's series chosen from the
// recorded stretches, its bars read, MAE/MFE/ETD computed exactly and stored (one transaction).
// Floor: reading once the bars those trades cover, with one prepared SQL range query per trade
// (raw driver, nothing computed, nothing written). Figure: floor time ÷ our time, target ≥ 0.33
// (at most 3× the floor). The first recompute writes every excursion; the figure is its time.
//
//   BENCH_EXCURSION_TRADES=10000 BENCH_BAR_DAYS=250 node bench/excursions.mjs

import { createCore, newTradeRow, storeBars } from '@tj/core/internal';
import { openStorage } from '@tj/core/storage';
import { envInt, runBench } from './lib/databases.mjs';
import { atLeast } from './lib/figures.mjs';
import { rawDriver } from './lib/raw.mjs';
import { analyze, rowDeps } from './lib/seed.mjs';
import { timeOnce } from './lib/stats.mjs';
import { fmtInt, fmtMs } from './lib/table.mjs';

const TRADES = envInt('BENCH_EXCURSION_TRADES', 10_000);
const DAYS = envInt('BENCH_BAR_DAYS', 250);
const USER = '01900000-0000-7000-8000-00000000e001';
const START = Date.parse('2026-01-05T00:00:00Z');
const MINUTE = 60_000;
const BARS = DAYS * 1440;
const log = (db, text) => console.error(`  [excursions ${db}] ${text}`);

/** A deterministic generator of numbers in [0, 1). */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A random walk of 1-minute bars, prices on a 0.25 tick. */
function* barBatches(size) {
  const rnd = random(11);
  let price = 5000;
  for (let i = 0; i < BARS; i += size) {
    const bars = [];
    for (let j = i; j < Math.min(BARS, i + size); j++) {
      const open = price;
      const close = Math.max(1, open + Math.round((rnd() - 0.5) * 8) * 0.25);
      const high = Math.max(open, close) + Math.round(rnd() * 4) * 0.25;
      const low = Math.min(open, close) - Math.round(rnd() * 4) * 0.25;
      bars.push({ time: START + j * MINUTE, open, high, low, close, volume: 100 });
      price = close;
    }
    yield bars;
  }
}

/** Closed trades spread over the bars: entry on a random second, 5 to 120 minutes held. */
function tradeBodies() {
  const rnd = random(29);
  const bodies = [];
  for (let i = 0; i < TRADES; i++) {
    const entry = START + Math.floor(rnd() * (BARS - 130) * MINUTE);
    const exit = entry + Math.floor((5 + rnd() * 115) * MINUTE);
    const long = i % 2 === 0;
    bodies.push({
      instrument: 'ES',
      direction: long ? 'long' : 'short',
      entryPrice: 5000,
      positionSize: 1 + (i % 3),
      multiplier: 50,
      stopLoss: long ? 4990 : 5010,
      entryTime: new Date(entry).toISOString(),
      exitPrice: 5000 + ((i % 7) - 3) * 0.25,
      exitTime: new Date(exit).toISOString(),
    });
  }
  return bodies;
}

async function seed(storage) {
  for (const bars of barBatches(10_000)) {
    const range = { from: bars[0].time, to: bars.at(-1).time + MINUTE, source: 'bench' };
    await storage.transaction((tx) => storeBars(tx, USER, { instrumentKey: 'ES', timeframe: 60, bars, range }, []));
  }
  const deps = rowDeps(5, START);
  const rows = tradeBodies().map((b) => newTradeRow(deps, USER, b));
  for (let i = 0; i < rows.length; i += 5000) await storage.transaction((tx) => tx.trades.insertMany(rows.slice(i, i + 5000)));
  return rows;
}

/** The floor: each trade's bars read with one prepared range query, nothing else. */
async function floor(raw, rows) {
  const p = raw.p;
  const sql = `SELECT time, open, high, low, close, volume FROM bars WHERE user_id = ${p(1)} AND instrument_key = ${p(2)} AND timeframe = ${p(3)} AND time >= ${p(4)} AND time < ${p(5)} ORDER BY time`;
  let bars = 0;
  for (const t of rows)
    bars += (await raw.all('excursion_bars', sql, [USER, 'ES', 60, t.entryTime - MINUTE + 1, t.exitTime])).length;
  return bars;
}

async function perDatabase(d) {
  const url = d.url('excursions');
  const storage = await openStorage(url);
  const raw = await rawDriver(d, url);
  try {
    const { ms: seedMs, value: rows } = await timeOnce(() => seed(storage));
    log(d.db, `seeded ${fmtInt(BARS)} bars and ${fmtInt(rows.length)} trades in ${(seedMs / 1000).toFixed(1)} s`);
    await analyze(d, url, ['trades', 'bars', 'bar_ranges']);
    const core = createCore({ storage });
    // Warm both paths' caches once (page cache, prepared statements) on a read of every bar.
    await floor(raw, rows.slice(0, 200));
    const { ms: floorMs, value: bars } = await timeOnce(() => floor(raw, rows));
    const { ms: oursMs, value: result } = await timeOnce(() => core.excursions.recompute(USER));
    log(d.db, `floor read ${fmtInt(bars)} bars in ${fmtMs(floorMs)}; recompute: ${JSON.stringify(result)} in ${fmtMs(oursMs)}`);
    if (result.changed !== rows.length) throw new Error(`expected ${rows.length} excursions written, got ${result.changed}`);
    return [
      atLeast(`excursions of ${fmtInt(TRADES)} trades over ${fmtInt(BARS)} 1-minute bars (≤ 3× floor)`, d.db, {
        ours: fmtMs(oursMs),
        floor: fmtMs(floorMs),
        ratio: floorMs / oursMs,
        min: 1 / 3,
      }),
    ];
  } finally {
    await raw.close();
    await storage.close();
  }
}

await runBench(
  'excursions',
  `Excursions: core.excursions.recompute (computed and stored) vs reading each trade's bars with one SQL range query`,
  perDatabase,
);

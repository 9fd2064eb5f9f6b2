// Loading many trades fast through the storage port (the path bulk imports take): rows built by
// core's newTradeRow from the deterministic bodies of trades.mjs, written with
// `tx.trades.insertMany` in transactions of `batch` rows. Whatever storage keeps beside the trades
// (counters, any state a newer schema adds) is kept exactly as an import keeps it.
//
//   await seedTrades(storage, { userId, count, seed, now, batch = 10000, spanDays, openShare, log })
//       -> { rows, ms, rate }
//   rowDeps(seed, now)     the { clock, ids } newTradeRow takes, deterministic for a seed
//   analyze(d, url)        PostgreSQL: VACUUM ANALYZE trades (what autovacuum does within a minute)

import { newTradeRow, uuidv7Generator } from '@tj/core/internal';
import { rawClient } from './postgres.mjs';
import { nowMs } from './stats.mjs';
import { fixedClock, inBatches, seededBytes, tradeBodies } from './trades.mjs';

/** The deps newTradeRow needs, deterministic for a seed. */
export function rowDeps(seed, now) {
  const clock = fixedClock(now);
  return { clock, ids: uuidv7Generator(clock, seededBytes(seed)) };
}

/** Inserts `count` deterministic trades of `userId` through storage's insertMany. */
export async function seedTrades(storage, { userId, count, seed, now, batch = 10_000, spanDays, openShare, log }) {
  const deps = rowDeps(seed, now);
  const t0 = nowMs();
  let done = 0;
  let nextLog = count / 4;
  for (const bodies of inBatches(tradeBodies({ count, seed, now, spanDays, openShare }), batch)) {
    const rows = bodies.map((b) => newTradeRow(deps, userId, b));
    await storage.transaction((tx) => tx.trades.insertMany(rows));
    done += rows.length;
    if (log && done >= nextLog && count >= 100_000) {
      log(`seeded ${done.toLocaleString('en-US')} trades`);
      nextLog += count / 4;
    }
  }
  const ms = nowMs() - t0;
  return { rows: done, ms, rate: (done / ms) * 1000 };
}

/**
 * On PostgreSQL, VACUUM ANALYZE `tables` (default: trades) of the schema behind `url`, as
 * autovacuum would on a server soon after a bulk write; the project's machines run PostgreSQL with
 * autovacuum off (conf.d/90-ci.conf), so without this the planner never sees the rows. Nothing on SQLite.
 */
export async function analyze(d, url, tables = ['trades']) {
  if (d.db !== 'postgres') return;
  const schema = new URL(url).searchParams.get('schema');
  const c = await rawClient(d.pgUrl, schema);
  try {
    for (const table of tables) await c.query(`VACUUM ANALYZE ${table}`);
  } finally {
    await c.end();
  }
}

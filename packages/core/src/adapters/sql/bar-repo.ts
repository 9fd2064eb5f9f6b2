import type { Bar } from '../../bars/types.js';
import type { BarRepo } from '../../storage/ports.js';
import { sql } from 'kysely';
import type { SqlCapabilities } from './capabilities.js';
import type { SqlContext } from './context.js';
import { runHot } from './hot-statements.js';

/** Bars written per statement: one statement text whatever the count (`SqlCapabilities.rowsTable`), prepared once. */
const CHUNK = 2000;

const BAR_COLUMNS = [
  ['time', 'bigint'],
  ['open', 'double precision'],
  ['high', 'double precision'],
  ['low', 'double precision'],
  ['close', 'double precision'],
  ['volume', 'double precision'],
] as const;

/**
 * The statement that stores bars not already held: one INSERT … SELECT from a table of rows (an
 * `unnest` of arrays on PostgreSQL, `json_each` on SQLite), its text the same for every batch, so
 * it is parsed and planned once; it hands back the start of each bar it inserted.
 */
function insertBars(caps: SqlCapabilities, userId: string, key: string, timeframe: number, rows: unknown[][]) {
  const table = caps.rowsTable('b', BAR_COLUMNS, rows);
  return sql<{ time: number }>`INSERT INTO bars (user_id, instrument_key, timeframe, time, open, high, low, close, volume)
    SELECT ${caps.typedParam(userId, 'uuid')}, ${caps.typedParam(key, 'text')}, ${caps.typedParam(timeframe, 'bigint')}, b.time, b.open, b.high, b.low, b.close, b.volume FROM ${table} WHERE true
    ON CONFLICT (user_id, instrument_key, timeframe, time) DO NOTHING RETURNING time`;
}

/** The user's price bars and the stretches they are complete over, on SQL. */
export function sqlBarRepo(ctx: SqlContext): BarRepo {
  const { db } = ctx;
  return {
    async insert(userId, instrumentKey, timeframe, bars) {
      let written = 0;
      for (let i = 0; i < bars.length; i += CHUNK) {
        const rows = bars.slice(i, i + CHUNK).map((b) => [b.time, b.open, b.high, b.low, b.close, b.volume]);
        written += (await runHot(ctx, insertBars(ctx.caps, userId, instrumentKey, timeframe, rows))).length;
      }
      return written;
    },
    async range(userId, instrumentKey, timeframe, from, to): Promise<Bar[]> {
      const rows = await db
        .selectFrom('bars')
        .select(['time', 'open', 'high', 'low', 'close', 'volume'])
        .where('user_id', '=', userId)
        .where('instrument_key', '=', instrumentKey)
        .where('timeframe', '=', timeframe)
        .where('time', '>=', from)
        .where('time', '<', to)
        .orderBy('time')
        .execute();
      return rows.map((r) => ({ ...r, time: Number(r.time) }));
    },
    async timeframes(userId, instrumentKey) {
      const rows = await db
        .selectFrom('bars')
        .select('timeframe')
        .distinct()
        .where('user_id', '=', userId)
        .where('instrument_key', '=', instrumentKey)
        .orderBy('timeframe')
        .execute();
      return rows.map((r) => Number(r.timeframe));
    },
    async addRange(userId, instrumentKey, timeframe, range) {
      await db
        .insertInto('bar_ranges')
        .values({
          user_id: userId,
          instrument_key: instrumentKey,
          timeframe,
          start_time: range.from,
          end_time: range.to,
          source: range.source,
        })
        .onConflict((oc) => oc.columns(['user_id', 'instrument_key', 'timeframe', 'start_time', 'end_time']).doNothing())
        .execute();
    },
    async ranges(userId, instrumentKey, timeframe, from, to) {
      const rows = await db
        .selectFrom('bar_ranges')
        .select(['start_time', 'end_time', 'source'])
        .where('user_id', '=', userId)
        .where('instrument_key', '=', instrumentKey)
        .where('timeframe', '=', timeframe)
        .where('start_time', '<', to)
        .where('end_time', '>', from)
        .orderBy('start_time')
        .execute();
      return rows.map((r) => ({ from: Number(r.start_time), to: Number(r.end_time), source: r.source }));
    },
    async series(userId) {
      const rows = await db
        .selectFrom('bars')
        .select((eb) => [
          'instrument_key',
          'timeframe',
          eb.fn.countAll<number>().as('count'),
          eb.fn.min('time').as('first'),
          eb.fn.max('time').as('last'),
        ])
        .where('user_id', '=', userId)
        .groupBy(['instrument_key', 'timeframe'])
        .orderBy('instrument_key')
        .orderBy('timeframe')
        .execute();
      return rows.map((r) => ({
        instrumentKey: r.instrument_key,
        timeframe: Number(r.timeframe),
        count: Number(r.count),
        first: Number(r.first),
        last: Number(r.last),
      }));
    },
    async delete(userId, instrumentKey, timeframe) {
      let bars = db.deleteFrom('bars').where('user_id', '=', userId).where('instrument_key', '=', instrumentKey);
      let ranges = db.deleteFrom('bar_ranges').where('user_id', '=', userId).where('instrument_key', '=', instrumentKey);
      if (timeframe !== undefined) {
        bars = bars.where('timeframe', '=', timeframe);
        ranges = ranges.where('timeframe', '=', timeframe);
      }
      await ranges.execute();
      return Number((await bars.executeTakeFirst()).numDeletedRows);
    },
  };
}

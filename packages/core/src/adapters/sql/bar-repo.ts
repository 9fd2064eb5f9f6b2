import type { Bar } from '../../market/bar.js';
import type { BarRepo } from '../../storage/ports.js';
import { sql } from 'kysely';
import type { SqlCapabilities } from './capabilities.js';
import type { SqlContext } from './context.js';
import { runHot } from './hot-statements.js';
import { hot } from './trade-query.js';

/** Bars written per unnest statement: one statement text whatever the count, prepared once. */
const CHUNK = 5000;
/** Bars per multi-row INSERT where those are the fastest way (SQLite): 900 parameters, under SQLite's 999 of old. */
const VALUES_CHUNK = 100;

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
 * `unnest` of one array a column), its text the same for every batch, so it is parsed and planned
 * once; it answers how many bars it inserted (a data-modifying WITH, so no row comes back a bar).
 */
function insertBars(caps: SqlCapabilities, userId: string, key: string, timeframe: number, rows: unknown[][]) {
  const table = caps.rowsTable('b', BAR_COLUMNS, rows);
  return sql<{ n: number | string }>`WITH inserted AS (
    INSERT INTO bars (user_id, instrument_key, timeframe, time, open, high, low, close, volume)
    SELECT ${caps.typedParam(userId, 'uuid')}, ${caps.typedParam(key, 'text')}, ${caps.typedParam(timeframe, 'bigint')}, b.time, b.open, b.high, b.low, b.close, b.volume FROM ${table}
    ON CONFLICT (user_id, instrument_key, timeframe, time) DO NOTHING RETURNING 1)
    SELECT count(*) AS n FROM inserted`;
}

/** Stores bars with the unnest statement (databases with a bulk path, `SqlCapabilities.insertRows`); answers how many were new. */
async function insertUnnest(
  ctx: SqlContext,
  userId: string,
  key: string,
  timeframe: number,
  bars: readonly Bar[],
): Promise<number> {
  let written = 0;
  for (let i = 0; i < bars.length; i += CHUNK) {
    const rows = bars.slice(i, i + CHUNK).map((b) => [b.time, b.open, b.high, b.low, b.close, b.volume]);
    const [counted] = await runHot(ctx, insertBars(ctx.caps, userId, key, timeframe, rows));
    written += Number(counted?.n ?? 0);
  }
  return written;
}

/**
 * Stores bars with prepared multi-row INSERTs of {@link VALUES_CHUNK} rows (the rest one by one,
 * so two statement texts serve every batch); answers how many were new.
 */
async function insertValues(
  ctx: SqlContext,
  userId: string,
  key: string,
  timeframe: number,
  bars: readonly Bar[],
): Promise<number> {
  let written = 0;
  for (let i = 0; i < bars.length; ) {
    const n = bars.length - i >= VALUES_CHUNK ? VALUES_CHUNK : 1;
    const part = bars.slice(i, i + n);
    const params: unknown[] = new Array(n * 9);
    let k = 0;
    for (const b of part) {
      params[k++] = userId;
      params[k++] = key;
      params[k++] = timeframe;
      params[k++] = b.time;
      params[k++] = b.open;
      params[k++] = b.high;
      params[k++] = b.low;
      params[k++] = b.close;
      params[k++] = b.volume;
    }
    const rows = await hot(ctx, `bars:insert:${n}`, params, () =>
      ctx.db
        .insertInto('bars')
        .values(part.map((b) => ({ user_id: userId, instrument_key: key, timeframe, ...b })))
        .onConflict((oc) => oc.columns(['user_id', 'instrument_key', 'timeframe', 'time']).doNothing())
        .returning('time'),
    );
    written += rows.length;
    i += n;
  }
  return written;
}

/** The user's price bars and the stretches they are complete over, on SQL. */
export function sqlBarRepo(ctx: SqlContext): BarRepo {
  const { db } = ctx;
  return {
    async insert(userId, instrumentKey, timeframe, bars) {
      return ctx.caps.insertRows
        ? insertUnnest(ctx, userId, instrumentKey, timeframe, bars)
        : insertValues(ctx, userId, instrumentKey, timeframe, bars);
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
    async seriesRanges(userId, instrumentKey) {
      const rows = await db
        .selectFrom('bar_ranges')
        .select(['timeframe', 'start_time', 'end_time', 'source'])
        .where('user_id', '=', userId)
        .where('instrument_key', '=', instrumentKey)
        .orderBy('timeframe')
        .orderBy('start_time')
        .execute();
      return rows.map((r) => ({
        timeframe: Number(r.timeframe),
        from: Number(r.start_time),
        to: Number(r.end_time),
        source: r.source,
      }));
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

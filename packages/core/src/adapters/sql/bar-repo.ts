import type { Bar } from '../../bars/types.js';
import type { BarRepo } from '../../storage/ports.js';
import type { SqlContext } from './context.js';

/** Bars written per statement (9 parameters each, under SQLite's and PostgreSQL's limits). */
const CHUNK = 1000;

/** The user's price bars and the stretches they are complete over, on SQL. */
export function sqlBarRepo({ db }: SqlContext): BarRepo {
  return {
    async insert(userId, instrumentKey, timeframe, bars) {
      let written = 0;
      for (let i = 0; i < bars.length; i += CHUNK) {
        const values = bars.slice(i, i + CHUNK).map((b) => ({
          user_id: userId,
          instrument_key: instrumentKey,
          timeframe,
          time: b.time,
          open: b.open,
          high: b.high,
          low: b.low,
          close: b.close,
          volume: b.volume,
        }));
        const result = await db
          .insertInto('bars')
          .values(values)
          .onConflict((oc) => oc.columns(['user_id', 'instrument_key', 'timeframe', 'time']).doNothing())
          .executeTakeFirst();
        written += Number(result.numInsertedOrUpdatedRows ?? 0);
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

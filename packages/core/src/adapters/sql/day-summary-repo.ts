import { sql } from 'kysely';
import type { TradeDayRepo } from '../../storage/ports.js';
import type { SqlContext } from './context.js';
import { stateOf } from '../../summaries/day-fields.js';
import { rewriteDays } from './day-summaries.js';
import { outcomeCount } from './outcome-sql.js';

/** The day summaries of closed trades (migration 25) and the per-day tallies of a recent window. */
export function sqlTradeDayRepo(ctx: SqlContext): TradeDayRepo {
  const { db, caps } = ctx;
  return {
    async list(userId) {
      const rows = await db.selectFrom('trade_day_summaries').selectAll().where('user_id', '=', userId).orderBy('day').execute();
      return rows.map((r) => ({ ...stateOf(r), fieldsVersion: r.fields_version }));
    },
    async rebuild(userId) {
      // Trade writes bump the user's counters before they recompute their days, so holding the
      // counters' row keeps a concurrent write from interleaving with the rebuild.
      if (ctx.inTransaction && caps.rowLocks) {
        await db.selectFrom('trade_counts').select('user_id').where('user_id', '=', userId).forUpdate().execute();
      }
      await rewriteDays(db, caps, userId);
    },
    async tallies(userId, spans) {
      if (spans.length === 0) return [];
      const sum = sql.raw(caps.overflowSafeSum);
      const parts = spans.map(
        (s, i) => sql`SELECT ${sql.lit(i)} AS span, (exit_time - CAST(${s.from} AS BIGINT)) / ${sql.lit(s.dayMs)} AS day,
          COUNT(*) AS n, SUM(${outcomeCount('result_micros', 1)}) AS w,
          SUM(${outcomeCount('result_micros', -1)}) AS l, ${sum}(result_micros) AS pnl
          FROM trades WHERE user_id = ${userId} AND exit_time >= CAST(${s.from} AS BIGINT)
          AND exit_time < CAST(${s.from + s.days * s.dayMs} AS BIGINT) GROUP BY 1, 2`,
      );
      const { rows } = await sql<Record<'span' | 'day' | 'n' | 'w' | 'l' | 'pnl', number | string>>`${sql.join(
        parts,
        sql` UNION ALL `,
      )}`.execute(db);
      return rows.map((r) => ({
        span: Number(r.span),
        day: Number(r.day),
        trades: Number(r.n),
        wins: Number(r.w),
        losses: Number(r.l),
        pnl: Number(r.pnl),
      }));
    },
  };
}

import { sql } from 'kysely';
import type { ExcursionRepo } from '../../storage/ports.js';
import type { SqlContext } from './context.js';
import { executionFromRecord } from './execution-repo.js';
import { TRADE_COLUMNS, tradeFromRecord } from './trade-mapping.js';
import { applyQuery } from './trade-query.js';

/** Trade ids per executions read (parameters stay under both databases' limits). */
const IDS_CHUNK = 500;

/** What excursions read beside the trade repository, on SQL. */
export function sqlExcursionRepo({ db, caps }: SqlContext): ExcursionRepo {
  return {
    async closedTrades(userId, afterId, limit) {
      let q = db.selectFrom('trades').select(TRADE_COLUMNS).where('user_id', '=', userId).where('exit_time', 'is not', null);
      if (afterId !== null) q = q.where('id', '>', afterId);
      const rows = await q.orderBy('id').limit(limit).execute();
      return rows.map((r) => tradeFromRecord(r, userId));
    },
    async closedOverlapping(userId, instrumentKey, from, to) {
      const key = instrumentKey.toLowerCase();
      const prefix = `${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .selectFrom('trades')
        .select(TRADE_COLUMNS)
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('instrument_key', '=', key), sql<boolean>`instrument_key LIKE ${prefix} ESCAPE '\\'`]))
        .where('exit_time', '>=', from)
        .where('entry_time', '<', to)
        .orderBy('id')
        .execute();
      return rows.map((r) => tradeFromRecord(r, userId));
    },
    async executions(userId, tradeIds) {
      const out = [];
      for (let i = 0; i < tradeIds.length; i += IDS_CHUNK) {
        const rows = await db
          .selectFrom('trade_executions')
          .selectAll()
          .where('user_id', '=', userId)
          .where('trade_id', 'in', tradeIds.slice(i, i + IDS_CHUNK))
          .orderBy('trade_id')
          .orderBy('seq')
          .execute();
        out.push(...rows.map(executionFromRecord));
      }
      return out;
    },
    async sums(userId, query, maeR) {
      const none = {
        trades: 0,
        maeMicros: 0,
        mfeMicros: 0,
        etdMicros: 0,
        rTrades: 0,
        maeRScaled: 0n,
        mfeRScaled: 0n,
        winnersWithR: 0,
        winnersBeyond: 0,
      };
      if (query.status === 'open') return none;
      // R figures carry 8 decimals: × 1e8 rounds to the exact integer, so both databases sum the same.
      const scaled = (column: 'mae_r' | 'mfe_r') =>
        sql<string | number | null>`SUM(CAST(ROUND(${sql.ref(column)} * 100000000) AS BIGINT))`;
      const r = await applyQuery(db.selectFrom('trades'), userId, { ...query, status: undefined }, caps)
        .where('exit_time', 'is not', null)
        .select([
          sql<number>`COUNT(mae_micros)`.as('n'),
          sql<string | number | null>`SUM(mae_micros)`.as('mae'),
          sql<string | number | null>`SUM(mfe_micros)`.as('mfe'),
          sql<string | number | null>`SUM(etd_micros)`.as('etd'),
          sql<number>`COUNT(mae_r)`.as('nr'),
          scaled('mae_r').as('mae_r'),
          scaled('mfe_r').as('mfe_r'),
          sql<number>`COUNT(CASE WHEN result_micros > 0 AND mae_r IS NOT NULL THEN 1 END)`.as('winners'),
          sql<number>`COUNT(CASE WHEN result_micros > 0 AND mae_r < ${-maeR} THEN 1 END)`.as('beyond'),
        ])
        .executeTakeFirst();
      if (r === undefined) return none;
      return {
        trades: Number(r.n),
        maeMicros: Number(r.mae ?? 0),
        mfeMicros: Number(r.mfe ?? 0),
        etdMicros: Number(r.etd ?? 0),
        rTrades: Number(r.nr),
        maeRScaled: BigInt(r.mae_r ?? 0),
        mfeRScaled: BigInt(r.mfe_r ?? 0),
        winnersWithR: Number(r.winners),
        winnersBeyond: Number(r.beyond),
      };
    },
  };
}

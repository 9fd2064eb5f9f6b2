import { sql } from 'kysely';
import type { ExcursionRepo } from '../../storage/ports.js';
import type { SqlContext } from './context.js';
import { executionFromRecord } from './execution-repo.js';
import { TRADE_COLUMNS, tradeFromRecord } from './trade-mapping.js';

/** Trade ids per executions read (parameters stay under both databases' limits). */
const IDS_CHUNK = 500;

/** What excursions read beside the trade repository, on SQL. */
export function sqlExcursionRepo({ db }: SqlContext): ExcursionRepo {
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
  };
}

import type { Kysely } from 'kysely';
import type { ExcursionPointRow, TradeQuery } from '../../storage/ports.js';
import type { SqlCapabilities } from './capabilities.js';
import type { Database } from './schema.js';
import { applyQuery } from './trade-query.js';

/** The closed trades of a query that have an MAE, latest exit first, at most `limit`. */
export async function excursionPoints(
  db: Kysely<Database>,
  userId: string,
  query: TradeQuery,
  caps: SqlCapabilities,
  limit: number,
): Promise<ExcursionPointRow[]> {
  if (query.status === 'open') return [];
  const rows = await applyQuery(db.selectFrom('trades'), userId, { ...query, status: undefined }, caps)
    .select(['id', 'instrument', 'mae_micros', 'mae_r', 'result_micros', 'r_multiple'])
    .where('exit_time', 'is not', null)
    .where('mae_micros', 'is not', null)
    .orderBy('exit_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    instrument: r.instrument,
    maeMicros: Number(r.mae_micros),
    maeR: r.mae_r,
    resultMicros: Number(r.result_micros ?? 0),
    rMultiple: r.r_multiple,
  }));
}

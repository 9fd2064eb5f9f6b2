import type { Kysely } from 'kysely';
import type { PartialExitTrade, TradeQuery } from '../../storage/ports.js';
import type { SqlCapabilities } from './capabilities.js';
import type { Database } from './schema.js';
import { partialExitsOf } from './trade-mapping.js';
import { applyQuery } from './trade-query.js';

/**
 * The query's trades with partial exits (see the port's `partialExits`): the list's where-builder
 * without the exit range, plus `partial_exits IS NOT NULL` (the partial index of migration 29)
 * and the bounds of a trade that may have booked in [exitFrom, exitTo): a partial exit comes
 * after the entry and before the close.
 */
export async function partialExitTrades(
  db: Kysely<Database>,
  userId: string,
  query: TradeQuery,
  caps: SqlCapabilities,
): Promise<PartialExitTrade[]> {
  const { exitFrom, exitTo } = query;
  let q = applyQuery(db.selectFrom('trades'), userId, { ...query, exitFrom: undefined, exitTo: undefined }, caps)
    .select(['id', 'account', 'currency', 'fx_rate', 'fx_base', 'exit_time', 'realized_micros', 'partial_exits'])
    .where('partial_exits', 'is not', null);
  if (exitTo !== undefined) q = q.where('entry_time', '<', exitTo);
  if (exitFrom !== undefined) q = q.where((eb) => eb.or([eb('exit_time', 'is', null), eb('exit_time', '>=', exitFrom)]));
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    account: r.account,
    currency: r.currency,
    fxRate: r.fx_rate,
    fxBase: r.fx_base,
    exitTime: r.exit_time === null ? null : Number(r.exit_time),
    realizedMicros: Number(r.realized_micros),
    partialExits: partialExitsOf(r.partial_exits),
  }));
}

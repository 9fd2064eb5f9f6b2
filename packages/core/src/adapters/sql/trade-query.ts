import type { SelectQueryBuilder } from 'kysely';
import type { TradeQuery } from '../../storage/ports.js';
import { compiledQueryCache } from './compiled-cache.js';
import type { SqlCapabilities } from './capabilities.js';
import type { Database } from './schema.js';

/** A select over the trades table. */
export type TradeSelect<O> = SelectQueryBuilder<Database, 'trades', O>;

/**
 * Applies a storage TradeQuery to a select: the user, instrument, time ranges, status, account,
 * class, setup, tag, strategy (null: none) and id range.
 */
export function applyQuery<O>(q: TradeSelect<O>, userId: string, query: TradeQuery, caps: SqlCapabilities): TradeSelect<O> {
  let r = q.where('user_id', '=', userId);
  if (query.instrument !== undefined) r = r.where('instrument_key', '=', query.instrument.toLowerCase());
  if (query.entryFrom !== undefined) r = r.where('entry_time', '>=', query.entryFrom);
  if (query.entryTo !== undefined) r = r.where('entry_time', '<', query.entryTo);
  if (query.status !== undefined) r = r.where('status', '=', query.status);
  if (query.exitFrom !== undefined) r = r.where('exit_time', '>=', query.exitFrom);
  if (query.exitTo !== undefined) r = r.where('exit_time', '<', query.exitTo);
  if (query.account !== undefined) r = r.where('account', '=', query.account);
  if (query.assetClass !== undefined) r = r.where('asset_class', '=', query.assetClass);
  if (query.setup !== undefined) r = r.where('setup_type', '=', query.setup);
  const tag = query.tag;
  if (tag !== undefined) r = r.where(() => caps.jsonArrayHas('trades.tags', tag));
  if (query.strategy === null) r = r.where('strategy', 'is', null);
  else if (query.strategy !== undefined) r = r.where('strategy', '=', query.strategy);
  if (query.idFrom !== undefined) r = r.where('id', '>=', query.idFrom);
  if (query.idTo !== undefined) r = r.where('id', '<=', query.idTo);
  return r;
}

/**
 * The optional filters of a TradeQuery in the order `applyQuery` binds them; a filter that binds
 * no value (strategy null: `is null`) is `null`.
 */
function filterValues(query: TradeQuery): unknown[] {
  const { instrument, entryFrom, entryTo, status, exitFrom, exitTo, account, assetClass, setup, tag, strategy, idFrom, idTo } =
    query;
  const lower = instrument?.toLowerCase();
  return [lower, entryFrom, entryTo, status, exitFrom, exitTo, account, assetClass, setup, tag, strategy, idFrom, idTo];
}

/** The process-wide cache of compiled trade queries. */
export const hot = compiledQueryCache();

/** Which filters a query uses: the key of its compiled SQL. */
export function shapeOf(query: TradeQuery): string {
  return filterValues(query)
    .map((v) => (v === undefined ? '0' : v === null ? '2' : '1'))
    .join('');
}

/** The parameters `applyQuery` binds, in the order it binds them. */
export function paramsOf(userId: string, query: TradeQuery): unknown[] {
  return [userId, ...filterValues(query).filter((v) => v !== undefined && v !== null)];
}

/** True when the counters table can answer the count (no filter but status). */
export function countersAnswer(query: TradeQuery): boolean {
  return filterValues({ ...query, status: undefined }).every((v) => v === undefined);
}

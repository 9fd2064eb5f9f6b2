import type { SelectQueryBuilder } from 'kysely';
import type { TradeQuery } from '../../storage/ports.js';
import { compiledQueryCache } from './compiled-cache.js';
import type { Database } from './schema.js';

/** A select over the trades table. */
export type TradeSelect<O> = SelectQueryBuilder<Database, 'trades', O>;

/** Applies a storage TradeQuery to a select: the user, instrument, time ranges and status. */
export function applyQuery<O>(q: TradeSelect<O>, userId: string, query: TradeQuery): TradeSelect<O> {
  let r = q.where('user_id', '=', userId);
  if (query.instrument !== undefined) r = r.where('instrument_key', '=', query.instrument.toLowerCase());
  if (query.entryFrom !== undefined) r = r.where('entry_time', '>=', query.entryFrom);
  if (query.entryTo !== undefined) r = r.where('entry_time', '<', query.entryTo);
  if (query.status !== undefined) r = r.where('status', '=', query.status);
  if (query.exitFrom !== undefined) r = r.where('exit_time', '>=', query.exitFrom);
  if (query.exitTo !== undefined) r = r.where('exit_time', '<', query.exitTo);
  return r;
}

/** The process-wide cache of compiled trade queries. */
export const hot = compiledQueryCache();

/** Which filters a query uses: the key of its compiled SQL. */
export function shapeOf(query: TradeQuery): string {
  const { instrument, entryFrom, entryTo, status, exitFrom, exitTo } = query;
  return [instrument, entryFrom, entryTo, status, exitFrom, exitTo].map((v) => (v === undefined ? '0' : '1')).join('');
}

/** The parameters `applyQuery` binds, in the order it binds them. */
export function paramsOf(userId: string, query: TradeQuery): unknown[] {
  const params: unknown[] = [userId];
  if (query.instrument !== undefined) params.push(query.instrument.toLowerCase());
  if (query.entryFrom !== undefined) params.push(query.entryFrom);
  if (query.entryTo !== undefined) params.push(query.entryTo);
  if (query.status !== undefined) params.push(query.status);
  if (query.exitFrom !== undefined) params.push(query.exitFrom);
  if (query.exitTo !== undefined) params.push(query.exitTo);
  return params;
}

/** True when the counters table can answer the count (no instrument or date filter). */
export function countersAnswer(query: TradeQuery): boolean {
  return (
    query.instrument === undefined &&
    query.entryFrom === undefined &&
    query.entryTo === undefined &&
    query.exitFrom === undefined &&
    query.exitTo === undefined
  );
}

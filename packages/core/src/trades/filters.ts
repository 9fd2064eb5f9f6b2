import type { TradeFilter, TradeSelection } from '../schemas/trade.js';
import { DAY_MS } from '../shared/calendar.js';
import { idPrefixRange } from '../shared/id-prefix.js';
import type { TradeQuery } from '../storage/ports.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Start of a date filter in ms: a date-only value starts at 00:00 UTC. */
export function filterStart(value: string): number {
  return DATE_ONLY.test(value) ? Date.parse(`${value}T00:00:00.000Z`) : Date.parse(value);
}

/** Exclusive end of a date filter in ms: a date-only value covers its whole UTC day. */
export function filterEnd(value: string): number {
  return DATE_ONLY.test(value) ? Date.parse(`${value}T00:00:00.000Z`) + DAY_MS : Date.parse(value) + 1;
}

/** The trade selection every analytic takes (instrument, account, class, setup, tag) in storage terms. */
export function selectionOf(q: TradeSelection): TradeQuery {
  return { instrument: q.instrument, account: q.account, assetClass: q.assetClass, setup: q.setup, tag: q.tag };
}

/** The list/statistics filter in storage terms (entry-time range, status, selection, id prefix). */
export function tradeQueryOf(filter: TradeFilter & { idPrefix?: string | undefined }): TradeQuery {
  const ids = filter.idPrefix === undefined ? undefined : idPrefixRange(filter.idPrefix);
  return {
    ...selectionOf(filter),
    entryFrom: filter.dateFrom === undefined ? undefined : filterStart(filter.dateFrom),
    entryTo: filter.dateTo === undefined ? undefined : filterEnd(filter.dateTo),
    status: filter.status === 'all' ? undefined : filter.status,
    ...(ids && { idFrom: ids.from, idTo: ids.to }),
  };
}

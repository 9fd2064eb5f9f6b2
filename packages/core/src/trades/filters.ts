import type { TradeFilter } from '../schemas/trade.js';
import { DAY_MS } from '../shared/calendar.js';
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

/** The list/statistics filter in storage terms (entry-time range, status, instrument). */
export function tradeQueryOf(filter: TradeFilter): TradeQuery {
  return {
    instrument: filter.instrument,
    entryFrom: filter.dateFrom === undefined ? undefined : filterStart(filter.dateFrom),
    entryTo: filter.dateTo === undefined ? undefined : filterEnd(filter.dateTo),
    status: filter.status === 'all' ? undefined : filter.status,
  };
}

import type { TradeFilter, TradeSelection } from '@tj/schemas';
import { parseDayKey } from '../shared/calendar.js';
import { idPrefixRange } from '../shared/id-prefix.js';
import { type TradingDayClock, tradingDayClock } from '../shared/trading-day.js';
import { readSettings } from '../settings/read.js';
import type { Repositories, TradeQuery } from '../storage/ports.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const UTC_DAYS = tradingDayClock('UTC', null);

/** True when a date filter is a date alone (a whole trading day), not a date-time. */
export function isDateOnly(value: string | undefined): boolean {
  return value !== undefined && DATE_ONLY.test(value);
}

/** Start of a date filter in ms: a date-only value starts with its trading day under `days` (default: 00:00 UTC). */
export function filterStart(value: string, days: TradingDayClock = UTC_DAYS): number {
  const day = DATE_ONLY.test(value) ? parseDayKey(value) : null;
  return day === null ? Date.parse(value) : days.startOf(day);
}

/** Exclusive end of a date filter in ms: a date-only value covers its whole trading day under `days`. */
export function filterEnd(value: string, days: TradingDayClock = UTC_DAYS): number {
  const day = DATE_ONLY.test(value) ? parseDayKey(value) : null;
  return day === null ? Date.parse(value) + 1 : days.startOf(day + 1);
}

/**
 * The trade selection every analytic takes (instrument, account, class, setup, tag, strategy) in
 * storage terms; strategy `none` is null (the trades without one).
 */
export function selectionOf(q: TradeSelection): TradeQuery {
  const { instrument, account, assetClass, setup, tag } = q;
  const strategy = q.strategy === 'none' ? null : q.strategy;
  return { instrument, account, assetClass, setup, tag, strategy };
}

/** A list/statistics filter, with the zone of its date-only values. */
export type DatedFilter = TradeFilter & { idPrefix?: string | undefined; tz?: string | undefined };

/**
 * The list/statistics filter in storage terms (entry-time range, status, selection, id prefix);
 * date-only values are whole trading days under `days` (default: UTC days).
 */
export function tradeQueryOf(filter: DatedFilter, days: TradingDayClock = UTC_DAYS): TradeQuery {
  const ids = filter.idPrefix === undefined ? undefined : idPrefixRange(filter.idPrefix);
  return {
    ...selectionOf(filter),
    entryFrom: filter.dateFrom === undefined ? undefined : filterStart(filter.dateFrom, days),
    entryTo: filter.dateTo === undefined ? undefined : filterEnd(filter.dateTo, days),
    status: filter.status === 'all' ? undefined : filter.status,
    ...(ids && { idFrom: ids.from, idTo: ids.to }),
  };
}

/**
 * The clock of a filter's date-only values: the trading day of the user's settings (of the
 * filtered account when it has its own) with `tz` as the default zone; the settings are read
 * only when a date-only value is present.
 */
export async function filterClock(repos: Repositories, userId: string, filter: DatedFilter): Promise<TradingDayClock> {
  const tz = filter.tz ?? 'UTC';
  if (!isDateOnly(filter.dateFrom) && !isDateOnly(filter.dateTo)) return tradingDayClock(tz, null);
  const settings = await readSettings(repos, userId);
  const own = filter.account === undefined ? undefined : settings.accounts[filter.account]?.tradingDayStart;
  return tradingDayClock(tz, own ?? settings.tradingDayStart);
}

/** {@link tradeQueryOf} with date-only values read as the user's trading days in the filter's `tz`. */
export async function tradeQueryFor(repos: Repositories, userId: string, filter: DatedFilter): Promise<TradeQuery> {
  return tradeQueryOf(filter, await filterClock(repos, userId, filter));
}

import type { Settings, TradingDayStart } from '@tj/schemas';
import { DAY_MS, getCalendar } from './calendar.js';

const HALF_DAY_MS = DAY_MS / 2;
/** Within this of a day's start a DST change (at most 2 h anywhere) can move an instant across it. */
const NEAR_START_MS = 3 * 3_600_000;

/** Which trading day an instant belongs to under one trading day start. */
export interface TradingDayClock {
  /** The trading day (a civil day number: days since 1970-01-01) of an instant. */
  dayOf(utcMs: number): number;
  /** UTC ms of the first instant of a trading day. */
  startOf(day: number): number;
}

/** Trading days of a user: their own start, and accounts with a start of their own. */
export interface TradingDays {
  /** The user's clock (also every account without its own start). */
  readonly user: TradingDayClock;
  /** True when some account has a start of its own. */
  readonly perAccount: boolean;
  /** The clock of an account (the user's when the account has none). */
  clock(account: string | null | undefined): TradingDayClock;
  /** The trading day of a trade's instant under its account's clock. */
  dayOf(utcMs: number, account: string | null): number;
  /** First instant of `day` under the earliest clock, and end of `day` (exclusive) under the latest: a range holding every trade of those days. */
  span(fromDay: number, toDay: number): { from: number; to: number };
}

/**
 * The clock of a trading day start: `time` in `timeZone` (`tz` when null), midnight in `tz`
 * without a start. A start at 12:00 or earlier names the day by the date it starts on; a later
 * one (an evening open) by the date it ends on. Wall-clock based, so 17:00 stays 17:00 across
 * a DST change; a start inside a repeated hour is its first instance, inside a skipped hour the
 * end of the gap, and an instant belongs to the day whose [startOf(d), startOf(d + 1)) holds it.
 *
 * @example tradingDayClock('UTC', { time: '17:00', timeZone: 'America/Chicago' }).dayOf(Date.parse('2026-11-20T23:30:00Z')) // the day 2026-11-21
 */
export function tradingDayClock(tz: string, start: TradingDayStart | null | undefined): TradingDayClock {
  const cal = getCalendar(start?.timeZone ?? tz);
  const [h, m] = (start?.time ?? '00:00').split(':').map(Number) as [number, number];
  const t = h * 3_600_000 + m * 60_000;
  if (t === 0) return { dayOf: (u) => cal.civilDay(u), startOf: (d) => cal.startOfDay(d) };
  const shift = t <= HALF_DAY_MS ? -t : DAY_MS - t;
  const startOf = (d: number) => cal.startOfLocal(d * DAY_MS - shift);
  return {
    dayOf(u) {
      const local = u + cal.offsetAt(u) + shift;
      const d = Math.floor(local / DAY_MS);
      const r = local - d * DAY_MS;
      // The wall clock decides, unless `u` is near the day's start and the offset changes within a
      // day of it: then it repeats (or skips) an hour, and the day's bounds decide, as every path reads them.
      if ((r >= NEAR_START_MS && r < DAY_MS - NEAR_START_MS) || cal.offsetAt(u - DAY_MS) === cal.offsetAt(u + DAY_MS)) return d;
      return u >= startOf(d + 1) ? d + 1 : u < startOf(d) ? d - 1 : d;
    },
    startOf,
  };
}

/**
 * The trading days of a user's settings with `tz` as the default zone.
 *
 * @example tradingDaysOf('America/New_York', settings).dayOf(exitTime, 'futures')
 */
export function tradingDaysOf(tz: string, settings?: Settings | undefined): TradingDays {
  const user = tradingDayClock(tz, settings?.tradingDayStart);
  const accounts = new Map<string, TradingDayClock>();
  for (const [name, s] of Object.entries(settings?.accounts ?? {})) {
    if (s.tradingDayStart !== null) accounts.set(name, tradingDayClock(tz, s.tradingDayStart));
  }
  const clocks = [user, ...accounts.values()];
  const perAccount = accounts.size > 0;
  return {
    user,
    perAccount,
    clock: (account) => (account == null ? user : (accounts.get(account) ?? user)),
    dayOf: perAccount ? (u, account) => (accounts.get(account as string) ?? user).dayOf(u) : (u) => user.dayOf(u),
    span(fromDay, toDay) {
      return {
        from: Math.min(...clocks.map((c) => c.startOf(fromDay))),
        to: Math.max(...clocks.map((c) => c.startOf(toDay + 1))),
      };
    },
  };
}

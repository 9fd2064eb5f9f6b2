import { DAY_MS } from '../shared/calendar.js';
import type { TradingDayClock } from '../shared/trading-day.js';
import type { DaySpan, Storage, TradeQuery } from '../storage/ports.js';
import { netBookings } from './bookings.js';
import { type RecentPerformance, recentOf, recentSeries, recentWindow } from './dashboard.js';
import { DAY_FIELDS_VERSION, type SegmentState, type StoredDay } from '../summaries/day-fields.js';
import { Segment } from '../summaries/segment.js';

/**
 * True when a statistics query selects every closed trade of the user (no filter, or only
 * `status: closed`): the day summaries then answer it exactly.
 */
export function selectsAllClosed(query: TradeQuery): boolean {
  return Object.entries(query).every(([k, v]) => v === undefined || (k === 'status' && v === 'closed'));
}

/**
 * The user's day summaries when they answer exactly: every row written under the running field
 * declaration (its stamp) and all of them counting every closed trade; undefined when not.
 */
async function coveringDays(storage: Storage, userId: string): Promise<StoredDay[] | undefined> {
  const { tradeDays, trades } = storage.repos;
  const [days, closed] = await Promise.all([tradeDays.list(userId), trades.counts(userId, { status: 'closed' })]);
  const current = days.every((d) => d.fieldsVersion === DAY_FIELDS_VERSION);
  return current && days.reduce((n, d) => n + d.trades, 0) === closed.total ? days : undefined;
}

/**
 * Every closed trade of the user as one segment, folded from the day summaries (a few thousand
 * rows at most). Summaries that do not cover every closed trade (trades stored before
 * migration 25) or were written under another field declaration are rebuilt first, once, in a
 * transaction. The two reads are not one snapshot, so
 * a write committing between them is told from missing summaries by reading again first.
 */
export async function allClosedSegment(storage: Storage, userId: string): Promise<SegmentState> {
  let days = (await coveringDays(storage, userId)) ?? (await coveringDays(storage, userId));
  if (days === undefined) {
    await storage.transaction((tx) => tx.tradeDays.rebuild(userId));
    days = await storage.repos.tradeDays.list(userId);
  }
  const all = new Segment();
  for (const d of days) all.append(d);
  return all.state();
}

/**
 * Trading days `fromDay` … `toDay` of `clock` as spans of equal days: a run of 24-hour days is one
 * span, a day of another length (a DST change) a span of its own, so the database can number
 * each exit's day with one subtraction and one division.
 */
export function daySpans(clock: TradingDayClock, fromDay: number, toDay: number): DaySpan[] {
  const spans: DaySpan[] = [];
  let start = clock.startOf(fromDay);
  for (let d = fromDay; d <= toDay; d++) {
    const end = clock.startOf(d + 1);
    const length = end - start;
    const last = spans.at(-1);
    if (last !== undefined && length === DAY_MS && last.dayMs === DAY_MS && last.from + last.days * DAY_MS === start) last.days++;
    else spans.push({ from: start, days: 1, dayMs: length });
    start = end;
  }
  return spans;
}

/**
 * The dashboard's recent performance by the user's trading day (no account with its own), from
 * per-day counts the database groups over the recent window only, with the partial exits booked
 * in that window (and the closes' share of them taken back on their exit day).
 */
export async function recentFromTallies(
  storage: Storage,
  userId: string,
  clock: TradingDayClock,
  today: number,
): Promise<RecentPerformance> {
  const series = recentSeries(today);
  const { fromDay, toDay } = recentWindow(today);
  const spans = daySpans(clock, fromDay, toDay);
  const firstDays: number[] = [];
  let day = fromDay;
  for (const s of spans) {
    firstDays.push(day);
    day += s.days;
  }
  const [from, to] = [clock.startOf(fromDay), clock.startOf(toDay + 1)];
  const [tallies, partials] = await Promise.all([
    storage.repos.tradeDays.tallies(userId, spans),
    storage.repos.trades.partialExits(userId, { exitFrom: from, exitTo: to }),
  ]);
  for (const t of tallies) {
    for (const s of series) s.addCountsOnDay((firstDays[t.span] as number) + t.day, t);
  }
  for (const b of netBookings(partials)) {
    if (b.time < from || b.time >= to) continue;
    for (const s of series) s.bookOnDay(clock.dayOf(b.time), b.pnlMicros);
  }
  return recentOf(series);
}

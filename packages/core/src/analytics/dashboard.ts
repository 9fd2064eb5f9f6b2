import type { Dashboard as DashboardBody } from '@tj/schemas';
import { monthIndex, weekIndex } from '../shared/calendar.js';
import { type DayOptions, daysOf } from './day-options.js';
import { periodStartDay } from './periods.js';
import type { Accumulator } from './accumulator.js';
import { PeriodSeries } from './period-series.js';
import { type Statistics, createStatisticsAccumulator } from './statistics.js';

/** The dashboard body. */
export type Dashboard = Omit<DashboardBody, 'currency' | 'fx'>;
/** Dashboard `recentPerformance`: last 30 days, 12 ISO weeks, 12 months, each ending with the current one. */
export type RecentPerformance = Dashboard['recentPerformance'];
/** Dashboard `summary` figures (contract section 3 definitions). */
export type DashboardSummary = Dashboard['summary'];

/** Options of the dashboard accumulators: `now` in ms, `tz` an IANA name, the user's trading days. */
export interface RecentOptions extends DayOptions {
  now: number;
}

/**
 * Zero-filled recent performance by the trading day of the exit (midnight in `tz` by default), oldest first: daily = the 30
 * calendar days ending today, weekly = the 12 ISO weeks ending this week, monthly = the
 * 12 months ending this month. Partial exits book their P&L on their own day (see
 * {@link Accumulator}). Exits after `now`'s period or before the window are ignored.
 */
export function createRecentPerformanceAccumulator(opts: RecentOptions): Accumulator<RecentPerformance> {
  const days = daysOf(opts);
  const series = recentSeries(days.user.dayOf(opts.now));
  return {
    add(fact, realizedMicros) {
      const day = days.dayOf(fact.exitTime, fact.account);
      for (const s of series) s.addOnDay(day, fact, realizedMicros);
    },
    book(b) {
      const day = days.dayOf(b.time, b.account);
      for (const s of series) s.bookOnDay(day, b.pnlMicros);
    },
    result: () => recentOf(series),
  };
}

/** The first and last trading day the recent performance around trading day `today` covers. */
export function recentWindow(today: number): { fromDay: number; toDay: number } {
  const series = recentSeries(today);
  return { fromDay: Math.min(...series.map((s) => s.fromDay)), toDay: Math.max(...series.map((s) => s.toDay)) };
}

/** The empty daily, weekly and monthly series of the recent performance around trading day `today`. */
export function recentSeries(today: number): [PeriodSeries, PeriodSeries, PeriodSeries] {
  const weekEnd = periodStartDay('weekly', weekIndex(today) + 1) - 1;
  const monthEnd = periodStartDay('monthly', monthIndex(today) + 1) - 1;
  return [
    new PeriodSeries('daily', today - 29, today),
    new PeriodSeries('weekly', periodStartDay('weekly', weekIndex(today) - 11), weekEnd),
    new PeriodSeries('monthly', periodStartDay('monthly', monthIndex(today) - 11), monthEnd),
  ];
}

/** The recent performance of the filled series. */
export function recentOf([daily, weekly, monthly]: readonly PeriodSeries[]): RecentPerformance {
  return {
    daily: (daily as PeriodSeries).buckets(),
    weekly: (weekly as PeriodSeries).buckets(),
    monthly: (monthly as PeriodSeries).buckets(),
  };
}

/** The dashboard of the statistics of its trades and their recent performance. */
export function dashboardOf(s: Statistics, recentPerformance: RecentPerformance): Dashboard {
  return {
    summary: {
      totalTrades: s.totalTrades,
      winRate: s.winRate,
      profitFactor: s.profitFactor,
      totalPnL: s.totalPnL,
      averageR: s.averageR,
      maxDrawdown: s.maxDrawdown,
    },
    recentPerformance,
  };
}

/** The whole dashboard (summary + recentPerformance) in one pass; the summary is of closed trades only. */
export function createDashboardAccumulator(opts: RecentOptions): Accumulator<Dashboard> {
  const stats = createStatisticsAccumulator();
  const recent = createRecentPerformanceAccumulator(opts);
  return {
    add(fact, realizedMicros) {
      stats.add(fact);
      recent.add(fact, realizedMicros);
    },
    book(b) {
      recent.book?.(b);
    },
    result: () => dashboardOf(stats.result(), recent.result()),
  };
}

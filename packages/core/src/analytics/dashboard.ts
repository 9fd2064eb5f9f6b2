import { getCalendar, monthIndex, weekIndex } from '../shared/calendar.js';
import { periodStartDay } from './periods.js';
import type { Accumulator } from './accumulator.js';
import { PeriodSeries } from './period-series.js';
import type { PeriodBucket } from './period-series.js';
import { createStatisticsAccumulator } from './statistics.js';

/** Dashboard `recentPerformance`: last 30 days, 12 ISO weeks, 12 months, each ending with the current one. */
export interface RecentPerformance {
  daily: PeriodBucket[];
  weekly: PeriodBucket[];
  monthly: PeriodBucket[];
}

/** Dashboard `summary` figures (contract section 3 definitions). */
export interface DashboardSummary {
  totalTrades: number;
  winRate: number;
  profitFactor: number | null;
  totalPnL: number;
  averageR: number | null;
  maxDrawdown: number;
}

/** The dashboard body. */
export interface Dashboard {
  summary: DashboardSummary;
  recentPerformance: RecentPerformance;
}

/** Options of the dashboard accumulators: `now` in ms, `tz` an IANA name. */
export interface RecentOptions {
  now: number;
  tz: string;
}

/**
 * Zero-filled recent performance by local exit date in `tz`, oldest first: daily = the 30
 * calendar days ending today, weekly = the 12 ISO weeks ending this week, monthly = the
 * 12 months ending this month. Exits after `now`'s period or before the window are ignored.
 */
export function createRecentPerformanceAccumulator(opts: RecentOptions): Accumulator<RecentPerformance> {
  const cal = getCalendar(opts.tz);
  const today = cal.civilDay(opts.now);
  const weekEnd = periodStartDay('weekly', weekIndex(today) + 1) - 1;
  const monthEnd = periodStartDay('monthly', monthIndex(today) + 1) - 1;
  const daily = new PeriodSeries('daily', today - 29, today);
  const weekly = new PeriodSeries('weekly', periodStartDay('weekly', weekIndex(today) - 11), weekEnd);
  const monthly = new PeriodSeries('monthly', periodStartDay('monthly', monthIndex(today) - 11), monthEnd);
  return {
    add(fact) {
      const day = cal.civilDay(fact.exitTime);
      daily.addOnDay(day, fact);
      weekly.addOnDay(day, fact);
      monthly.addOnDay(day, fact);
    },
    result: () => ({ daily: daily.buckets(), weekly: weekly.buckets(), monthly: monthly.buckets() }),
  };
}

/** The whole dashboard (summary + recentPerformance) in one pass. */
export function createDashboardAccumulator(opts: RecentOptions): Accumulator<Dashboard> {
  const stats = createStatisticsAccumulator();
  const recent = createRecentPerformanceAccumulator(opts);
  return {
    add(fact) {
      stats.add(fact);
      recent.add(fact);
    },
    result() {
      const s = stats.result();
      return {
        summary: {
          totalTrades: s.totalTrades,
          winRate: s.winRate,
          profitFactor: s.profitFactor,
          totalPnL: s.totalPnL,
          averageR: s.averageR,
          maxDrawdown: s.maxDrawdown,
        },
        recentPerformance: recent.result(),
      };
    },
  };
}

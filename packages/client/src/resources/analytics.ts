import type { Call } from '../operation.js';
import type { CallOptions } from '../transport.js';
import type {
  ByCategory,
  ByCategoryQuery,
  Calendar,
  CalendarQuery,
  Dashboard,
  DashboardQuery,
  EquityCurve,
  EquityCurveQuery,
  Performance,
  PerformanceQuery,
  RDistribution,
  RDistributionQuery,
} from '../types.js';

/** The analytics endpoints; each takes an optional IANA `tz` that decides days, weeks and months. */
export function analyticsApi(call: Call) {
  return {
    /**
     * Summary figures and the recent daily, weekly and monthly performance.
     *
     * @example const { summary } = await client.analytics.dashboard({ tz: 'America/New_York' });
     */
    dashboard(query: DashboardQuery = {}, options?: CallOptions): Promise<Dashboard> {
      return call('dashboard', { query }, options);
    },

    /**
     * P&L per day, ISO week, month or year between two dates, zero-filled, oldest first.
     *
     * @example const { data } = await client.analytics.performance({ period: 'weekly', dateFrom: '2026-01-01' });
     */
    performance(query: PerformanceQuery = {}, options?: CallOptions): Promise<Performance> {
      return call('performance', { query }, options);
    },

    /**
     * Performance grouped by instrument, setup, tag, hour, weekday, account, asset class or holding time.
     *
     * @example const { categories } = await client.analytics.byCategory({ category: 'setup' });
     */
    byCategory(query: ByCategoryQuery, options?: CallOptions): Promise<ByCategory> {
      return call('byCategory', { query }, options);
    },

    /**
     * Equity at the end of each date with exits, from an optional starting balance.
     *
     * @example const { dataPoints } = await client.analytics.equityCurve({ startingBalance: 10000 });
     */
    equityCurve(query: EquityCurveQuery = {}, options?: CallOptions): Promise<EquityCurve> {
      return call('equityCurve', { query }, options);
    },

    /**
     * Histogram of R multiples with their mean and median.
     *
     * @example const { buckets, medianR } = await client.analytics.rDistribution({ bucketSize: 1 });
     */
    rDistribution(query: RDistributionQuery = {}, options?: CallOptions): Promise<RDistribution> {
      return call('rDistribution', { query }, options);
    },

    /**
     * Every day of a month (by trading day): P&L, trade count and whether it has a journal entry.
     *
     * @example const { days } = await client.analytics.calendar({ month: '2026-11', tz: 'America/Chicago' });
     */
    calendar(query: CalendarQuery, options?: CallOptions): Promise<Calendar> {
      return call('calendar', { query }, options);
    },
  };
}

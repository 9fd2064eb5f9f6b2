import {
  byCategoryQuerySchema,
  type ByCategory,
  type Dashboard,
  dashboardQuerySchema,
  type EquityCurve,
  equityCurveQuerySchema,
  type Performance,
  performanceQuerySchema,
  type RDistribution,
  rDistributionQuerySchema,
  type Statistics,
} from '../schemas/analytics.js';
import { getCalendar, parseDayKey } from '../shared/calendar.js';
import type { CoreDeps } from '../shared/deps.js';
import { parseInput } from '../shared/validate.js';
import type { TradeQuery } from '../storage/ports.js';
import { tradeStatisticsQuerySchema } from '../schemas/trade.js';
import { selectionOf, tradeQueryOf } from '../trades/filters.js';
import type { Accumulator } from './accumulator.js';
import { createByCategoryAccumulator } from './by-category.js';
import { createDashboardAccumulator } from './dashboard.js';
import { createEquityCurveAccumulator } from './equity-curve.js';
import { createPerformanceAccumulator } from './performance.js';
import { createRDistributionAccumulator } from './r-distribution.js';
import { analyticsCache } from './result-cache.js';
import { createStatisticsAccumulator } from './statistics.js';

/**
 * Analytics for one acting user, each computed in one ordered pass over the user's closed
 * trades (money in integer micro-units), so SQLite and PostgreSQL give the same numbers. Results
 * are remembered per user data version, so asking again before any trade changes costs one read.
 *
 * @example const stats = await analytics(deps).statistics(userId, { instrument: 'ES' });
 */
export function analytics(deps: CoreDeps) {
  const trades = deps.storage.repos.trades;
  const cache = analyticsCache();

  /** `compute()`, or its result for the same user data, analytic and parameters. */
  async function cached<T>(userId: string, name: string, params: unknown, compute: () => Promise<T>): Promise<T> {
    const version = await trades.dataVersion(userId);
    return cache.get(`${userId}|${version}|${name}|${JSON.stringify(params)}`, compute);
  }

  /** Feeds the user's closed trades to `acc`; only per-category analytics need more than outcomes. */
  async function scan<T>(
    userId: string,
    query: TradeQuery,
    acc: Accumulator<T>,
    needs: 'outcomes' | 'context' = 'outcomes',
  ): Promise<T> {
    const outcomeOnly = needs === 'outcomes';
    for await (const batch of trades.closedFacts(userId, query, { outcomeOnly })) for (const fact of batch) acc.add(fact);
    return acc.result();
  }

  return {
    /** The statistics object, over the list's filters. */
    async statistics(userId: string, input: unknown): Promise<Statistics> {
      const query = tradeQueryOf(parseInput(tradeStatisticsQuerySchema, input ?? {}));
      return cached(userId, 'statistics', query, async () => {
        const figures = await scan(userId, query, createStatisticsAccumulator());
        const { open } = await trades.counts(userId, query);
        return { ...figures, openTrades: open };
      });
    },
    /** Summary and recent daily/weekly/monthly performance. */
    async dashboard(userId: string, input: unknown): Promise<Dashboard> {
      const q = parseInput(dashboardQuerySchema, input ?? {});
      const { tz } = q;
      const now = deps.clock.now();
      const today = getCalendar(tz).civilDay(now);
      return cached(userId, 'dashboard', { ...q, today }, () =>
        scan(userId, selectionOf(q), createDashboardAccumulator({ now, tz })),
      );
    },
    /** Zero-filled performance per period. */
    async performance(userId: string, input: unknown): Promise<Performance> {
      const q = parseInput(performanceQuerySchema, input ?? {});
      const acc = createPerformanceAccumulator({
        period: q.period,
        tz: q.tz,
        ...(q.dateFrom !== undefined && { dateFrom: q.dateFrom }),
        ...(q.dateTo !== undefined && { dateTo: q.dateTo }),
      });
      const cal = getCalendar(q.tz);
      const from = q.dateFrom === undefined ? null : parseDayKey(q.dateFrom);
      const to = q.dateTo === undefined ? null : parseDayKey(q.dateTo);
      const query: TradeQuery = {
        ...selectionOf(q),
        exitFrom: from === null ? undefined : cal.startOfDay(from),
        exitTo: to === null ? undefined : cal.startOfDay(to + 1),
      };
      return cached(userId, 'performance', q, () => scan(userId, query, acc));
    },
    /** Performance grouped by instrument, setup, tag, hour or weekday. */
    async byCategory(userId: string, input: unknown): Promise<ByCategory> {
      const q = parseInput(byCategoryQuerySchema, input ?? {});
      return cached(userId, 'byCategory', q, async () => {
        const categories = await scan(
          userId,
          selectionOf(q),
          createByCategoryAccumulator({ category: q.category, tz: q.tz }),
          'context',
        );
        return { category: q.category, categories };
      });
    },
    /** Equity at the end of each date with exits. */
    async equityCurve(userId: string, input: unknown): Promise<EquityCurve> {
      const q = parseInput(equityCurveQuerySchema, input ?? {});
      return cached(userId, 'equityCurve', q, async () => ({
        dataPoints: await scan(
          userId,
          selectionOf(q),
          createEquityCurveAccumulator({ tz: q.tz, startingBalance: q.startingBalance }),
        ),
      }));
    },
    /** Histogram of R multiples. */
    async rDistribution(userId: string, input: unknown): Promise<RDistribution> {
      const q = parseInput(rDistributionQuerySchema, input ?? {});
      return cached(userId, 'rDistribution', q, () => scan(userId, selectionOf(q), createRDistributionAccumulator(q.bucketSize)));
    },
  };
}

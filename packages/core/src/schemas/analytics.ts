import { z } from 'zod';
import { calendarDate, timeZone } from './common.js';
import { tradeSelectionQuery } from './trade.js';

const tz = timeZone.default('UTC');
const nullableNumber = z.number().nullable();

/** Response of GET /api/trades/statistics. */
export const statisticsSchema = z
  .object({
    totalTrades: z.number().int(),
    winRate: z.number(),
    profitFactor: nullableNumber,
    expectancy: z.number(),
    maxDrawdown: z.number(),
    totalPnL: z.number(),
    wins: z.number().int(),
    losses: z.number().int(),
    breakeven: z.number().int(),
    grossProfit: z.number(),
    grossLoss: z.number(),
    averageWin: nullableNumber,
    averageLoss: nullableNumber,
    largestWin: nullableNumber,
    largestLoss: nullableNumber,
    averageR: nullableNumber,
    longestWinStreak: z.number().int(),
    longestLossStreak: z.number().int(),
    openTrades: z.number().int(),
  })
  .meta({ id: 'Statistics' });

/** One period of the dashboard's recent performance. */
export const periodPerformanceSchema = z
  .object({
    period: z.string(),
    trades: z.number().int(),
    wins: z.number().int(),
    losses: z.number().int(),
    winRate: z.number(),
    totalPnL: z.number(),
  })
  .meta({ id: 'PeriodPerformance' });

/** Response of GET /api/analytics/dashboard. */
export const dashboardSchema = z
  .object({
    summary: z.object({
      totalTrades: z.number().int(),
      winRate: z.number(),
      profitFactor: nullableNumber,
      totalPnL: z.number(),
      averageR: nullableNumber,
      maxDrawdown: z.number(),
    }),
    recentPerformance: z.object({
      daily: z.array(periodPerformanceSchema),
      weekly: z.array(periodPerformanceSchema),
      monthly: z.array(periodPerformanceSchema),
    }),
  })
  .meta({ id: 'Dashboard' });

/** Query of GET /api/analytics/dashboard. */
export const dashboardQuerySchema = z.strictObject({ ...tradeSelectionQuery, tz });

const BUCKET_RULE = 'the range from dateFrom to dateTo may span at most 3,700 periods (else 400)';

/** Query of GET /api/analytics/performance. */
export const performanceQuerySchema = z.strictObject({
  ...tradeSelectionQuery,
  period: z.enum(['daily', 'weekly', 'monthly']).default('daily'),
  dateFrom: calendarDate.optional().meta({ description: `first period's date (default: the first exit); ${BUCKET_RULE}` }),
  dateTo: calendarDate.optional().meta({ description: `last period's date (default: the last exit); ${BUCKET_RULE}` }),
  tz,
});

/** Response of GET /api/analytics/performance. */
export const performanceSchema = z
  .object({
    period: z.enum(['daily', 'weekly', 'monthly']),
    dateFrom: calendarDate.nullable(),
    dateTo: calendarDate.nullable(),
    data: z.array(periodPerformanceSchema.extend({ cumulativePnL: z.number(), averageR: nullableNumber })),
  })
  .meta({ id: 'Performance' });

/** Categories of GET /api/analytics/by-category. */
export const categorySchema = z.enum(['instrument', 'setup', 'tag', 'time', 'weekday']);

/** Query of GET /api/analytics/by-category. */
export const byCategoryQuerySchema = z.strictObject({ ...tradeSelectionQuery, category: categorySchema, tz });

/** Response of GET /api/analytics/by-category. */
export const byCategorySchema = z
  .object({
    category: categorySchema,
    categories: z.array(
      z.object({
        name: z.string(),
        trades: z.number().int(),
        wins: z.number().int(),
        losses: z.number().int(),
        winRate: z.number(),
        totalPnL: z.number(),
        profitFactor: nullableNumber,
        averageR: nullableNumber,
      }),
    ),
  })
  .meta({ id: 'CategoryPerformance' });

/** Query of GET /api/analytics/equity-curve. */
export const equityCurveQuerySchema = z.strictObject({
  ...tradeSelectionQuery,
  startingBalance: z.coerce.number().min(-1e12).max(1e12).default(0),
  tz,
});

/** Response of GET /api/analytics/equity-curve. */
export const equityCurveSchema = z
  .object({ dataPoints: z.array(z.object({ date: calendarDate, equity: z.number() })) })
  .meta({ id: 'EquityCurve' });

/** Query of GET /api/analytics/r-distribution. */
export const rDistributionQuerySchema = z.strictObject({
  ...tradeSelectionQuery,
  bucketSize: z.coerce.number().min(0.01).max(100).default(0.5),
  tz,
});

/** Response of GET /api/analytics/r-distribution. */
export const rDistributionSchema = z
  .object({
    bucketSize: z.number(),
    count: z.number().int(),
    averageR: nullableNumber,
    medianR: nullableNumber,
    buckets: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  })
  .meta({ id: 'RDistribution' });

/** Statistics figures. */
export type Statistics = z.infer<typeof statisticsSchema>;
/** Dashboard. */
export type Dashboard = z.infer<typeof dashboardSchema>;
/** Performance response. */
export type Performance = z.infer<typeof performanceSchema>;
/** By-category response. */
export type ByCategory = z.infer<typeof byCategorySchema>;
/** Equity curve response. */
export type EquityCurve = z.infer<typeof equityCurveSchema>;
/** R distribution response. */
export type RDistribution = z.infer<typeof rDistributionSchema>;
/** Category name. */
export type Category = z.infer<typeof categorySchema>;

import { z } from 'zod';
import { calendarDate, currencyCode, timeZone } from './common.js';
import { reportingCurrencyQuery, tradeSelectionQuery } from './trade.js';

const tz = timeZone.default('UTC');
const nullableNumber = z.number().nullable();

/** What converting trades' money into the reporting currency did (docs/analytics.md, "Currencies"). */
export const fxReportSchema = z
  .object({
    converted: z.int().meta({ description: 'Closed trades converted from another currency' }),
    missing: z
      .array(
        z.object({
          date: calendarDate.meta({ description: 'The day (UTC) of the exits that had no rate' }),
          from: currencyCode,
          to: currencyCode,
          trades: z.int().meta({ description: 'Trades left out of every figure for want of this rate' }),
        }),
      )
      .meta({
        description:
          'Days without a rate: their trades are left out (never converted at a guessed rate); import or fetch the rates',
      }),
  })
  .meta({ id: 'FxReport' });

/** The currency of an analytics answer's money, and what converting into it did. */
const moneyFields = {
  currency: currencyCode.nullable().meta({ description: 'The currency of every money figure; null when no trade states one' }),
  fx: fxReportSchema.nullable().meta({ description: 'null unless trades in other currencies were converted into `currency`' }),
};

/** The statistics' excursion figures (docs/analytics.md, "Excursions"). */
export const excursionStatisticsSchema = z
  .object({
    trades: z.number().int().meta({ description: 'closed trades of the selection with MAE/MFE figures (bars covered them)' }),
    averageMae: nullableNumber.meta({
      description:
        'mean MAE in money (≤ 0); null without such trades, or when money is converted (`currency`: not converted yet)',
    }),
    averageMfe: nullableNumber.meta({ description: 'mean MFE in money (≥ 0); null like averageMae' }),
    tradesWithR: z.number().int().meta({ description: 'of those, the trades with an initial risk (their MAE/MFE in R)' }),
    averageMaeR: nullableNumber.meta({ description: 'mean MAE in R over tradesWithR; null without one' }),
    averageMfeR: nullableNumber.meta({ description: 'mean MFE in R over tradesWithR; null without one' }),
    maeR: z.number().meta({ description: 'the x of stopPlacement (query `maeR`)' }),
    stopPlacement: nullableNumber.meta({
      description: 'share (%) of winners with an R whose MAE went beyond −maeR R; null without such a winner',
    }),
    leftOnTable: nullableNumber.meta({ description: 'Σ ETD: MFE given back by the exits, in money; null like averageMae' }),
  })
  .meta({ id: 'ExcursionStatistics' });

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
    averageWin: nullableNumber.meta({ description: 'grossProfit ÷ wins; null without a win' }),
    averageLoss: nullableNumber.meta({ description: 'grossLoss ÷ losses (negative); null without a loss' }),
    largestWin: nullableNumber.meta({ description: 'best result; null without a win' }),
    largestLoss: nullableNumber.meta({ description: 'worst result (negative); null without a loss' }),
    payoffRatio: nullableNumber.meta({ description: 'averageWin ÷ |averageLoss|; null without a win or without a loss' }),
    averageR: nullableNumber,
    averageWinR: nullableNumber.meta({ description: 'mean rMultiple of winning trades that have one; null when none' }),
    averageLossR: nullableNumber.meta({ description: 'mean rMultiple of losing trades that have one; null when none' }),
    stdDevR: nullableNumber.meta({
      description: 'sample standard deviation (n − 1) of rMultiple over trades that have one; null with fewer than 2',
    }),
    sqn: nullableNumber.meta({
      description: 'system quality number: mean R ÷ stdDevR × √min(n, 100), n = trades with an R; null when stdDevR is null or 0',
    }),
    totalFees: z.number().meta({ description: 'commissions and fees of the closed trades, in money (≥ 0)' }),
    longestWinStreak: z.number().int(),
    longestLossStreak: z.number().int(),
    currentStreak: z.number().int().meta({
      description: 'the run at the last exit: +n after n wins, −n after n losses, 0 after a breakeven trade or without trades',
    }),
    averageWinHoldingSeconds: nullableNumber.meta({
      description: 'mean exitTime − entryTime of wins, in seconds; null without a win',
    }),
    averageLossHoldingSeconds: nullableNumber.meta({
      description: 'mean exitTime − entryTime of losses, in seconds; null without a loss',
    }),
    openTrades: z.number().int(),
    excursions: excursionStatisticsSchema.nullable().meta({
      description: 'MAE/MFE figures over the trades that have them; null when none has (docs/analytics.md, "Excursions")',
    }),
    ...moneyFields,
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
    ...moneyFields,
  })
  .meta({ id: 'Dashboard' });

/** Query of GET /api/analytics/dashboard. */
export const dashboardQuerySchema = z.strictObject({ ...tradeSelectionQuery, ...reportingCurrencyQuery, tz });

const BUCKET_RULE = 'the range from dateFrom to dateTo may span at most 3,700 periods (else 400)';

/** Period granularities of GET /api/analytics/performance; `year` is another name of `yearly`. */
export const granularitySchema = z
  .enum(['daily', 'weekly', 'monthly', 'yearly', 'year'])
  .meta({ description: 'daily (2026-11-20), weekly (ISO week 2026-W47), monthly (2026-11) or yearly (2026); year = yearly' });

/** Query of GET /api/analytics/performance. */
export const performanceQuerySchema = z.strictObject({
  ...tradeSelectionQuery,
  ...reportingCurrencyQuery,
  period: granularitySchema.default('daily'),
  dateFrom: calendarDate.optional().meta({ description: `first period's date (default: the first exit); ${BUCKET_RULE}` }),
  dateTo: calendarDate.optional().meta({ description: `last period's date (default: the last exit); ${BUCKET_RULE}` }),
  tz,
});

/** Response of GET /api/analytics/performance. */
export const performanceSchema = z
  .object({
    period: granularitySchema,
    dateFrom: calendarDate.nullable(),
    dateTo: calendarDate.nullable(),
    data: z.array(periodPerformanceSchema.extend({ cumulativePnL: z.number(), averageR: nullableNumber })),
    ...moneyFields,
  })
  .meta({ id: 'Performance' });

/** Categories of GET /api/analytics/by-category; `time` is the older name of `hour`. */
export const categorySchema = z
  .enum(['instrument', 'setup', 'tag', 'hour', 'time', 'weekday', 'account', 'assetClass', 'holdingTime', 'strategy'])
  .meta({
    description:
      'instrument, setup, tag, hour (of entry, 09:00), time (= hour), weekday (of the entry trading day), account, assetClass, or holdingTime (<1 min, 1-5 min, 5-30 min, 30 min-2 h, 2 h-1 day, multi-day), or strategy (the option strategy; (none) for single-instrument trades)',
  });

/** One group of GET /api/analytics/by-category. */
export const categoryItemSchema = z.object({
  name: z.string(),
  trades: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  winRate: z.number(),
  totalPnL: z.number(),
  profitFactor: nullableNumber.meta({ description: 'null when the group has no losing trade' }),
  averageR: nullableNumber.meta({ description: 'null when no trade of the group has an rMultiple' }),
  averageMae: z.number().optional().meta({
    description:
      'mean MAE in money of the group’s trades with excursion figures; present only when some have, and not when money is converted (`currency`)',
  }),
  averageMfe: z.number().optional().meta({ description: 'mean MFE in money; present like averageMae' }),
  averageMaeR: nullableNumber.optional().meta({
    description: 'mean MAE in R of those trades with a risk (null without one); present when some trade has excursion figures',
  }),
  averageMfeR: nullableNumber.optional().meta({ description: 'mean MFE in R; like averageMaeR' }),
});

/** Query of GET /api/analytics/by-category. */
export const byCategoryQuerySchema = z.strictObject({
  ...tradeSelectionQuery,
  ...reportingCurrencyQuery,
  category: categorySchema,
  tz,
});

/** Response of GET /api/analytics/by-category. */
export const byCategorySchema = z
  .object({
    category: categorySchema,
    categories: z.array(categoryItemSchema),
    ...moneyFields,
  })
  .meta({ id: 'CategoryPerformance' });

/** Query of GET /api/analytics/equity-curve. */
export const equityCurveQuerySchema = z.strictObject({
  ...tradeSelectionQuery,
  ...reportingCurrencyQuery,
  startingBalance: z.coerce.number().min(-1e12).max(1e12).default(0),
  tz,
});

/** Response of GET /api/analytics/equity-curve. */
export const equityCurveSchema = z
  .object({ dataPoints: z.array(z.object({ date: calendarDate, equity: z.number() })), ...moneyFields })
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
    medianR: nullableNumber.meta({ description: 'middle R; the mean of the two middle values for an even count' }),
    sparse: z.boolean().meta({
      description:
        'false: buckets are contiguous from the lowest to the highest non-empty one; true: that range would take more than 10,000 buckets, so only the non-empty ones are listed',
    }),
    buckets: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  })
  .meta({ id: 'RDistribution' });

/** Query of GET /api/analytics/calendar. */
export const calendarQuerySchema = z.strictObject({
  ...tradeSelectionQuery,
  ...reportingCurrencyQuery,
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM')
    .meta({ description: 'The month YYYY-MM', example: '2026-11' }),
  tz,
});

/** One day of GET /api/analytics/calendar. */
export const calendarDaySchema = periodPerformanceSchema
  .omit({ period: true })
  .extend({
    date: calendarDate,
    journalEntryId: z.string().nullable().meta({ description: "id of the day's daily journal entry, null without one" }),
    hasJournalEntry: z.boolean(),
  })
  .meta({ id: 'CalendarDay' });

/** Response of GET /api/analytics/calendar: every day of the month, zero-filled. */
export const calendarSchema = z
  .object({
    month: z.string(),
    trades: z.number().int(),
    totalPnL: z.number(),
    days: z.array(calendarDaySchema),
    ...moneyFields,
  })
  .meta({ id: 'Calendar' });

/** Statistics figures. */
export type Statistics = z.output<typeof statisticsSchema>;
/** The statistics' excursion figures. */
export type ExcursionStatistics = z.output<typeof excursionStatisticsSchema>;
/** Calendar response. */
export type Calendar = z.output<typeof calendarSchema>;
/** A calendar day. */
export type CalendarDay = z.output<typeof calendarDaySchema>;
/** One by-category group. */
export type CategoryItem = z.output<typeof categoryItemSchema>;
/** A period granularity as asked. */
export type GranularityName = z.output<typeof granularitySchema>;
/** One period of results. */
export type PeriodPerformance = z.output<typeof periodPerformanceSchema>;
/** Dashboard. */
export type Dashboard = z.output<typeof dashboardSchema>;
/** Performance response. */
export type Performance = z.output<typeof performanceSchema>;
/** By-category response. */
export type ByCategory = z.output<typeof byCategorySchema>;
/** Equity curve response. */
export type EquityCurve = z.output<typeof equityCurveSchema>;
/** R distribution response. */
export type RDistribution = z.output<typeof rDistributionSchema>;
/** Category name. */
export type Category = z.output<typeof categorySchema>;
/** What converting trades' money into the reporting currency did. */
export type FxReport = z.output<typeof fxReportSchema>;

import { z } from 'zod';
import {
  byCategorySchema,
  equityCurveQuerySchema,
  rDistributionQuerySchema,
  rDistributionSchema,
  statisticsSchema,
} from './analytics.js';
import { calendarDate, dateTimeOutput, idSchema } from './common.js';
import { tradeBarsSchema } from './trade-bars.js';
import { journalEntrySchema } from './journal.js';
import { reportingCurrencyQuery, tradeFilterQuery, tradeSchema, tradeStatisticsQuerySchema } from './trade.js';

const { status: _status, ...filters } = tradeFilterQuery;

/**
 * Query of GET /api/reports/summary(.html): the statistics filters (without status: a report is
 * about closed trades) and `tz`, plus the equity curve's starting balance and the R histogram's
 * bucket size.
 */
export const reportQuerySchema = z.strictObject({
  ...filters,
  ...reportingCurrencyQuery,
  tz: tradeStatisticsQuerySchema.shape.tz,
  startingBalance: equityCurveQuerySchema.shape.startingBalance,
  bucketSize: rDistributionQuerySchema.shape.bucketSize,
});

/** One day of the equity curve with how deep below its peak the trade-by-trade P&L went that day. */
export const reportEquityPointSchema = z.object({
  date: calendarDate,
  /** startingBalance + cumulative P&L at the end of the date. */
  equity: z.number(),
  /** The deepest fall below the running peak reached by any trade of the date (≥ 0, money). */
  drawdown: z.number(),
  /** The fall below the running peak at the end of the date (≥ 0, ≤ drawdown): it holds until the next point. */
  closingDrawdown: z.number(),
});

/** One day with exits: its trades and P&L (the calendar of the report). */
export const reportDaySchema = z.object({
  date: calendarDate,
  trades: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  winRate: z.number(),
  totalPnL: z.number(),
});

/** The bars around one of the report's best or worst trades (GET /api/trades/{id}/bars's answer, with the trade's id). */
export const reportTradeBarsSchema = tradeBarsSchema.extend({ tradeId: idSchema }).meta({ id: 'ReportTradeBars' });

/** The MAE-vs-result scatter: one point per closed trade with an excursion. */
export const excursionScatterSchema = z
  .object({
    unit: z.enum(['money', 'r']).meta({
      description:
        'money: MAE and result in the trades’ money; r: both in R (a report converted to a currency, trades with a risk)',
    }),
    points: z.array(z.object({ tradeId: idSchema, instrument: z.string(), mae: z.number(), result: z.number() })),
    truncated: z.boolean().meta({ description: 'true when only the latest exits are shown (at most 10,000 points)' }),
  })
  .meta({ id: 'ExcursionScatter' });

/** Response of GET /api/reports/summary: everything the summary report shows, for one filter. */
export const reportSchema = z
  .object({
    generatedAt: dateTimeOutput,
    filters: reportQuerySchema,
    statistics: statisticsSchema,
    equityCurve: z.array(reportEquityPointSchema),
    days: z.array(reportDaySchema),
    rDistribution: rDistributionSchema,
    categories: z.array(byCategorySchema.omit({ currency: true, fx: true })),
    bestTrades: z.array(tradeSchema),
    worstTrades: z.array(tradeSchema),
    tradeBars: z
      .array(reportTradeBarsSchema)
      .meta({ description: 'The bars around the first best and worst trades (at most 3 of each)' }),
    excursionScatter: excursionScatterSchema,
    journal: z.array(journalEntrySchema),
  })
  .meta({ id: 'Report' });

/** Validated report query. */
export type ReportQuery = z.output<typeof reportQuerySchema>;
/** Input of a report query (before defaults). */
export type ReportQueryInput = z.input<typeof reportQuerySchema>;
/** The summary report's data. */
export type Report = z.output<typeof reportSchema>;
/** One point of the report's equity curve. */
export type ReportEquityPoint = z.output<typeof reportEquityPointSchema>;
/** One day of the report's calendar. */
export type ReportDay = z.output<typeof reportDaySchema>;

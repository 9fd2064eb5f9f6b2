import { z } from 'zod';
import { fxReportSchema } from './analytics.js';
import { currencyCode, dateTimeOutput } from './common.js';
import { reportingCurrencyQuery } from './trade.js';

/** One account that the user's trades carry, with what it holds. */
export const accountSummarySchema = z
  .object({
    account: z.string().nullable().meta({ description: 'The account name; null for trades without one' }),
    trades: z.int().meta({ description: 'Trades in the account' }),
    openTrades: z.int().meta({ description: 'Trades still open' }),
    totalPnL: z.number().meta({ description: 'Sum of the results of its closed trades, in money' }),
    firstEntryTime: dateTimeOutput.meta({ description: 'Entry time of its first trade' }),
    lastTradeTime: dateTimeOutput.meta({ description: 'Latest entry or exit time of its trades' }),
  })
  .meta({ id: 'AccountSummary' });

/** Query of GET /api/accounts: `currency` converts each account's summed results into it. */
export const accountListQuerySchema = z.strictObject({ ...reportingCurrencyQuery });

/** Response of GET /api/accounts: every account of the user's trades, by name (null last). */
export const accountListSchema = z
  .object({
    accounts: z.array(accountSummarySchema),
    currency: currencyCode.nullable().meta({
      description:
        'The currency of every totalPnL: the one asked for, else the one currency the trades are in; null when they are in several (each account’s totalPnL is then in its own money) or none states one',
    }),
    fx: fxReportSchema.nullable().meta({ description: 'null unless trades were converted into `currency`' }),
  })
  .meta({ id: 'AccountList', description: 'The accounts the user’s trades carry, by name; trades without an account last' });

/** One account of the user's trades. */
export type AccountSummary = z.output<typeof accountSummarySchema>;
/** Answer of GET /api/accounts. */
export type AccountList = z.output<typeof accountListSchema>;

/** Response of GET /api/instruments: every instrument of the user's trades, most traded first. */
export const instrumentListSchema = z
  .object({ instruments: z.array(accountSummarySchema.omit({ account: true }).extend({ instrument: z.string() })) })
  .meta({ id: 'InstrumentList' });
/** Answer of GET /api/instruments. */
export type InstrumentList = z.output<typeof instrumentListSchema>;

import { z } from 'zod';
import { timeframeSchema } from './bars.js';
import { dateFilter, dateTimeOutput, textInput } from './common.js';
import { tradeSelectionQuery } from './trade.js';

/** The bar providers a server can fetch from. */
export const barProviderSchema = z.enum(['databento', 'polygon']).meta({
  id: 'BarProvider',
  description: 'databento: CME futures (GLBX.MDP3); polygon: US stocks and options (Polygon.io / Massive)',
});

/** Which trades `POST /api/bars/fetch` fetches bars for: the list's filters and the padding around each. */
export const barFetchTradesSchema = z
  .strictObject({
    ...tradeSelectionQuery,
    dateFrom: dateFilter.optional(),
    dateTo: dateFilter.optional(),
    paddingMinutes: z
      .number()
      .int()
      .min(0)
      .max(1440)
      .default(30)
      .meta({ description: 'Bars fetched before each entry and after each exit (default 30)' }),
  })
  .meta({ id: 'BarFetchTrades', description: 'Closed trades selected like the list (dates are entry times, UTC days)' });

/**
 * Body of POST /api/bars/fetch: a provider and the user's key for it, then an instrument over
 * [from, to), or `trades` (the closed trades whose bars the store lacks).
 */
export const barFetchSchema = z
  .strictObject({
    provider: barProviderSchema,
    apiKey: z.string().trim().min(1).max(512).meta({
      description: 'Your key for the provider: used for this request only, never stored, logged or echoed',
      writeOnly: true,
    }),
    timeframe: timeframeSchema.default('1m'),
    instrument: textInput(64, { trim: true, min: 1 }).optional().meta({
      description: 'ESZ6 (a contract), ES (the continuous front month), AAPL, or an OCC option symbol',
    }),
    from: dateFilter.optional().meta({ description: 'Start: YYYY-MM-DD (00:00 UTC) or an ISO date-time' }),
    to: dateFilter.optional().meta({ description: 'End: YYYY-MM-DD (that whole UTC day) or an ISO date-time (exclusive)' }),
    trades: barFetchTradesSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.trades !== undefined) {
      for (const name of ['instrument', 'from', 'to'] as const)
        if (b[name] !== undefined)
          ctx.addIssue({ code: 'custom', path: [name], message: 'give either trades or instrument, from and to' });
      return;
    }
    for (const name of ['instrument', 'from', 'to'] as const)
      if (b[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: 'required (or give trades)' });
  })
  .meta({ id: 'BarFetch' });

/** One stretch fetched from a provider. */
export const barStretchFetchedSchema = z
  .object({
    instrument: z.string().meta({ description: 'The series the bars are stored under' }),
    from: dateTimeOutput,
    to: dateTimeOutput.meta({ description: 'The end the provider vouched for (exclusive)' }),
    complete: z.boolean().meta({ description: 'false when the provider’s data ended before the end asked for' }),
    received: z.number().int(),
    written: z.number().int().meta({ description: 'Bars not already held' }),
  })
  .meta({ id: 'BarStretchFetched' });

/** What POST /api/bars/fetch fetched and stored. */
export const barsFetchedSchema = z
  .object({
    provider: barProviderSchema,
    timeframe: timeframeSchema,
    trades: z.number().int().nullable().meta({ description: 'Closed trades looked at (null for an instrument fetch)' }),
    stretches: z.array(barStretchFetchedSchema).meta({
      description: 'Each stretch not yet covered that was fetched (stretches already held are never fetched again)',
    }),
    received: z.number().int(),
    written: z.number().int(),
  })
  .meta({ id: 'BarsFetched' });

/** Body of POST /api/bars/fetch, as sent. */
export type BarFetchInput = z.input<typeof barFetchSchema>;
/** Body of POST /api/bars/fetch, validated. */
export type BarFetch = z.output<typeof barFetchSchema>;
/** What a bar fetch stored. */
export type BarsFetched = z.output<typeof barsFetchedSchema>;

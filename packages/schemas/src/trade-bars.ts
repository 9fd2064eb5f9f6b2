import { z } from 'zod';
import { barSchema, timeframeSchema } from './bars.js';
import { dateTimeOutput } from './common.js';

/** Most bars of padding on each side of a trade's chart. */
export const TRADE_BARS_MAX_PADDING = 500;
/** Most bars one chart of a trade holds (the trade's own bars and both paddings). */
export const TRADE_BARS_MAX = 2000;

/** Query of GET /api/trades/{id}/bars: the resolution (default: the finest held) and the padding. */
export const tradeBarsQuerySchema = z
  .strictObject({
    timeframe: timeframeSchema
      .optional()
      .meta({ description: 'The resolution; default the finest held that has bars around the trade and fits' }),
    padding: z.coerce
      .number()
      .int()
      .min(0)
      .max(TRADE_BARS_MAX_PADDING)
      .default(30)
      .meta({
        description: `Bars shown before the entry's bar and after the exit's bar (0–${TRADE_BARS_MAX_PADDING}, default 30)`,
      }),
  })
  .meta({ id: 'TradeBarsQuery' });

/** Response of GET /api/trades/{id}/bars: the bars around a trade, from the series it is measured on. */
export const tradeBarsSchema = z
  .object({
    instrument: z
      .string()
      .meta({ description: 'The series the bars are of: the contract (`ESZ6`), or its root (`ES`) when continuous' }),
    continuous: z
      .boolean()
      .meta({ description: 'true when a futures contract’s own bars are missing and its continuous series is shown' }),
    timeframe: timeframeSchema
      .nullable()
      .meta({ description: 'The resolution of the bars; null when no bars are held around the trade' }),
    bars: z.array(barSchema).meta({ description: 'Oldest first; [] when none are held (not an error)' }),
    from: dateTimeOutput.meta({ description: 'The start of the window shown: the entry’s bar less the padding' }),
    to: dateTimeOutput.meta({
      description: 'The end of the window (exclusive): after the exit’s bar (now while open) and the padding',
    }),
  })
  .meta({ id: 'TradeBars' });

/** Query of GET /api/trades/{id}/bars as a client sends it. */
export type TradeBarsQueryInput = z.input<typeof tradeBarsQuerySchema>;
/** Query of GET /api/trades/{id}/bars as the server reads it. */
export type TradeBarsQuery = z.output<typeof tradeBarsQuerySchema>;
/** The bars around a trade. */
export type TradeBars = z.output<typeof tradeBarsSchema>;

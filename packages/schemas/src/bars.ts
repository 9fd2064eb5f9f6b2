import { z } from 'zod';
import { dateTimeOutput } from './common.js';

/** A bar resolution as the API spells it (1 minute … 1 day). */
export const timeframeSchema = z
  .enum(['1m', '5m', '15m', '30m', '1h', '4h', '1d'])
  .meta({ id: 'Timeframe', description: 'Bar resolution: 1m, 5m, 15m, 30m, 1h, 4h or 1d' });

/** One OHLCV bar as the API returns it. */
export const barSchema = z
  .object({
    time: dateTimeOutput.meta({ description: 'The bar’s start (UTC)' }),
    open: z.number(),
    high: z.number(),
    low: z.number(),
    close: z.number(),
    volume: z.number().nullable().meta({ description: 'null when the source gave none' }),
  })
  .meta({ id: 'Bar' });

/** One extreme of a trade's excursion: where, when and how much the open position was worth there. */
export const excursionPointSchema = z
  .object({
    price: z.number().meta({ description: 'The price reached (a bar’s low or high, or a fill)' }),
    money: z.number().meta({
      description:
        'The position’s P&L at that price (realized by earlier exits plus open on the size held), before fees: ≤ 0 for MAE, ≥ 0 for MFE',
    }),
    r: z.number().nullable().meta({ description: 'money ÷ the trade’s initial risk; null without a risk' }),
    time: dateTimeOutput.meta({ description: 'The start of the bar where it was reached (or the fill’s time)' }),
  })
  .meta({ id: 'ExcursionPoint' });

/** Why a trade has no excursion figures. */
export const excursionReasonSchema = z.enum(['open', 'no_bars', 'gap', 'no_option_bars']).meta({
  id: 'ExcursionReason',
  description:
    'open: the trade is still open; no_bars: no bars of its instrument cover it; gap: bars cover only part of it; no_option_bars: an option without bars of its own contract (the underlying’s are never used)',
});

/** A trade's maximum adverse and favourable excursion (docs/analytics.md, "Excursions"). */
export const excursionSchema = z
  .object({
    reason: excursionReasonSchema.nullable().meta({ description: 'Why the figures are null; null when they are computed' }),
    barsInstrument: z
      .string()
      .nullable()
      .meta({ description: 'The series the figures come from (`ESZ6`, or `ES` when continuous)' }),
    continuous: z.boolean().meta({ description: 'true when a futures contract’s figures come from its continuous series' }),
    timeframe: timeframeSchema
      .nullable()
      .meta({ description: 'The resolution of the bars used (the finest covering the trade)' }),
    mae: excursionPointSchema.nullable(),
    mfe: excursionPointSchema.nullable(),
    etd: z.number().nullable().meta({ description: 'End trade drawdown: MFE money given back by the exit (≥ 0)' }),
    entryEfficiency: z.number().nullable().meta({ description: 'docs/analytics.md, "Excursions": 0…1' }),
    exitEfficiency: z.number().nullable().meta({ description: 'docs/analytics.md, "Excursions": 0…1' }),
    high: z.number().nullable().meta({ description: 'The highest price while the trade was open' }),
    low: z.number().nullable().meta({ description: 'The lowest price while the trade was open' }),
  })
  .meta({ id: 'Excursion' });

/** A bar resolution (`1m` … `1d`). */
export type Timeframe = z.infer<typeof timeframeSchema>;
/** One bar as the API returns it. */
export type BarOutput = z.infer<typeof barSchema>;
/** One extreme of an excursion. */
export type ExcursionPoint = z.infer<typeof excursionPointSchema>;
/** Why a trade has no excursion figures. */
export type ExcursionReason = z.infer<typeof excursionReasonSchema>;
/** A trade's excursion. */
export type Excursion = z.infer<typeof excursionSchema>;

import { z } from 'zod';
import { timeframeSchema } from './bars.js';
import { dateTimeOutput, textInput, timeZone } from './common.js';

/** The instrument a bars file is of (`ES`, `ESZ6`, `AAPL`): stored upper case. */
const barInstrument = textInput(64, { trim: true, min: 1 }).meta({
  description: 'The instrument the bars are of (ESZ6 for a contract, ES for its continuous series, AAPL); stored upper case',
});

/** Query of POST /api/bars: how to read the uploaded file. */
export const barImportQuerySchema = z.strictObject({
  instrument: barInstrument,
  timeframe: timeframeSchema
    .optional()
    .meta({ description: 'The bars’ resolution; inferred when absent (the most common gap between consecutive bars)' }),
  format: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: 'A bars format (generic-csv, tradingview, ninjatrader8, metatrader5); detected when absent' }),
  sourceTz: timeZone.optional().meta({
    description:
      'IANA zone of naive (wall-clock) times in the file; a file with naive times and no sourceTz is refused (NinjaTrader 8 exports: UTC when absent)',
  }),
  fileName: z.string().min(1).max(255).optional().meta({ description: 'The file’s name, for messages' }),
});

/** What a bars file import stored. */
export const barImportSchema = z
  .object({
    format: z.string().meta({ description: 'The format the file was read as' }),
    instrument: z.string().meta({ description: 'The instrument key the bars are stored under (upper case)' }),
    timeframe: timeframeSchema,
    received: z.number().int().meta({ description: 'Bars in the file' }),
    written: z.number().int().meta({ description: 'Bars new to the store (a re-import writes 0)' }),
    conflicts: z.number().int().meta({
      description: 'Bars already held with other prices or volume for the same start: the held bar is kept',
    }),
    from: dateTimeOutput.meta({ description: 'The first bar’s start (UTC)' }),
    to: dateTimeOutput.meta({ description: 'The last bar’s start (UTC)' }),
  })
  .meta({ id: 'BarImport' });

/** One series of bars the user holds. */
export const barSeriesSchema = z
  .object({
    instrument: z.string(),
    timeframe: timeframeSchema,
    count: z.number().int(),
    first: dateTimeOutput.meta({ description: 'The first bar’s start (UTC)' }),
    last: dateTimeOutput.meta({ description: 'The last bar’s start (UTC)' }),
  })
  .meta({ id: 'BarSeries' });

/** Answer of GET /api/bars. */
export const barSeriesListSchema = z.object({ series: z.array(barSeriesSchema) }).meta({ id: 'BarSeriesList' });

/** Query of DELETE /api/bars. */
export const barDeleteQuerySchema = z.strictObject({
  instrument: barInstrument,
  timeframe: timeframeSchema.optional().meta({ description: 'Only this resolution; every one of the instrument when absent' }),
});

/** Answer of DELETE /api/bars. */
export const barsDeletedSchema = z
  .object({ deleted: z.number().int().meta({ description: 'Bars deleted' }) })
  .meta({ id: 'BarsDeleted' });

/** POST /api/bars's query as read. */
export type BarImportQuery = z.infer<typeof barImportQuerySchema>;
/** What a bars file import stored. */
export type BarImport = z.infer<typeof barImportSchema>;
/** One series of bars held. */
export type BarSeries = z.infer<typeof barSeriesSchema>;
/** The series held. */
export type BarSeriesList = z.infer<typeof barSeriesListSchema>;
/** DELETE /api/bars's query. */
export type BarDeleteQuery = z.infer<typeof barDeleteQuerySchema>;
/** How many bars were deleted. */
export type BarsDeleted = z.infer<typeof barsDeletedSchema>;

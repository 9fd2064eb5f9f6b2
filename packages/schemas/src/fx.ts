import { z } from 'zod';
import { calendarDate, currencyCode, currencyInput, paginationQuery, paginationSchema } from './common.js';

/** A rate as exact decimal text: positive, at most 12 digits either side of the point. */
const rateText = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,12})?$/, 'must be a positive decimal such as 1.0834')
  .refine((s) => /[1-9]/.test(s), 'must be greater than 0')
  .meta({ example: '1.0834' });

/** One reference rate: on `date`, 1 `base` is worth `rate` `quote`. */
export const fxRateSchema = z
  .object({
    date: calendarDate,
    base: currencyCode,
    quote: currencyCode,
    rate: z.string().meta({ description: 'exact decimal text', example: '1.0834' }),
    source: z.string().meta({ description: '`user` (imported), or the provider it was fetched from (`ecb`)' }),
  })
  .meta({ id: 'FxRate', description: 'On `date`, 1 `base` is worth `rate` `quote`' });

/** One rate as sent. */
export const fxRateInputSchema = z
  .strictObject({ date: calendarDate, base: currencyInput, quote: currencyInput, rate: rateText })
  .refine((r) => r.base !== r.quote, { message: 'base and quote must differ', path: ['quote'] });

/** Body of POST /api/fx/rates: the user's own rates; one for a pair and day already held replaces it. */
export const fxRatesImportSchema = z
  .strictObject({ rates: z.array(fxRateInputSchema).min(1).max(10_000) })
  .meta({ id: 'FxRatesImport' });

/** Answer of POST /api/fx/rates and POST /api/fx/fetch. */
export const fxRatesWrittenSchema = z
  .object({
    source: z.string().meta({ description: '`user`, or the provider' }),
    received: z.int().meta({ description: 'Rates in the request or the provider’s answer' }),
    written: z.int().meta({ description: 'Rates stored (new, or replacing the user’s own)' }),
    pairs: z.array(z.string()).meta({ description: 'The pairs, as BASE/QUOTE' }),
    from: calendarDate.nullable(),
    to: calendarDate.nullable(),
  })
  .meta({ id: 'FxRatesWritten' });

/** Query of GET /api/fx/rates. */
export const fxRateListQuerySchema = z.strictObject({
  ...paginationQuery,
  base: currencyInput.optional(),
  quote: currencyInput.optional(),
  from: calendarDate.optional().meta({ description: 'first day' }),
  to: calendarDate.optional().meta({ description: 'last day' }),
});

/** Answer of GET /api/fx/rates: by pair, then day. */
export const fxRateListSchema = z
  .object({ rates: z.array(fxRateSchema), pagination: paginationSchema })
  .meta({ id: 'FxRateList' });

/** Query of DELETE /api/fx/rates: every filter left out widens it (none: all the user's rates). */
export const fxRateDeleteQuerySchema = z.strictObject({
  base: currencyInput.optional(),
  quote: currencyInput.optional(),
  source: z.string().trim().min(1).max(32).optional(),
});

/** Answer of DELETE /api/fx/rates. */
export const fxRatesDeletedSchema = z.object({ deleted: z.int() }).meta({ id: 'FxRatesDeleted' });

/** Body of POST /api/fx/fetch: fetch a provider's published rates into the user's. */
export const fxFetchSchema = z
  .strictObject({
    provider: z.enum(['ecb']).default('ecb').meta({ description: 'ecb: the European Central Bank’s euro reference rates' }),
    from: calendarDate,
    to: calendarDate,
    currencies: z
      .array(currencyInput)
      .max(64)
      .optional()
      .meta({ description: 'default: every currency the user’s trades and base currencies name' }),
  })
  .refine((b) => b.from <= b.to, { message: 'must not be after to', path: ['from'] })
  .meta({ id: 'FxFetch' });

/** A stored rate. */
export type FxRate = z.output<typeof fxRateSchema>;
/** One rate as sent. */
export type FxRateInput = z.input<typeof fxRateInputSchema>;
/** Body of POST /api/fx/rates, as sent. */
export type FxRatesImportInput = z.input<typeof fxRatesImportSchema>;
/** What a rates import or fetch stored. */
export type FxRatesWritten = z.output<typeof fxRatesWrittenSchema>;
/** A page of rates. */
export type FxRateList = z.output<typeof fxRateListSchema>;
/** Answer of DELETE /api/fx/rates. */
export type FxRatesDeleted = z.output<typeof fxRatesDeletedSchema>;
/** Body of POST /api/fx/fetch, as sent. */
export type FxFetchInput = z.input<typeof fxFetchSchema>;

import { z } from 'zod';
import { idPrefixRange } from './id-prefix.js';
import { ErrorCode } from './errors.js';
import { adviceSchema } from './advice.js';
import { plainNumber } from './messages.js';

/** UUID identifier of any record. */
export const idSchema = z.uuid().meta({ description: 'UUID (v7) identifier' });

/** The start of an id, as git takes the start of a commit hash: hexadecimal digits, hyphens where the id has them. */
export const idPrefixSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((p) => idPrefixRange(p) !== undefined, {
    message: 'must be the start of an id: hexadecimal digits, with hyphens only where the id has them',
  })
  .meta({ description: 'The start of an id (1–36 characters); only records whose id starts with it', example: '0193ab4f' });

/** ISO 8601 date-time with an offset; normalised to UTC `...Z` with milliseconds. */
export const dateTimeInput = z.iso
  .datetime({ offset: true })
  .transform((s) => new Date(s).toISOString())
  .meta({ description: 'ISO 8601 date-time with offset; stored and returned in UTC' });

/** ISO 8601 date-time as returned: UTC with milliseconds. */
export const dateTimeOutput = z.iso.datetime().meta({ example: '2026-11-20T14:30:00.000Z' });

/** A calendar date `YYYY-MM-DD`. */
export const calendarDate = z.iso.date().meta({ description: 'Calendar date YYYY-MM-DD' });

/** A date filter: a calendar date (a whole trading day in `tz`) or a date-time. */
export const dateFilter = z.union([z.iso.date(), z.iso.datetime({ offset: true })]).meta({
  description:
    "YYYY-MM-DD (the whole day in the query's tz, from the start of the trading day in the user's settings; dateTo inclusive) or an ISO date-time",
});

/** An IANA time zone name such as `America/New_York`. */
export const timeZone = z.string().refine(isTimeZone, { message: 'must be an IANA time zone name such as Europe/London' }).meta({
  description: 'IANA time zone name such as America/New_York (any other name is refused with 400)',
  example: 'America/New_York',
});

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz.length > 0;
  } catch {
    return false;
  }
}

/** Query pagination: page ≥ 1 (default 1), limit 1–100 (default 20). */
export const paginationQuery = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};

/** Pagination object of list responses. */
export const paginationSchema = z
  .object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'Pagination' });

/** The pagination block of a page of `total` items. */
export type Pagination = z.output<typeof paginationSchema>;

/** Builds the pagination object: pages = ceil(total / limit). */
export function paginationOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/** Matches text without U+0000, which PostgreSQL cannot store in a text column (refused on both databases alike). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching U+0000 is the point.
const NO_NUL = /^[^\u0000]*$/;
const NO_NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

/**
 * A text input of at most `max` characters that refuses U+0000 (the OpenAPI document states it as a
 * `pattern`); `trim` trims it first and `min` asks for that many characters after trimming. Every text
 * field of every request is built with this, so a NUL never reaches a database.
 *
 * @example const instrument = textInput(64, { trim: true, min: 1 });
 */
export function textInput(max: number, options: { min?: number; trim?: boolean } = {}) {
  let s = z.string();
  if (options.trim) s = s.trim();
  if (options.min !== undefined) s = s.min(options.min);
  return s.max(max).regex(NO_NUL, { message: NO_NUL_MESSAGE });
}

/** Refuses U+0000 in a string schema that is not built by {@link textInput} (urls, e-mails). */
export function withoutNul<S extends z.ZodString | z.ZodEmail | z.ZodURL>(schema: S): S {
  return schema.regex(NO_NUL, { message: NO_NUL_MESSAGE }) as S;
}

/**
 * Bounds of trade quantities. Prices, sizes and multipliers are at least {@link MIN_QUANTITY}; a position's
 * value (a price × positionSize × multiplier, for the entry, the exit and the stop) is at most
 * {@link MAX_POSITION_VALUE}, and fees and a sent result at most that in money. Every derived result
 * then lies within ±2e12 (2e18 micro-units, inside a 64-bit integer) and every R multiple is finite.
 */
export const MAX_POSITION_VALUE = 1e12;
/** The smallest price, size or multiplier (a larger positive number than every float artefact). */
export const MIN_QUANTITY = 1e-12;
/** The largest contract multiplier. */
export const MAX_MULTIPLIER = 1e9;

/** A positive quantity: at least {@link MIN_QUANTITY}, at most `max`; `description` is stated in the OpenAPI document. */
export function quantity(max: number, description: string) {
  return z
    .number()
    .min(MIN_QUANTITY, { message: `must be greater than 0 (at least ${plainNumber(MIN_QUANTITY)})` })
    .max(max, { message: `must be at most ${plainNumber(max)}` })
    .meta({ description });
}

/** A price: > 0 (at least 1e-12), at most 1e12. */
export const priceInput = (description: string) => quantity(MAX_POSITION_VALUE, description);

/** Free-text tag: 1–32 characters, trimmed. */
export const tagSchema = textInput(32, { trim: true, min: 1 });

/** Up to `max` distinct tags. */
export function tagList(max: number) {
  return z
    .array(tagSchema)
    .max(max)
    .refine((tags) => new Set(tags).size === tags.length, { message: 'tags must be distinct' });
}

/** One failed field of a validation error: where (a dotted path, or a line and column) and why. */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });

/** One failed field of a validation error. */
export type FieldError = z.output<typeof fieldErrorSchema>;

/** RFC 9457 problem details body, with the stable `code`. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.string().meta({
      description: `Stable machine-readable code. Known codes: ${Object.values(ErrorCode).join(', ')}. A string, not an enum: later versions may add codes, so treat one you do not know by its status.`,
    }),
    detail: z.string().optional(),
    instance: z.string().optional(),
    requestId: z.string().optional(),
    otpToken: z
      .string()
      .optional()
      .meta({ description: 'with 401 otp_required from login: send it with the code to POST /api/auth/login/otp' }),
    errors: z.array(fieldErrorSchema).optional(),
    advice: z.array(adviceSchema).optional().meta({
      description:
        'What you can do about it, as data: the operation to call or the parameter to send; the detail says the same in words',
    }),
  })
  .meta({ id: 'Problem' });

/** A problem details body. */
export type Problem = z.output<typeof problemSchema>;

/** Response of GET /api/health. */
export const healthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });

/** The health probe's answer. */
export type Health = z.output<typeof healthSchema>;

/** A currency code as stored and answered: ISO 4217 (USD), or a crypto asset (USDT, BTC). */
export const currencyCode = z
  .string()
  .regex(/^[A-Z0-9]{2,10}$/, 'must be a currency code such as USD (ISO 4217, or a crypto asset such as USDT)')
  .meta({ example: 'USD' });

/** A currency code as sent: trimmed and upper-cased, then checked. */
export const currencyInput = z.string().trim().toUpperCase().pipe(currencyCode);

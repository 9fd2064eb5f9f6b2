import { z } from 'zod';

/** UUID identifier of any record. */
export const idSchema = z.uuid().meta({ description: 'UUID (v7) identifier' });

/** ISO 8601 date-time with an offset; normalised to UTC `...Z` with milliseconds. */
export const dateTimeInput = z.iso
  .datetime({ offset: true })
  .transform((s) => new Date(s).toISOString())
  .meta({ description: 'ISO 8601 date-time with offset; stored and returned in UTC' });

/** ISO 8601 date-time as returned: UTC with milliseconds. */
export const dateTimeOutput = z.iso.datetime().meta({ example: '2026-11-20T14:30:00.000Z' });

/** A calendar date `YYYY-MM-DD`. */
export const calendarDate = z.iso.date().meta({ description: 'Calendar date YYYY-MM-DD' });

/** A date filter: a calendar date (whole UTC day) or a date-time. */
export const dateFilter = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .meta({ description: 'YYYY-MM-DD (the whole UTC day) or an ISO date-time' });

/** An IANA time zone name such as `America/New_York`. */
export const timeZone = z
  .string()
  .refine(isTimeZone, { message: 'must be an IANA time zone name such as Europe/London' })
  .meta({ description: 'IANA time zone name', example: 'America/New_York' });

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
export type Pagination = z.infer<typeof paginationSchema>;

/** Builds the pagination object: pages = ceil(total / limit). */
export function paginationOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/** A positive finite number (prices, sizes). */
export const positiveNumber = z.number().positive();

/** Free-text tag: 1–32 characters, trimmed. */
export const tagSchema = z.string().trim().min(1).max(32);

/** Up to `max` distinct tags. */
export function tagList(max: number) {
  return z
    .array(tagSchema)
    .max(max)
    .refine((tags) => new Set(tags).size === tags.length, { message: 'tags must be distinct' });
}

/** RFC 9457 problem details body, with the stable `code`. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.string(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    requestId: z.string().optional(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Problem' });

/** A problem details body. */
export type Problem = z.infer<typeof problemSchema>;

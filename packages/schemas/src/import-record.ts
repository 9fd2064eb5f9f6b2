import { z } from 'zod';
import { dateTimeOutput, idSchema, paginationQuery, paginationSchema, textInput, timeZone } from './common.js';
import { importReportSchema } from './import.js';

const flag = (description: string) =>
  z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .meta({ description });

const ROOT_VALUE = /^\s*([A-Za-z0-9]{1,8})\s*=\s*(\d+(?:\.\d+)?)\s*$/;
const SYMBOL_VALUE = /^\s*([A-Za-z0-9._:!/-]{1,32})\s*=\s*(\d+(?:\.\d+)?)\s*$/;

/**
 * `ES=50`: a futures root (upper-cased) and its point value, above 0; undefined when `text` is not that.
 *
 * @example parsePointValue('zn=1000') // { root: 'ZN', value: 1000 }
 */
export function parsePointValue(text: string): { root: string; value: number } | undefined {
  const m = ROOT_VALUE.exec(text);
  const value = m === null ? Number.NaN : Number(m[2]);
  return m !== null && value > 0 ? { root: (m[1] as string).toUpperCase(), value } : undefined;
}

/**
 * `XAUUSD=100`: a symbol (as written) and its units per lot, above 0; undefined when `text` is not that.
 *
 * @example parseLotSize('US30=1') // { symbol: 'US30', value: 1 }
 */
export function parseLotSize(text: string): { symbol: string; value: number } | undefined {
  const m = SYMBOL_VALUE.exec(text);
  const value = m === null ? Number.NaN : Number(m[2]);
  return m !== null && value > 0 ? { symbol: m[1] as string, value } : undefined;
}

/** A comma-separated `KEY=VALUE` list read into an object by `parse`; `example` shows a good one. */
function keyValues(parse: (text: string) => { key: string; value: number } | undefined, shape: string, example: string) {
  return z.string().transform((s, ctx) => {
    const out: Record<string, number> = {};
    for (const part of s.split(',')) {
      const parsed = parse(part);
      if (parsed === undefined) {
        ctx.addIssue({ code: 'custom', message: `"${part.trim()}" is not ${shape} with a value above 0 (such as ${example})` });
        return z.NEVER;
      }
      out[parsed.key] = parsed.value;
    }
    return out;
  });
}

/** `ES=50,NQ=20`: point values by futures root. */
const pointValues = keyValues(
  (t) => {
    const p = parsePointValue(t);
    return p && { key: p.root, value: p.value };
  },
  'ROOT=VALUE',
  'ES=50',
).meta({ description: 'Point values by futures root, comma-separated: ES=50,NQ=20 (override or complete the catalogue)' });

/** `XAUUSD=100,US30=1`: units per lot by symbol. */
const lotSizes = keyValues(
  (t) => {
    const p = parseLotSize(t);
    return p && { key: p.symbol, value: p.value };
  },
  'SYMBOL=UNITS',
  'XAUUSD=100',
).meta({
  description: 'Units per lot by symbol, comma-separated, for formats that count in lots (MetaTrader): XAUUSD=100,US30=1',
});

/** Options of POST /api/imports, as query parameters (or multipart fields sent before the file). */
export const importCreateQuerySchema = z.strictObject({
  format: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: 'A format name (GET /api/imports/formats); detected when absent' }),
  sourceTz: timeZone.optional().meta({ description: 'IANA zone of naive (wall-clock) times in the file; default UTC' }),
  fileName: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({ description: 'The file’s name, kept in the record (multipart bodies carry their own)' }),
  account: textInput(64, { trim: true, min: 1 }).optional().meta({
    description:
      'The account of a file without one: every row takes it (fills, whole trades, splits), and its dedup keys with it; a file whose rows name their own account is refused (400)',
  }),
  dryRun: flag('true: report what would be imported, write nothing (answers 200)'),
  skipInvalid: flag('true: import the good rows and count (and warn about) the invalid ones'),
  pointValues: pointValues.optional(),
  lotSizes: lotSizes.optional(),
  locale: z
    .enum(['us', 'eu'])
    .optional()
    .meta({ description: 'Number and date locale of formats with variants (NinjaTrader: us, eu); detected when absent' }),
  map: textInput(4096, { min: 1 }).optional().meta({
    description:
      'A column mapping for a CSV no format knows: field=Column pairs (time=Exec Time,symbol=Symbol,side=Side,quantity=Qty,price=Price) or an ImportMapping as JSON; not with format',
  }),
  datePattern: textInput(64, { min: 1 })
    .optional()
    .meta({ description: 'With map: how its times are written (M/d/yyyy h:mm:ss a, …)' }),
});

/** Query of DELETE /api/imports/{id}. */
export const importUndoQuerySchema = z.strictObject({
  force: flag('true: undo even when trades of the import were edited since'),
});

/** Query of GET /api/imports. */
export const importListQuerySchema = z.strictObject({ ...paginationQuery });

const recordFields = {
  id: idSchema.meta({ description: 'The import’s id; trades it created carry it as importId (a dry run’s id is not stored)' }),
  fileName: z.string().nullable(),
  sizeBytes: z.int().meta({ description: 'Bytes read from the file' }),
  startedAt: dateTimeOutput,
  finishedAt: dateTimeOutput,
  undoneAt: dateTimeOutput
    .nullable()
    .meta({ description: 'When the import was undone (its trades removed); null while it stands' }),
};

/** One import: its report, file, times, and the trades it created. */
export const importRecordSchema = importReportSchema.extend(recordFields).meta({ id: 'Import' });

/** An import as listed: the record without the ids of its trades and its skipped rows. */
export const importListItemSchema = importReportSchema
  .omit({ tradeIds: true, skippedRows: true, skippedRowsNotListed: true })
  .extend(recordFields)
  .meta({ id: 'ImportListItem' });

/** Response of GET /api/imports: newest first. */
export const importListSchema = z
  .object({ imports: z.array(importListItemSchema), pagination: paginationSchema })
  .meta({ id: 'ImportList' });

/** One import record. */
export type ImportRecord = z.output<typeof importRecordSchema>;
/** One import as listed. */
export type ImportListItem = z.output<typeof importListItemSchema>;
/** A page of imports. */
export type ImportList = z.output<typeof importListSchema>;
/** Parsed options of POST /api/imports. */
export type ImportCreateQuery = z.output<typeof importCreateQuerySchema>;

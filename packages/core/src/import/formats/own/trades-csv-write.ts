import { TRADE_CREATE_FIELDS } from '@tj/schemas';

/** The computed trade fields an export writes after the create fields (an import skips them). */
export const TRADE_COMPUTED_COLUMNS = ['rMultiple', 'status', 'createdAt', 'updatedAt'] as const;

/** The columns `tj export trades --format csv` writes, in order (the trade record's fields). */
export const TRADES_CSV_COLUMNS = ['id', ...TRADE_CREATE_FIELDS, ...TRADE_COMPUTED_COLUMNS] as const;

/** A date-time as a record carries it: an ISO string or a Date. */
export type DateLike = string | Date;

/**
 * The trade record as exported (structural, so any record shape with these fields fits;
 * optional fields may be absent, undefined or null).
 */
export interface TradeCsvRecord {
  id?: string | null | undefined;
  instrument: string;
  direction: string;
  entryPrice: number;
  positionSize: number;
  entryTime: DateLike;
  stopLoss?: number | null | undefined;
  takeProfit?: number | null | undefined;
  setupType?: string | null | undefined;
  notes?: string | null | undefined;
  tags?: readonly string[] | null | undefined;
  fees?: number | null | undefined;
  multiplier?: number | null | undefined;
  exitPrice?: number | null | undefined;
  exitTime?: DateLike | null | undefined;
  result?: number | null | undefined;
  account?: string | null | undefined;
  assetClass?: string | null | undefined;
  currency?: string | null | undefined;
  underlying?: string | null | undefined;
  expiry?: string | null | undefined;
  strike?: number | null | undefined;
  right?: string | null | undefined;
  rMultiple?: number | null | undefined;
  status?: string | null | undefined;
  createdAt?: DateLike | null | undefined;
  updatedAt?: DateLike | null | undefined;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** Quotes a CSV cell when it holds a comma, a quote or a line break (RFC 4180). */
export function quoteCsvCell(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A text that a spreadsheet would evaluate: `=`, `+`, `-`, `@`, tab or CR first, after any run of `'`. */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * Writes a TEXT cell so a spreadsheet shows it as text, not a formula (OWASP "CSV Injection"): a
 * text that starts with `=`, `+`, `-`, `@`, a tab (0x09) or a carriage return (0x0D), or with `'`
 * immediately followed by one of those (a run of `'` counts as one start: `''=x` too), is written
 * with a leading `'` added and always double-quoted (quotes doubled); any other text is quoted as
 * {@link quoteCsvCell} does. For text only: a number we write (`-12.5`) goes through
 * `quoteCsvCell`. {@link restoreCsvCell} reads the cell back to the original text.
 *
 * @example neutralizeCsvCell('=1+2') // the cell "'=1+2" (quotes included); neutralizeCsvCell('fade') // fade
 */
export function neutralizeCsvCell(value: string): string {
  return FORMULA_START.test(value) ? `"'${value.replaceAll('"', '""')}"` : quoteCsvCell(value);
}

/**
 * The text of a cell {@link neutralizeCsvCell} wrote (as a CSV parser gives it, unquoted): one
 * leading `'` removed exactly when what follows it starts with `=`, `+`, `-`, `@`, tab or CR (after
 * any run of `'`); any other leading `'` is kept (`'tis fine` stays as is).
 */
export function restoreCsvCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value === 0 ? 0 : value) : '';
  if (Array.isArray(value)) return value.join(';');
  return String(value);
}

/** The columns that hold date-times (a Date or an ISO string): written as today, not as text. */
const DATE_COLUMNS = new Set<string>(['entryTime', 'exitTime', 'createdAt', 'updatedAt']);

function csvCell(column: string, value: unknown): string {
  const text = typeof value === 'string' && !DATE_COLUMNS.has(column);
  return text || Array.isArray(value) ? neutralizeCsvCell(cell(value)) : quoteCsvCell(cell(value));
}

/** The header line of a trades CSV export (no line terminator). */
export function formatTradesCsvHeader(): string {
  return TRADES_CSV_COLUMNS.join(',');
}

/**
 * One trade as a CSV line (no line terminator): numbers in shortest round-trip form, tags
 * joined with `;` (a tag containing `;` does not survive the round trip), cells quoted when
 * needed, text cells (tags as one joined cell) through {@link neutralizeCsvCell} so no cell
 * starts a formula. `readTradesCsv` reads it back to the same create fields.
 */
export function formatTradeCsvRow(record: TradeCsvRecord): string {
  return TRADES_CSV_COLUMNS.map((column) => csvCell(column, record[column])).join(',');
}

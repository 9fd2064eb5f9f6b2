/**
 * Reading one cell of a broker row: the value, or a validation error naming line, column and
 * the raw value. Formats call these so every bad cell reads the same way.
 */
import { fromMicros, toMicros } from '../../../shared/money.js';
import { cellError } from '../../read/cell-error.js';
import type { Parsed } from '../../values/plain.js';
import { type NumberLocale, parseAmount, parseOptionalAmount, parseWallClock, sideOf } from '../../values/broker.js';
import type { HeaderRow } from '../../read/csv-records.js';
import type { BrokerFill, WallClock } from '../types.js';

/** The value of a parse, or the cell's error. */
export function cellValue<T>(row: HeaderRow, column: string, parsed: Parsed<T>): T {
  if (!parsed.ok) throw cellError(row.line, column, parsed.message);
  return parsed.value;
}

/** The non-blank text of a cell (trimmed), or a `required` error. */
export function requiredText(row: HeaderRow, column: string): string {
  const s = row.get(column);
  if (s === '') throw cellError(row.line, column, 'required, but the cell is empty');
  return s;
}

/** A money or number cell as brokers write it (see `parseAmount`). */
export function amountCell(row: HeaderRow, column: string, locale: NumberLocale = 'us'): number {
  return cellValue(row, column, parseAmount(row.get(column), locale));
}

/** Like {@link amountCell}, with blank cells (`-`, `--`, `N/A`) read as `fallback`. */
export function optionalAmountCell(row: HeaderRow, column: string, fallback = 0, locale: NumberLocale = 'us'): number {
  return cellValue(row, column, parseOptionalAmount(row.get(column), fallback, locale));
}

/** A buy/sell cell (see `sideOf`); `expected` names the words the format writes, for the error. */
export function sideCell(row: HeaderRow, column: string, expected: string): 'buy' | 'sell' {
  const side = sideOf(row.get(column));
  if (side === undefined) throw cellError(row.line, column, `"${row.get(column)}" is not ${expected}`);
  return side;
}

/** A quantity cell: an amount greater than 0. */
export function quantityCell(row: HeaderRow, column: string, locale: NumberLocale = 'us'): number {
  const q = amountCell(row, column, locale);
  if (!(q > 0)) throw cellError(row.line, column, `"${row.get(column)}" is not a quantity greater than 0`);
  return q;
}

/** A price cell: an amount greater than 0. */
export function priceCell(row: HeaderRow, column: string, locale: NumberLocale = 'us'): number {
  const p = amountCell(row, column, locale);
  if (!(p > 0)) throw cellError(row.line, column, `"${row.get(column)}" is not a price greater than 0`);
  return p;
}

/** Parses `raw` with the first of `patterns` that fits (see `parseWallClock`). */
export function parseWallClockAny(raw: string, patterns: readonly string[]): Parsed<WallClock> {
  for (const pattern of patterns) {
    const r = parseWallClock(raw, pattern);
    if (r.ok) return r;
  }
  return { ok: false, message: `"${raw.trim()}" is not a date-time in the form ${patterns[0]}` };
}

/** A wall-clock cell in one of `patterns`. */
export function wallClockCell(row: HeaderRow, column: string, patterns: readonly string[]): WallClock {
  return cellValue(row, column, parseWallClockAny(row.get(column), patterns));
}

/** Month-first date-times as US exports write them: `01/31/2026 09:30:00`, `1/31/2026 9:30:00 AM`, `2026-01-31 09:30:00`. */
export const US_DATE_TIMES: readonly string[] = [
  'M/d/yyyy H:mm:ss',
  'M/d/yyyy h:mm:ss a',
  'M/d/yyyy H:mm:ss.SSS',
  'M/d/yyyy H:mm',
  'M/d/yyyy h:mm a',
  'yyyy-MM-dd HH:mm:ss',
  'yyyy-MM-dd HH:mm:ss.SSS',
  'yyyy-MM-ddTHH:mm:ss',
  'yyyy-MM-dd HH:mm',
];

/** The optional text fields of a fill that come straight from a cell. */
type TextField = 'account' | 'currency' | 'execId' | 'orderId';

/**
 * Sets each of `fill`'s text fields from its column, when the cell is not blank.
 *
 * @example withCells(fill, row, { account: 'Account', execId: 'ID' })
 */
export function withCells(fill: BrokerFill, row: HeaderRow, columns: Partial<Record<TextField, string>>): BrokerFill {
  for (const [field, column] of Object.entries(columns) as [TextField, string][]) {
    const value = row.get(column);
    if (value !== '') fill[field] = value;
  }
  return fill;
}

/** A cost cell as an amount >= 0, whatever sign the broker writes (blank is 0). */
export function costCell(row: HeaderRow, column: string): number {
  return Math.abs(optionalAmountCell(row, column));
}

/** The sum of the cost cells in `columns` (absent columns count 0), exact to the micro-unit. */
export function costsCell(row: HeaderRow, columns: readonly string[]): number {
  return fromMicros(columns.reduce((sum, c) => sum + toMicros(costCell(row, c)), 0));
}

/** A quantity written with its sign (sells negative): its size, which must not be 0. */
export function unsignedQuantityCell(row: HeaderRow, column: string): number {
  const q = Math.abs(amountCell(row, column));
  if (q === 0) throw cellError(row.line, column, `"${row.get(column)}" is not a quantity other than 0`);
  return q;
}

/** US month-first dates, four- or two-digit years (`03/13/2026`, `3/13/26`), or ISO dates. */
export const US_DATES: readonly string[] = ['M/d/yyyy', 'M/d/yy', 'yyyy-MM-dd'];

/** Clock times with or without seconds, 24-hour or with AM/PM. */
export const CLOCK_TIMES: readonly string[] = ['H:mm:ss', 'H:mm', 'h:mm:ss a', 'h:mm a'];

/** The wall-clock time of a date column plus a clock-time column (`T/D` + `Exec Time`). */
export function dateAndClock(row: HeaderRow, dateColumn: string, timeColumn: string): WallClock {
  const date = wallClockCell(row, dateColumn, US_DATES);
  const time = wallClockCell(row, timeColumn, CLOCK_TIMES);
  return { ...date, hour: time.hour, minute: time.minute, second: time.second, millisecond: time.millisecond };
}

/** The calendar date in `column` as YYYY-MM-DD (an option's expiry, say). */
export function dateCell(row: HeaderRow, column: string, patterns: readonly string[] = US_DATES): string {
  const w = wallClockCell(row, column, patterns);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

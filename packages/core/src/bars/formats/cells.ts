/** Cell readers the bars formats share: prices, volume, times, each failing with the line and column. */
import { cellError } from '../../import/read/cell-error.js';
import { parseDecimal, parseTimeCell } from '../../import/values/plain.js';
import type { BrokerTime } from '../../import/values/wall-clock.js';
import type { CsvLine } from '../../import/read/csv-records.js';
import type { RawBar } from './types.js';

/** A cell of a record by index, trimmed ('' when the row is short). */
export function cell(record: CsvLine, index: number): string {
  return (record.cells[index] ?? '').trim();
}

/** A price cell as a number (the reader checks that it is positive). */
export function priceCell(record: CsvLine, index: number, column: string): number {
  const raw = cell(record, index);
  if (raw === '') throw cellError(record.line, column, 'a price is missing');
  const r = parseDecimal(raw);
  if (!r.ok) throw cellError(record.line, column, r.message);
  return r.value;
}

/** A volume cell: null when empty or absent. */
export function volumeCell(record: CsvLine, index: number | undefined, column: string): number | null {
  if (index === undefined) return null;
  const raw = cell(record, index);
  if (raw === '' || raw.toLowerCase() === 'nan') return null;
  const r = parseDecimal(raw);
  if (!r.ok) throw cellError(record.line, column, r.message);
  if (r.value < 0) throw cellError(record.line, column, `volume ${raw} is negative`);
  return r.value;
}

/** An ISO 8601 date-time cell: an instant with `Z` or an offset, else a wall-clock time. */
export function isoTimeCell(record: CsvLine, index: number, column: string): BrokerTime {
  const raw = cell(record, index);
  const r = parseTimeCell(raw);
  if (!r.ok) throw cellError(record.line, column, r.message);
  return r.value;
}

/** A wall-clock time from its parts, checked (month 1–12, day of the month, 24-hour time). */
export function wallTime(
  record: CsvLine,
  column: string,
  raw: string,
  parts: { year: number; month: number; day: number; hour: number; minute: number; second: number },
): BrokerTime {
  const { year, month, day, hour, minute, second } = parts;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const valid =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  if (!valid) throw cellError(record.line, column, `"${raw}" is not a valid date and time`);
  return { wall: { year, month, day, hour, minute, second, millisecond: 0 } };
}

/** The OHLCV of a record whose prices sit at `at[0…3]` (open, high, low, close) and volume at `at[4]`. */
export function ohlcv(
  record: CsvLine,
  at: readonly [number, number, number, number, number | undefined],
  names: readonly [string, string, string, string, string],
): Pick<RawBar, 'open' | 'high' | 'low' | 'close' | 'volume'> {
  return {
    open: priceCell(record, at[0], names[0]),
    high: priceCell(record, at[1], names[1]),
    low: priceCell(record, at[2], names[2]),
    close: priceCell(record, at[3], names[3]),
    volume: volumeCell(record, at[4], names[4]),
  };
}

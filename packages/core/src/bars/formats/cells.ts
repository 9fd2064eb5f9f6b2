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

const PLAIN_DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A price cell as a number (the reader checks that it is positive). */
export function priceCell(record: CsvLine, index: number, column: string): number {
  const raw = cell(record, index);
  // The common case without allocating a result (a million bars read five prices each).
  if (PLAIN_DECIMAL.test(raw)) return Number(raw);
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

const digit = (s: string, i: number): number => {
  const d = s.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : Number.NaN;
};
const digits = (s: string, from: number, n: number): number => {
  let v = 0;
  for (let i = from; i < from + n; i++) v = v * 10 + digit(s, i);
  return v;
};

/**
 * `YYYY-MM-DDTHH:MM:SSZ` or `…:SS.sssZ` (what exporters write, a million times a file) as epoch
 * ms, read without a regular expression or an allocation; undefined for anything else (read then
 * by the general parser, which says what is wrong).
 */
export function utcIsoMs(s: string): number | undefined {
  const n = s.length;
  if (
    (n !== 20 && n !== 24) ||
    s[4] !== '-' ||
    s[7] !== '-' ||
    (s[10] !== 'T' && s[10] !== ' ') ||
    s[13] !== ':' ||
    s[16] !== ':' ||
    s[n - 1] !== 'Z'
  )
    return undefined;
  if (n === 24 && s[19] !== '.') return undefined;
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 2);
  const day = digits(s, 8, 2);
  const hour = digits(s, 11, 2);
  const minute = digits(s, 14, 2);
  const second = digits(s, 17, 2);
  const ms = n === 24 ? digits(s, 20, 3) : 0;
  // NaN (a non-digit) fails every comparison below; day 31 of a 30-day month is the general parser's to name.
  if (
    !(
      month >= 1 &&
      month <= 12 &&
      day >= 1 &&
      day <= daysIn(year, month) &&
      hour <= 23 &&
      minute <= 59 &&
      second <= 59 &&
      ms >= 0
    )
  ) {
    return undefined;
  }
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}

function daysIn(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

/** An ISO 8601 date-time cell: an instant with `Z` or an offset, else a wall-clock time. */
export function isoTimeCell(record: CsvLine, index: number, column: string): BrokerTime {
  const raw = cell(record, index);
  const fast = utcIsoMs(raw);
  if (fast !== undefined) return { utc: fast };
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

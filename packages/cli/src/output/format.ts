/** Formatting of numbers, money, percentages and times for human output. */
import { priceFormat as sharedPriceFormat } from '@tj/report';
import { localDateAndTime } from '../util/dates.js';

/** Shown for a missing value. */
export const NONE = '-';

/** A number with thousands separators and up to `digits` decimals (trailing zeros dropped). */
export function num(value: number | null | undefined, digits = 8): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/**
 * Prices written with the same decimals, the most any of `values` has, so a column of one
 * instrument's prices lines up (25,072.00 above 25,073.25, not 25,072); the report's rule.
 *
 * @example priceFormat([25072, 25073.25])(25072) // '25,072.00'
 */
export const priceFormat = (values: ReadonlyArray<number | null | undefined>) => sharedPriceFormat(values, NONE);

/** Money: two decimals, thousands separators, a minus sign when negative. */
export function money(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A percentage with one decimal: `55.0%`. */
export function pct(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  return `${value.toFixed(1)}%`;
}

/** An R multiple: `1.50R`. */
export function rMultiple(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  return `${value.toFixed(2)}R`;
}

/** A ratio such as a profit factor, two decimals. */
export function ratio(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  return value.toFixed(2);
}

/** An ISO date-time shown in `tz` as `2026-11-20 09:30`. */
export function dateTime(iso: string | null | undefined, tz: string): string {
  if (!iso) return NONE;
  const { date, time } = localDateAndTime(new Date(iso).getTime(), tz);
  return `${date} ${time}`;
}

/** Text cut to `max` characters with an ellipsis, on one line. */
export function clip(text: string | null | undefined, max: number): string {
  if (!text) return NONE;
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** `1 trade`, `2 trades`. */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? word : many}`;
}

/**
 * The line under one page of a list: where it is and how to move.
 *
 * @example pageLine({ page: 1, pages: 3, total: 41 }, 'trade') // 'Page 1 of 3 (41 trades; --page, --limit)'
 */
export function pageLine(p: { page: number; pages: number; total: number }, word: string, many?: string): string {
  return `Page ${p.page} of ${p.pages} (${plural(p.total, word, many)}; --page, --limit)`;
}

import { civilFromDays, dayKey, daysFromCivil, monthIndex, monthKey, weekIndex, weekKey } from '../shared/calendar.js';
import { validationError } from '../shared/errors.js';

/** Granularity of a calendar period. */
export type Granularity = 'daily' | 'weekly' | 'monthly' | 'yearly';

/** The granularity a query names (`year` is another name of `yearly`). */
export function granularityOf(name: Granularity | 'year'): Granularity {
  return name === 'year' ? 'yearly' : name;
}

/** Index of the period of granularity `g` containing a civil day (day, week or month index). */
export function periodIndex(g: Granularity, days: number): number {
  if (g === 'yearly') return civilFromDays(days).year;
  return g === 'daily' ? days : g === 'weekly' ? weekIndex(days) : monthIndex(days);
}

/** Key of a period index: `2026-11-20`, `2026-W47`, `2026-11` or `2026`. */
export function periodKey(g: Granularity, index: number): string {
  if (g === 'yearly') return String(index).padStart(4, '0');
  return g === 'daily' ? dayKey(index) : g === 'weekly' ? weekKey(index) : monthKey(index);
}

/** First civil day of a period index. */
export function periodStartDay(g: Granularity, index: number): number {
  if (g === 'daily') return index;
  if (g === 'weekly') return index * 7 - 3;
  if (g === 'yearly') return daysFromCivil(index, 1, 1);
  const year = Math.floor(index / 12);
  return daysFromCivil(year, index - year * 12 + 1, 1);
}

/** Keys of the periods `fromIndex` … `toIndex` inclusive, oldest first (a zero-fill skeleton). */
export function periodKeys(g: Granularity, fromIndex: number, toIndex: number): string[] {
  const keys: string[] = [];
  for (let i = fromIndex; i <= toIndex; i++) keys.push(periodKey(g, i));
  return keys;
}

/** Keys of every period touching the civil days `fromDay` … `toDay`, oldest first. */
export function periodKeyRange(g: Granularity, fromDay: number, toDay: number): string[] {
  return periodKeys(g, periodIndex(g, fromDay), periodIndex(g, toDay));
}

/** The key following `key` (`2026-12-31` → `2027-01-01`, `2026-W53` → `2027-W01`, `2026-12` → `2027-01`, `2026` → `2027`). */
export function nextPeriodKey(g: Granularity, key: string): string {
  if (g === 'yearly' && /^\d{4}$/.test(key)) return periodKey(g, Number(key) + 1);
  const m = /^(\d{4})-(?:W(\d{2})|(\d{2}))(?:-(\d{2}))?$/.exec(key);
  if (m === null) throw validationError([{ path: 'period', message: `malformed period key ${key}` }]);
  const year = Number(m[1]);
  if (g === 'daily') return dayKey(daysFromCivil(year, Number(m[3]), Number(m[4])) + 1);
  if (g === 'monthly') return monthKey(year * 12 + Number(m[3]));
  const week1 = weekIndex(daysFromCivil(year, 1, 4));
  return weekKey(week1 + Number(m[2]));
}

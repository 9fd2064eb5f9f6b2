import { InvalidArgumentError } from 'commander';
import { UsageError } from '../errors.js';
import { filterBound, isCalendarDate, parseDateTimeArg } from './dates.js';

/** A number option value (commander argParser): a usage error (exit 2) when not a number. */
export function numberArg(value: string): number {
  const n = Number(value.trim().replace(/_/g, ''));
  if (value.trim() === '' || !Number.isFinite(n)) throw new InvalidArgumentError('must be a number.');
  return n;
}

/** A whole-number option value ≥ 1 (pages, limits, counts). */
export function positiveIntArg(value: string): number {
  const n = numberArg(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number of 1 or more.');
  return n;
}

/** A comma-separated list option value: trimmed, blanks dropped. */
export function listArg(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A date-time flag value read in `tz` (see parseDateTimeArg), or a usage error naming the flag. */
export function dateTimeFlag(flag: string, value: string, tz: string): string {
  const iso = parseDateTimeArg(value, tz);
  if (iso === undefined) {
    throw new UsageError(`${flag}: "${value}" is not a date-time (use 2026-11-20T14:30:00Z, 2026-11-20 09:30 in --tz, or now)`);
  }
  return iso;
}

/** A calendar date flag value, or a usage error naming the flag. */
export function dateFlag(flag: string, value: string): string {
  if (!isCalendarDate(value.trim())) throw new UsageError(`${flag}: "${value}" is not a date (use YYYY-MM-DD)`);
  return value.trim();
}

/** `--from`/`--to` as calendar dates (journal, performance); a usage error when --from is after --to. */
export function dateRangeFlags(opts: { [key: string]: unknown }): { dateFrom?: string; dateTo?: string } {
  const dateFrom = opts.from === undefined ? undefined : dateFlag('--from', String(opts.from));
  const dateTo = opts.to === undefined ? undefined : dateFlag('--to', String(opts.to));
  if (dateFrom !== undefined && dateTo !== undefined && dateFrom > dateTo) {
    throw new UsageError(`--from ${dateFrom} is after --to ${dateTo}: nothing can match`);
  }
  return defined({ dateFrom, dateTo });
}

/** `--from`/`--to` of trade filters as instants (calendar dates are whole days in `tz`). */
export function rangeFlags(opts: { [key: string]: unknown }, tz: string): { dateFrom?: string; dateTo?: string } {
  const out: { dateFrom?: string; dateTo?: string } = {};
  const bounds: { dateFrom?: string; dateTo?: string } = {};
  for (const [flag, key, end] of [
    ['--from', 'dateFrom', false],
    ['--to', 'dateTo', true],
  ] as const) {
    const value = opts[flag === '--from' ? 'from' : 'to'] as string | undefined;
    if (value === undefined) continue;
    const iso = filterBound(value, tz, end);
    if (iso === undefined) throw new UsageError(`${flag}: "${value}" is not a date or date-time`);
    bounds[key] = iso;
    // A date goes as it is: the service reads it as a whole trading day in tz (the user's day start).
    out[key] = isCalendarDate(value.trim()) ? value.trim() : iso;
  }
  if (bounds.dateFrom !== undefined && bounds.dateTo !== undefined && bounds.dateFrom > bounds.dateTo) {
    throw new UsageError(`--from ${String(opts.from)} is after --to ${String(opts.to)}: nothing can match`);
  }
  return out;
}

/** Drops undefined values (bodies and queries must not carry them under exactOptionalPropertyTypes). */
export function defined<T extends Record<string, unknown>>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as never;
}

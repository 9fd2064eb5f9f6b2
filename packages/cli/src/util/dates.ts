/** Date and time arguments: ISO date-times with an offset, or wall-clock times in the --tz zone. */
import { getCalendar, parseDayKey } from '@tj/core/calendar';

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const pad = (n: number | undefined, width = 2): string => String(n).padStart(width, '0');

/** The wall-clock fields of an instant in `tz`, from core's calendar (offsets cached per day). */
function wallClock(ms: number, tz: string): { year: number; month: number; day: number; hour: number; minute: number } {
  const local = new Date(ms + getCalendar(tz).offsetAt(ms));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

/** The offset of `tz` from UTC at an instant, in ms. */
function offsetAt(ms: number, tz: string): number {
  return getCalendar(tz).offsetAt(ms);
}

/**
 * The instant of a wall-clock time in `tz` (the earlier one when a clock change repeats it).
 *
 * @example zonedTimeToUtc(2026, 11, 20, 9, 30, 0, 0, 'America/New_York') // Date.parse('2026-11-20T14:30:00Z')
 */
export function zonedTimeToUtc(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  ms: number,
  tz: string,
): number {
  const guess = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const first = guess - offsetAt(guess, tz);
  const second = guess - offsetAt(first, tz);
  return Math.min(first, second);
}

/**
 * Reads a date-time argument: `now`; an ISO date-time with `Z` or an offset; or a date with an
 * optional time (`2026-11-20`, `2026-11-20 09:30`) as wall-clock time in `tz`. Returns a UTC ISO
 * string, or undefined when the text is not a date-time.
 *
 * @example parseDateTimeArg('2026-11-20 09:30', 'Europe/Berlin') // '2026-11-20T08:30:00.000Z'
 */
export function parseDateTimeArg(text: string, tz: string, now: Date = new Date()): string | undefined {
  const value = text.trim();
  if (value.toLowerCase() === 'now') return now.toISOString();
  const m = PATTERN.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', offset] = m;
  const nums = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const ms = frac === '' ? 0 : Math.round(Number(frac) * 1000);
  const [year, month, day, hour, minute, second] = nums;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1) return undefined;
  if (offset !== undefined) {
    const normalized = offset.toUpperCase() === 'Z' ? 'Z' : `${offset.slice(0, 3)}:${offset.slice(-2)}`;
    const iso = `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}.${pad(ms, 3)}${normalized}`;
    const t = Date.parse(iso);
    return Number.isNaN(t) ? undefined : new Date(t).toISOString();
  }
  return new Date(zonedTimeToUtc(year, month, day, hour, minute, second, ms, tz)).toISOString();
}

/** The calendar date `YYYY-MM-DD` and the time `HH:MM` of an instant on the wall clock of `tz`. */
export function localDateAndTime(ms: number, tz: string): { date: string; time: string } {
  const w = wallClock(ms, tz);
  return { date: `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}

/** Today's calendar date in `tz`, `YYYY-MM-DD`. */
export function todayIn(tz: string, now: Date = new Date()): string {
  return localDateAndTime(now.getTime(), tz).date;
}

/** True for a calendar date `YYYY-MM-DD` that exists. */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/**
 * A `--from`/`--to` filter bound as an ISO instant: a calendar date covers that whole day in
 * `tz` (`--to` inclusive: the day's last millisecond); other values as {@link parseDateTimeArg}.
 */
export function filterBound(text: string, tz: string, end: boolean): string | undefined {
  const day = isCalendarDate(text.trim()) ? parseDayKey(text.trim()) : null;
  if (day === null) return parseDateTimeArg(text, tz);
  const calendar = getCalendar(tz);
  return new Date(end ? calendar.startOfDay(day + 1) - 1 : calendar.startOfDay(day)).toISOString();
}

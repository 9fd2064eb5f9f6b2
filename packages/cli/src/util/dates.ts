/** Date and time arguments: ISO date-times with an offset, or wall-clock times in the --tz zone. */
import { getCalendar, parseDayKey } from '@tj/core/calendar';
import { parseZonedDateTime } from '@tj/core/dates';

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

/**
 * Reads a date-time argument: `now`; an ISO date-time with `Z` or an offset; or a date with an
 * optional time (`2026-11-20`, `2026-11-20 09:30`) as wall-clock time in `tz` (core's one reading
 * of date-times, `@tj/core/dates`). Returns a UTC ISO string, or undefined when the text is not a
 * date-time.
 *
 * @example parseDateTimeArg('2026-11-20 09:30', 'Europe/Berlin') // '2026-11-20T08:30:00.000Z'
 */
export function parseDateTimeArg(text: string, tz: string, now: Date = new Date()): string | undefined {
  const value = text.trim();
  if (value.toLowerCase() === 'now') return now.toISOString();
  const instant = parseZonedDateTime(value, tz);
  return instant === undefined ? undefined : new Date(instant.ms).toISOString();
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

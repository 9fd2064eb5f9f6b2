/**
 * Date-time text as people and files write it, in one place (the `@tj/core/dates` entry, light
 * enough for a CLI to load at start): ISO 8601 with `Z` or an offset is an instant; a date with an
 * optional time and no offset is a wall-clock time in a zone, read by the same rule as the
 * importers' naive times (a DST gap or overlap is reported, never guessed silently).
 */
import { wallClockToInstant, type ZonedInstant } from './import/values/zoned-time.js';
import { parseDateTime } from './import/values/plain.js';

export { parseDateTime } from './import/values/plain.js';
export { wallClockToInstant, type ZonedInstant } from './import/values/zoned-time.js';

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?$/;
const OFFSET = /[T ]\d{2}:\d{2}.*(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Reads `2026-11-20T14:30:00Z` / `2026-11-20 09:30-05:00` as instants, and `2026-11-20 09:30` /
 * `2026-11-20` (midnight) as wall-clock times in `tz`. Undefined when the text is not a
 * date-time or names a day or time that does not exist on any calendar.
 *
 * @example parseZonedDateTime('2026-11-20 09:30', 'Europe/Berlin') // { ms: Date.parse('2026-11-20T08:30:00Z') }
 */
export function parseZonedDateTime(text: string, tz: string): ZonedInstant | undefined {
  const s = text.trim();
  if (OFFSET.test(s)) {
    const parsed = parseDateTime(s);
    return parsed.ok ? { ms: parsed.value } : undefined;
  }
  const m = NAIVE.exec(s);
  if (m === null) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const millisecond = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) {
    return undefined;
  }
  return wallClockToInstant({ year, month, day, hour, minute, second, millisecond }, tz);
}

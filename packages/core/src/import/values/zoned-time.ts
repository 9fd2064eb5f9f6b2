import { getCalendar } from '../../shared/calendar.js';
import { type Parsed, parseDateTime, parseTimeCell } from './plain.js';
import type { WallClock } from './wall-clock.js';

/** An instant read from a wall-clock time, and what was odd about it in its zone. */
export interface ZonedInstant {
  ms: number;
  /** `gap`: the time does not exist (clocks jumped forward; read as if before the jump). `overlap`: it happened twice (the earlier is taken). */
  issue?: 'gap' | 'overlap';
  /** True when the time was written without a zone or offset (a wall-clock time, read in the source zone). */
  naive?: true;
}

/**
 * The instant of a wall-clock time in `tz`. A time in a DST gap or overlap is still read (the
 * offset before the change), and the issue is reported so the import can say so.
 *
 * @example wallClockToInstant({ year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0, millisecond: 0 }, 'America/New_York').issue // 'gap'
 */
export function wallClockToInstant(w: WallClock, tz: string): ZonedInstant {
  const cal = getCalendar(tz);
  const local = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);
  const before = cal.offsetAt(local - 86_400_000);
  const after = cal.offsetAt(local + 86_400_000);
  const candidates = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((ms) => ms + cal.offsetAt(ms) === local)
    .sort((a, b) => a - b);
  if (candidates.length === 2) return { ms: candidates[0] as number, issue: 'overlap' };
  if (candidates.length === 1) return { ms: candidates[0] as number };
  return { ms: local - before, issue: 'gap' };
}

/**
 * A date-time cell as an instant: as stated when it carries `Z` or an offset, else its wall-clock
 * time read in `tz` (see {@link wallClockToInstant}); without `tz` a naive time is refused.
 *
 * @example parseInstant('2026-11-02 09:30', 'America/New_York') // { ok: true, value: { ms: Date.parse('2026-11-02T14:30:00Z') } }
 */
export function parseInstant(raw: string, tz: string | undefined): Parsed<ZonedInstant> {
  const r = tz === undefined ? parseDateTime(raw) : parseTimeCell(raw);
  if (!r.ok) return r;
  if (typeof r.value === 'number') return { ok: true, value: { ms: r.value } };
  if ('utc' in r.value) return { ok: true, value: { ms: r.value.utc } };
  return { ok: true, value: { ...wallClockToInstant(r.value.wall, tz as string), naive: true } };
}

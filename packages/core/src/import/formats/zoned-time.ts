import { getCalendar } from '../../shared/calendar.js';
import type { WallClock } from './types.js';

/** An instant read from a wall-clock time, and what was odd about it in its zone. */
export interface ZonedInstant {
  ms: number;
  /** `gap`: the time does not exist (clocks jumped forward; read as if before the jump). `overlap`: it happened twice (the earlier is taken). */
  issue?: 'gap' | 'overlap';
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

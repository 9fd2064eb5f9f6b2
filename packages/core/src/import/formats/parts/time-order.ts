/**
 * Files that list several executions under one date, or newest first: the rule that gives
 * date-only rows a time, and the sort that restores time order while keeping the broker's order
 * between executions of the same time.
 */
import type { BrokerTime, WallClock } from '../types.js';

/**
 * The hour of the day, in the source time zone, given to rows that carry only a date: noon,
 * so the trade keeps its calendar date in any zone within ±11 hours of the source.
 */
export const DATE_ONLY_HOUR = 12;

/**
 * A date-only wall-clock time at {@link DATE_ONLY_HOUR}.
 *
 * @example atDateOnlyHour(parseWallClock('1/2/2025', 'M/d/yyyy').value) // 2025-01-02 12:00:00
 */
export function atDateOnlyHour(date: WallClock): WallClock {
  return { ...date, hour: DATE_ONLY_HOUR, minute: 0, second: 0, millisecond: 0 };
}

/** A sort key of a time (wall-clock times compare as if they were UTC: one file has one zone). */
function timeKey(time: BrokerTime): number {
  if ('utc' in time) return time.utc;
  const w = time.wall;
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);
}

/** The order a file is written in. */
export type FileOrder = 'oldest-first' | 'newest-first';

/**
 * The order of a whole file's rows: newest-first when consecutive times go down more often than
 * up, oldest-first when the other way round, and `typical` (the broker's usual order) when the
 * times say nothing (one date, or as many ups as downs).
 */
export function fileOrder(items: readonly { time: BrokerTime }[], typical: FileOrder): FileOrder {
  let ups = 0;
  let downs = 0;
  for (let i = 1; i < items.length; i++) {
    const d = timeKey((items[i] as { time: BrokerTime }).time) - timeKey((items[i - 1] as { time: BrokerTime }).time);
    if (d > 0) ups++;
    else if (d < 0) downs++;
  }
  return downs > ups ? 'newest-first' : ups > downs ? 'oldest-first' : typical;
}

/**
 * A whole file's rows in time order: reversed first when the file is newest-first (see
 * {@link fileOrder}), then stably sorted by time, so rows of the same time (a buy and a sell on
 * one date) keep the order in which they happened. Sorts `items` in place and returns it.
 *
 * @example inTimeOrder(fills, 'newest-first') // Robinhood: newest first, dates only
 */
export function inTimeOrder<T extends { time: BrokerTime }>(items: T[], typical: FileOrder): T[] {
  if (fileOrder(items, typical) === 'newest-first') items.reverse();
  return items.sort((a, b) => timeKey(a.time) - timeKey(b.time));
}

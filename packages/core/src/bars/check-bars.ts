/** Turns a file's raw bars into stored bars: times to instants, end stamps to starts, each row checked. */
import { cellError, lineError } from '../import/read/cell-error.js';
import { wallClockToInstant } from '../import/values/zoned-time.js';
import type { RawBar } from './formats/types.js';
import type { Bar } from '../market/bar.js';

/** A raw bar with its time read as an instant (ms), as written (start or end). */
export interface TimedBar {
  line: number;
  stamp: number;
  endStamped: boolean;
  bar: Omit<Bar, 'time'>;
}

/**
 * The instant of a raw bar's time: as stated, else its wall-clock time in `zone`; refused when
 * the time is naive and there is no zone.
 */
export function timed(raw: RawBar, zone: string | undefined, column: string): TimedBar {
  let stamp: number;
  if ('utc' in raw.time) stamp = raw.time.utc;
  else if (zone === undefined) {
    throw cellError(
      raw.line,
      column,
      'the time has no zone or offset: give the zone the file was written in (sourceTz, --source-tz)',
    );
  } else stamp = wallClockToInstant(raw.time.wall, zone).ms;
  const { open, high, low, close, volume } = raw;
  return { line: raw.line, stamp, endStamped: raw.endStamped, bar: { open, high, low, close, volume } };
}

/**
 * Checks bars in file order (docs/decisions.md, "Price bars: files"): prices finite and positive,
 * low ≤ open, close ≤ high; each bar starting at least one timeframe after the one before (times
 * strictly increasing, no overlapping bars). Holds only the previous bar.
 */
export class BarChecker {
  private previous: { start: number; line: number } | undefined;

  constructor(private readonly timeframeMs: number) {}

  /** The stored bar of a timed one, or a `validation_failed` error naming its line. */
  check(t: TimedBar): Bar {
    const { open, high, low, close } = t.bar;
    for (const [name, value] of [
      ['open', open],
      ['high', high],
      ['low', low],
      ['close', close],
    ] as const) {
      if (!Number.isFinite(value) || value <= 0) throw cellError(t.line, name, `the price must be positive, not ${value}`);
    }
    if (low > high) throw lineError(t.line, `low ${low} is above high ${high}`);
    if (open < low || open > high) throw lineError(t.line, `open ${open} is outside low ${low} … high ${high}`);
    if (close < low || close > high) throw lineError(t.line, `close ${close} is outside low ${low} … high ${high}`);
    const start = t.endStamped ? t.stamp - this.timeframeMs : t.stamp;
    const before = this.previous;
    if (before !== undefined && start - before.start < this.timeframeMs) {
      const what = start <= before.start ? 'not after' : 'less than one timeframe after';
      throw lineError(
        t.line,
        `the bar starting ${new Date(start).toISOString()} is ${what} the bar of line ${before.line} (${new Date(before.start).toISOString()}): bars must be in time order, one timeframe apart at least`,
      );
    }
    this.previous = { start, line: t.line };
    return { time: start, ...t.bar };
  }
}

import { validationError } from '../shared/errors.js';
import { TIMEFRAMES, type TimeframeSeconds, timeframeName } from '../market/bar.js';

/** Bars looked at to infer a timeframe: the first this many of a file. */
export const INFER_FROM_BARS = 1000;

/** A gap in words (`2m`, `90s`, `3h`). */
function gapWords(ms: number): string {
  const s = ms / 1000;
  if (s % 86_400 === 0) return `${s / 86_400}d`;
  if (s % 3600 === 0) return `${s / 3600}h`;
  if (s % 60 === 0) return `${s / 60}m`;
  return `${s}s`;
}

/**
 * The timeframe of a file's first bars (their times, increasing, in ms): the most common gap
 * between consecutive bars, the finest on a tie. Refused when the file has one bar or when that
 * gap is not one of {@link TIMEFRAMES}.
 *
 * @example inferTimeframe([0, 60_000, 120_000, 300_000]) // 60
 */
export function inferTimeframe(times: readonly number[]): TimeframeSeconds {
  if (times.length < 2) {
    throw validationError([
      { path: 'timeframe', message: 'the file has one bar: its timeframe cannot be inferred; give it (1m, 5m, … 1d)' },
    ]);
  }
  const counts = new Map<number, number>();
  for (let i = 1; i < times.length; i++) {
    const gap = (times[i] as number) - (times[i - 1] as number);
    counts.set(gap, (counts.get(gap) ?? 0) + 1);
  }
  let best = 0;
  let bestCount = 0;
  for (const [gap, count] of counts) {
    if (count > bestCount || (count === bestCount && gap < best)) {
      best = gap;
      bestCount = count;
    }
  }
  const found = TIMEFRAMES.find((t) => t * 1000 === best);
  if (found !== undefined) return found;
  const known = TIMEFRAMES.map(timeframeName).join(', ');
  throw validationError([
    {
      path: 'timeframe',
      message: `the most common gap between bars is ${gapWords(best)}, not a timeframe tj keeps (${known}); give the timeframe`,
    },
  ]);
}

import { uncovered } from '../market/coverage.js';
import { type SeriesSubject, seriesFor } from '../market/series.js';
import { TIMEFRAMES, type TimeframeSeconds } from '../market/bar.js';
import type { BarRangeRow } from '../storage/ports.js';

/** The stretches recorded for a series at a timeframe (whole history), as the caller reads and caches them. */
export type RangesOf = (instrumentKey: string, timeframe: TimeframeSeconds) => Promise<readonly BarRangeRow[]>;

/** The series and resolution a trade is measured on, or why there is none. */
export type SeriesChoice =
  | { instrumentKey: string; continuous: boolean; timeframe: TimeframeSeconds }
  | { reason: 'no_bars' | 'gap' | 'no_option_bars' };

/** True when the stretches hold [from, to) whole (an instant: a stretch holding it); quiet minutes inside a stretch are held. */
export function covers(ranges: readonly BarRangeRow[], from: number, to: number): boolean {
  if (from === to) return ranges.some((r) => r.from <= from && from < r.to);
  return uncovered(ranges, from, to).length === 0;
}

/**
 * Which bars measure a trade open over [from, to] (docs/analytics.md, "Excursions"): the first
 * series of {@link seriesFor} (a contract's own, then its continuous root) with a timeframe whose
 * recorded stretches cover the whole trade, finest timeframe first. Else `gap` when some stretch
 * covers part of it, `no_option_bars` for an option (or an option strategy) without them,
 * `no_bars` otherwise. Quiet minutes inside a stretch are no gap.
 */
export async function chooseSeries(
  trade: SeriesSubject & { strategy: string | null },
  from: number,
  to: number,
  rangesOf: RangesOf,
): Promise<SeriesChoice> {
  if (trade.strategy !== null) return { reason: 'no_option_bars' };
  let partly = false;
  for (const candidate of seriesFor(trade)) {
    for (const timeframe of TIMEFRAMES) {
      const ranges = await rangesOf(candidate.instrumentKey, timeframe);
      if (covers(ranges, from, to)) return { ...candidate, timeframe };
      if (ranges.some((r) => r.from <= to && r.to > from)) partly = true;
    }
  }
  if (partly) return { reason: 'gap' };
  return { reason: trade.assetClass === 'option' ? 'no_option_bars' : 'no_bars' };
}

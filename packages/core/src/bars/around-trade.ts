import { type Timeframe, TRADE_BARS_MAX, type TradeBars, tradeBarsQuerySchema } from '@tj/schemas';
import type { CoreDeps } from '../shared/deps.js';
import { notFound, validationError } from '../shared/errors.js';
import { isoUtc } from '../shared/iso.js';
import { recordId } from '../shared/record-id.js';
import { parseInput } from '../shared/validate.js';
import type { BarRepo } from '../storage/ports.js';
import { floorTo } from '../market/coverage.js';
import { type SeriesCandidate, seriesFor } from '../market/series.js';
import { type Bar, type TimeframeSeconds, timeframeName, timeframeOf } from '../market/bar.js';

/** What a chart of a trade needs of it: its series and when it was open. */
interface Span {
  entryTime: number;
  /** The exit, or now while the trade is open. */
  end: number;
}

/** The window shown at a timeframe: the entry's bar less `padding` bars, to after the exit's bar and `padding` more. */
export function chartWindow(span: Span, seconds: number, padding: number): { from: number; to: number } {
  const step = seconds * 1000;
  const first = floorTo(span.entryTime, step);
  const last = floorTo(Math.max(span.end, span.entryTime), step);
  return { from: first - padding * step, to: last + (padding + 1) * step };
}

/** How many bars of `seconds` a window spans. */
const barsIn = (w: { from: number; to: number }, seconds: number) => (w.to - w.from) / (seconds * 1000);

/** The first series and timeframe, finest first, with bars in its window; `asked` limits it to one timeframe. */
async function firstHeld(
  repo: BarRepo,
  userId: string,
  candidates: SeriesCandidate[],
  span: Span,
  padding: number,
  asked: TimeframeSeconds | undefined,
): Promise<{ series: SeriesCandidate; timeframe: number; bars: Bar[] } | undefined> {
  for (const series of candidates) {
    const held = asked === undefined ? await repo.timeframes(userId, series.instrumentKey) : [asked];
    for (const timeframe of held) {
      const w = chartWindow(span, timeframe, padding);
      if (barsIn(w, timeframe) > TRADE_BARS_MAX) continue;
      const bars = await repo.range(userId, series.instrumentKey, timeframe, w.from, w.to);
      if (bars.length > 0) return { series, timeframe, bars };
    }
  }
  return undefined;
}

/**
 * The bars around one trade (docs/decisions.md, "A trade on its chart"): from the series the
 * trade is measured on (its contract's, else its continuous root's, said on the answer; an
 * option's own only), at the finest timeframe held that has bars there and fits
 * `TRADE_BARS_MAX` bars (or the asked one), `padding` bars before the entry's bar and after the
 * exit's (now while open). None held is an empty list, not an error; an unknown trade is
 * `not_found`; an asked timeframe too fine for the trade is `validation_failed`.
 *
 * @example const { bars, timeframe, continuous } = await core.bars.aroundTrade(userId, tradeId, { padding: 20 });
 */
export function barsAroundTrade(deps: CoreDeps) {
  const { storage, clock } = deps;
  return async (userId: string, tradeId: string, input: unknown = {}): Promise<TradeBars> => {
    const q = parseInput(tradeBarsQuerySchema, input ?? {});
    const full = await recordId(storage.repos.ids, 'trades', userId, tradeId, 'trade');
    const trade = full === undefined ? undefined : await storage.repos.trades.get(userId, full);
    if (!trade) throw notFound('trade');
    const span = { entryTime: trade.entryTime, end: trade.exitTime ?? clock.now() };
    const asked = q.timeframe === undefined ? undefined : timeframeOf(q.timeframe);
    const n = asked === undefined ? 0 : barsIn(chartWindow(span, asked, q.padding), asked);
    if (n > TRADE_BARS_MAX) {
      const message = `the trade and its padding span ${n} bars of ${q.timeframe}, more than ${TRADE_BARS_MAX}: ask a coarser timeframe or less padding`;
      throw validationError([{ path: 'timeframe', message }]);
    }
    const candidates = seriesFor(trade);
    const found = await firstHeld(storage.repos.bars, userId, candidates, span, q.padding, asked);
    const shown = found?.timeframe ?? asked ?? 60;
    const w = chartWindow(span, shown, q.padding);
    const series = found?.series ?? (candidates[0] as SeriesCandidate);
    return {
      instrument: series.instrumentKey,
      continuous: series.continuous,
      timeframe: found === undefined ? (q.timeframe ?? null) : (timeframeName(found.timeframe as TimeframeSeconds) as Timeframe),
      bars: (found?.bars ?? []).map((b) => ({ ...b, time: isoUtc(b.time) })),
      from: isoUtc(w.from),
      to: isoUtc(w.to),
    };
  };
}

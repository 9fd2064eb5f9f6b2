import type { AfterBars } from '../after-write/bars.js';
import type { CoreDeps } from '../shared/deps.js';
import { barsAroundTrade } from './around-trade.js';
import { barInstrumentKey, type Bar } from './types.js';

/**
 * The user's price bars (docs/decisions.md, "Price bars"): the series held, and the bars of one
 * series over a stretch of time. Every store of bars runs `afterBars` in its transaction.
 *
 * @example const bars = await core.bars.range(userId, 'ESZ6', 60, from, to);
 */
export function bars(deps: CoreDeps, afterBars: readonly AfterBars[]) {
  const { storage } = deps;
  return {
    /** Each series the user holds (instrument key, timeframe in seconds, count, first and last bar start). */
    series: (userId: string) => storage.repos.bars.series(userId),

    /** The bars of one series starting in [from, to) (ms), oldest first. */
    range: (userId: string, instrument: string, timeframe: number, from: number, to: number): Promise<Bar[]> =>
      storage.repos.bars.range(userId, barInstrumentKey(instrument), timeframe, from, to),

    /** The bars around one trade, from the series it is measured on, with padding (`not_found` for an unknown trade). */
    aroundTrade: barsAroundTrade(deps),
  };
}

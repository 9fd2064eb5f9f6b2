import type { AfterBars } from '../after-write/bars.js';
import type { CoreDeps } from '../shared/deps.js';
import { type BarFileSettings, barFiles } from './file-service.js';
import { barFetching } from './fetch.js';
import type { BarProvider } from './providers.js';
import { barsAroundTrade } from './around-trade.js';
import { barInstrumentKey, type Bar } from '../market/bar.js';

/**
 * The user's price bars (docs/decisions.md, "Price bars"): the series held, and the bars of one
 * series over a stretch of time. Every store of bars runs `afterBars` in its transaction.
 *
 * @example const bars = await core.bars.range(userId, 'ESZ6', 60, from, to);
 */
export function bars(
  deps: CoreDeps,
  afterBars: readonly AfterBars[],
  files: BarFileSettings = {},
  providers: ReadonlyMap<string, BarProvider> = new Map(),
) {
  const { storage } = deps;
  return {
    /** Bars files in (importFile), the series held in the API's words (list), a series deleted (delete). */
    ...barFiles(deps, afterBars, files),

    /** Each series the user holds (instrument key, timeframe in seconds, count, first and last bar start). */
    series: (userId: string) => storage.repos.bars.series(userId),

    /** The bars of one series starting in [from, to) (ms), oldest first. */
    range: (userId: string, instrument: string, timeframe: number, from: number, to: number): Promise<Bar[]> =>
      storage.repos.bars.range(userId, barInstrumentKey(instrument), timeframe, from, to),

    /** Fetching from providers with the user's key, only what is not yet covered (bars/fetch.ts). */
    ...barFetching(deps, providers, afterBars),
    /** The bars around one trade, from the series it is measured on, with padding (`not_found` for an unknown trade). */
    aroundTrade: barsAroundTrade(deps),
  };
}

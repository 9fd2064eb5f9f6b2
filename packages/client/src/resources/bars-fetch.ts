import type { Call } from '../operation.js';
import type { CallOptions } from '../transport.js';
import type { BarFetchInput, BarsFetched } from '../types.js';

/** Fetching price bars from a provider with your own key (Databento, Polygon). */
export function barsFetchApi(call: Call) {
  return {
    /**
     * Fetches bars from a provider with your key (used for this request only, never stored): of an
     * instrument over a range, or with `trades` the bars your closed trades lack. Stretches already
     * held are never fetched again.
     *
     * @example await client.bars.fetch({ provider: 'databento', apiKey, instrument: 'ES', from: '2026-11-02', to: '2026-11-06' });
     */
    fetch(body: BarFetchInput, options?: CallOptions): Promise<BarsFetched> {
      return call('fetchBars', { body }, options);
    },
  };
}

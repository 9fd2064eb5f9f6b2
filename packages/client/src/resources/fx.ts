import type { Call } from '../operation.js';
import type { CallOptions } from '../transport.js';
import type {
  FxFetchInput,
  FxRateDeleteQuery,
  FxRateList,
  FxRateListQuery,
  FxRatesDeleted,
  FxRatesImportInput,
  FxRatesWritten,
} from '../types.js';

/** The FX rate endpoints: the rates analytics convert money with. */
export function fxApi(call: Call) {
  return {
    /**
     * A page of the user's reference rates, by pair and day.
     *
     * @example const { rates } = await client.fx.list({ base: 'EUR', quote: 'USD', from: '2026-03-01' });
     */
    list(query: FxRateListQuery = {}, options?: CallOptions): Promise<FxRateList> {
      return call('listFxRates', { query }, options);
    },

    /**
     * Stores your own rates (1 `base` = `rate` `quote` on `date`); nothing is stored when one is invalid.
     *
     * @example await client.fx.import({ rates: [{ date: '2026-03-02', base: 'EUR', quote: 'USD', rate: '1.0834' }] });
     */
    import(body: FxRatesImportInput, options?: CallOptions): Promise<FxRatesWritten> {
      return call('importFxRates', { body }, options);
    },

    /**
     * Deletes rates of a pair, a currency or a source (all of yours without a filter).
     *
     * @example const { deleted } = await client.fx.delete({ source: 'ecb' });
     */
    delete(query: FxRateDeleteQuery = {}, options?: CallOptions): Promise<FxRatesDeleted> {
      return call('deleteFxRates', { query }, options);
    },

    /**
     * Fetches a provider's published rates (the ECB's) for a range of days into your rates.
     *
     * @example await client.fx.fetch({ from: '2026-01-01', to: '2026-03-31' });
     */
    fetch(body: FxFetchInput, options?: CallOptions): Promise<FxRatesWritten> {
      return call('fetchFxRates', { body }, options);
    },
  };
}

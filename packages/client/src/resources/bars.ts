import { requestOf, type Call } from '../operation.js';
import type { CallOptions, Send } from '../transport.js';
import type { BarImport, BarImportQuery, BarSeriesList, BarsDeleted, Timeframe } from '../types.js';
import { counted, type ImportBody } from './imports.js';

/** Options of `bars.import`: the instrument, and how to read the file (every query option of `POST /api/bars`). */
export type BarImportOptions = BarImportQuery & {
  /** Bytes sent so far: called as a stream body is read. */
  onProgress?: (bytesSent: number) => void;
};

/** Price bars: a chart export in, the series held, a series deleted. */
export function barsApi(call: Call, send: Send) {
  return {
    /**
     * Imports a bars file (generic CSV `time,open,high,low,close[,volume]`, TradingView, NinjaTrader 8,
     * MetaTrader 5; detected unless `format`) for one instrument, in one transaction. Bars already held
     * are kept; those that differ are counted in `conflicts`.
     *
     * @example const r = await client.bars.import(fileInput.files[0], { instrument: 'ES', timeframe: '1m' });
     */
    import(body: ImportBody, options: BarImportOptions, callOptions?: CallOptions): Promise<BarImport> {
      const { onProgress, ...query } = options;
      const whole =
        typeof body === 'string' || body instanceof Uint8Array || (typeof Blob !== 'undefined' && body instanceof Blob);
      const upload = {
        body: whole ? body : counted(body as ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>, onProgress),
        contentType: 'text/csv',
      };
      return send<BarImport>({ ...requestOf('importBars', { query }), upload }, callOptions);
    },

    /**
     * The series held: instrument, timeframe, count, first and last bar start.
     *
     * @example const { series } = await client.bars.list();
     */
    list(options?: CallOptions): Promise<BarSeriesList> {
      return call('listBarSeries', {}, options);
    },

    /**
     * Deletes an instrument's bars: one timeframe, or every one.
     *
     * @example const { deleted } = await client.bars.delete('ES', '1m');
     */
    delete(instrument: string, timeframe?: Timeframe, options?: CallOptions): Promise<BarsDeleted> {
      return call('deleteBars', { query: { instrument, ...(timeframe !== undefined && { timeframe }) } }, options);
    },
  };
}

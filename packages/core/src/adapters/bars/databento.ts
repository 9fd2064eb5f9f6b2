/**
 * Databento's historical bars of CME Globex futures (dataset GLBX.MDP3) over its HTTP API:
 * `GET {base}/v0/timeseries.get_range` with the key as the basic-auth user
 * (https://databento.com/docs/api-historical), schema `ohlcv-1m`, `ohlcv-1h` or `ohlcv-1d`,
 * CSV with fixed-point prices. A contract (`ESZ6`, `ESZ26`) is asked as its raw symbol `ESZ6`; a
 * root (`ES`) as the continuous front month `ES.c.0`. Why CSV, how an end past the available
 * data is read: docs/decisions.md, "Price bars: providers".
 */
import type { BarAnswer, BarProvider, BarRequest } from '../../bars/providers.js';
import type { Bar, TimeframeSeconds } from '../../market/bar.js';
import { parseFuturesContract } from '../../instruments/catalogue.js';
import { ProviderError } from '../../providers/errors.js';
import { providerHttp, type ProviderOptions } from '../../providers/http.js';
import { safeDetail } from '../../providers/retry.js';
import { readDatabentoCsv } from './databento-csv.js';

/** Databento's historical API. */
export const DATABENTO_BASE_URL = 'https://hist.databento.com';
/** The provider's name, the source of the stretches it covers. */
export const DATABENTO_PROVIDER = 'databento';
/** CME Globex MDP 3.0, where CME, CBOT, NYMEX and COMEX futures trade. */
export const DATABENTO_DATASET = 'GLBX.MDP3';

const SCHEMAS: Partial<Record<TimeframeSeconds, string>> = { 60: 'ohlcv-1m', 3600: 'ohlcv-1h', 86400: 'ohlcv-1d' };
const MONTH_CODES = 'FGHJKMNQUVXZ';

/** Options of the Databento provider (default entry point {@link DATABENTO_BASE_URL}). */
export type DatabentoOptions = ProviderOptions;

/**
 * The symbol and symbology of an instrument key: a futures contract as its raw symbol (root,
 * month code, last digit of the year: `ESZ26` → `ESZ6`), a root as its continuous front month.
 *
 * @example databentoSymbol('ES') // { symbol: 'ES.c.0', stype: 'continuous' }
 */
export function databentoSymbol(instrument: string): { symbol: string; stype: 'raw_symbol' | 'continuous' } {
  const contract = parseFuturesContract(instrument);
  if (contract === undefined || contract.root === instrument) return { symbol: `${instrument}.c.0`, stype: 'continuous' };
  const [year, month] = contract.month.split('-') as [string, string];
  return { symbol: `${contract.root}${MONTH_CODES[Number(month) - 1]}${year.slice(-1)}`, stype: 'raw_symbol' };
}

/** Requests cover at most 10,000 intervals each (a week of minutes ≈ 700 KB of CSV), so no answer is huge. */
const WINDOW_BARS = 10_000;

interface DatabentoErrorDetail {
  case?: unknown;
  message?: unknown;
  payload?: { available_end?: unknown };
}

function detailOf(text: string): DatabentoErrorDetail | undefined {
  try {
    const body = JSON.parse(text) as { detail?: unknown };
    return typeof body.detail === 'object' && body.detail !== null ? (body.detail as DatabentoErrorDetail) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Databento's OHLCV bars as a {@link BarProvider}. A 422 `data_end_after_available_end` (the
 * range reaches past the data published so far) is asked again up to the `available_end` it
 * names, and the answer is complete only up to there; `data_start_after_available_end` is no
 * bars, complete nowhere. Other 4xx are errors in the provider's words, with nothing secret.
 *
 * @example const { bars } = await databentoBars().bars({ instrument: 'ESZ6', timeframe: 60, from, to, apiKey });
 */
export function databentoBars(options: DatabentoOptions = {}): BarProvider {
  const { baseUrl = DATABENTO_BASE_URL, ...rules } = options;
  const http = providerHttp({ ...rules, provider: DATABENTO_PROVIDER });
  const bad = (message: string) => new ProviderError(DATABENTO_PROVIDER, 'bad-request', message);

  async function window(request: BarRequest, schema: string, from: number, to: number, signal?: AbortSignal) {
    const url = new URL(`${baseUrl.replace(/\/+$/, '')}/v0/timeseries.get_range`);
    const { symbol, stype } = databentoSymbol(request.instrument);
    const params = { dataset: DATABENTO_DATASET, symbols: symbol, stype_in: stype, schema, encoding: 'csv' };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('start', new Date(from).toISOString());
    url.searchParams.set('end', new Date(to).toISOString());
    const answer = await http.get(url, {
      headers: { authorization: `Basic ${Buffer.from(`${request.apiKey}:`).toString('base64')}`, accept: 'text/csv' },
      ...(signal === undefined ? {} : { signal }),
      accept: (status) => status === 422,
    });
    if (answer.status !== 422) return { bars: readDatabentoCsv(answer.text, from, to), end: to };
    const detail = detailOf(answer.text);
    if (detail?.case === 'data_start_after_available_end') return { bars: [], end: from };
    const available = typeof detail?.payload?.available_end === 'string' ? Date.parse(detail.payload.available_end) : Number.NaN;
    if (detail?.case === 'data_end_after_available_end' && Number.isFinite(available) && available < to) {
      if (available <= from) return { bars: [], end: from };
      return window(request, schema, from, available, signal);
    }
    const words = typeof detail?.message === 'string' ? safeDetail(detail.message) : undefined;
    throw bad(`the service refused the request (HTTP 422)${words === undefined ? '' : `: ${words}`}`);
  }

  return {
    name: DATABENTO_PROVIDER,
    assetClasses: ['future'],
    timeframes: [60, 3600, 86400],
    async bars(request, signal): Promise<BarAnswer> {
      const schema = SCHEMAS[request.timeframe];
      if (schema === undefined) throw bad('Databento serves bars of 1m, 1h and 1d only');
      if (!(request.to > request.from)) return { bars: [], end: request.from };
      const bars: Bar[] = [];
      const step = WINDOW_BARS * request.timeframe * 1000;
      for (let from = request.from; from < request.to; from += step) {
        const to = Math.min(request.to, from + step);
        const part = await window(request, schema, from, to, signal);
        bars.push(...part.bars);
        if (part.end < to) return { bars, end: part.end };
      }
      return { bars, end: request.to };
    },
  };
}

/**
 * Polygon.io's (now Massive's) aggregate bars of stocks and options: `GET {base}/v2/aggs/ticker/
 * {ticker}/range/{multiplier}/{timespan}/{from}/{to}?adjusted=false&sort=asc&limit=50000`
 * (https://polygon.io/docs/stocks/get_v2_aggs_ticker__stocksticker__range__multiplier___timespan___from___to),
 * the key sent as `Authorization: Bearer` (never in a URL), pages followed through `next_url`.
 * An option is asked by its OCC ticker `O:SPY261218C00650000`. Why unadjusted, why the key in a
 * header: docs/decisions.md, "Price bars: providers".
 */
import type { BarAnswer, BarProvider, BarRequest } from '../../bars/providers.js';
import type { Bar, TimeframeSeconds } from '../../market/bar.js';
import { occSymbol, parseOccSymbol } from '../../instruments/catalogue.js';
import { ProviderError } from '../../providers/errors.js';
import { providerHttp, type ProviderOptions } from '../../providers/http.js';

/** Polygon's REST API. */
export const POLYGON_BASE_URL = 'https://api.polygon.io';
/** The provider's name, the source of the stretches it covers. */
export const POLYGON_PROVIDER = 'polygon';

const SPANS: Record<TimeframeSeconds, [number, string]> = {
  60: [1, 'minute'],
  300: [5, 'minute'],
  900: [15, 'minute'],
  1800: [30, 'minute'],
  3600: [1, 'hour'],
  14400: [4, 'hour'],
  86400: [1, 'day'],
};

/** Pages read at most for one request (50,000 bars each): a runaway `next_url` chain stops. */
const MAX_PAGES = 100;

/** Options of the Polygon provider (default entry point {@link POLYGON_BASE_URL}). */
export type PolygonOptions = ProviderOptions;

/**
 * Polygon's ticker of a request: `O:` and the OCC symbol for an option (from the trade's contract
 * fields, or an instrument that is an OCC symbol), else the instrument (a stock's ticker).
 *
 * @example polygonTicker({ instrument: 'SPY261218C00650000' }) // 'O:SPY261218C00650000'
 */
export function polygonTicker(request: Pick<BarRequest, 'instrument' | 'option'>): string {
  const option = request.option ?? parseOccSymbol(request.instrument);
  return option === undefined ? request.instrument : `O:${occSymbol(option)}`;
}

interface AggsPage {
  results: Bar[];
  next: string | undefined;
}

const malformed = (why: string) => new ProviderError(POLYGON_PROVIDER, 'malformed', `the answer could not be read: ${why}`);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** One page of an aggregates answer: its bars and the next page's address, if any. */
export function readPolygonAggs(text: string): AggsPage {
  let body: { resultsCount?: unknown; results?: unknown; next_url?: unknown; status?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw malformed('not JSON');
  }
  if (typeof body !== 'object' || body === null) throw malformed('not an object');
  if (body.status !== 'OK' && body.status !== 'DELAYED') throw malformed(`status ${JSON.stringify(body.status)?.slice(0, 24)}`);
  const rows = body.results ?? [];
  if (!Array.isArray(rows)) throw malformed('results is not a list');
  if (isNumber(body.resultsCount) && body.resultsCount !== rows.length) throw malformed('resultsCount does not match results');
  const results = rows.map((r: Record<string, unknown>, i): Bar => {
    if (typeof r !== 'object' || r === null || ![r.t, r.o, r.h, r.l, r.c].every(isNumber))
      throw malformed(`bar ${i + 1} lacks t, o, h, l or c`);
    const bar = {
      time: r.t as number,
      open: r.o as number,
      high: r.h as number,
      low: r.l as number,
      close: r.c as number,
      volume: isNumber(r.v) ? r.v : null,
    };
    if (bar.high < bar.low) throw malformed(`bar ${i + 1}: the high is below the low`);
    return bar;
  });
  return { results, next: typeof body.next_url === 'string' && body.next_url !== '' ? body.next_url : undefined };
}

/**
 * Polygon's aggregate bars as a {@link BarProvider}: every timeframe (1m … 1d), bars unadjusted
 * (the prices the trades were made at), each page's `next_url` followed only on the API's own
 * address (the key is never sent anywhere else). An empty range is `resultsCount: 0`.
 *
 * @example const { bars } = await polygonBars().bars({ instrument: 'AAPL', timeframe: 60, from, to, apiKey });
 */
export function polygonBars(options: PolygonOptions = {}): BarProvider {
  const { baseUrl = POLYGON_BASE_URL, ...rules } = options;
  const http = providerHttp({ ...rules, provider: POLYGON_PROVIDER });
  const origin = new URL(baseUrl).origin;
  return {
    name: POLYGON_PROVIDER,
    assetClasses: ['stock', 'option'],
    timeframes: [60, 300, 900, 1800, 3600, 14400, 86400],
    async bars(request, signal): Promise<BarAnswer> {
      if (!(request.to > request.from)) return { bars: [], end: request.from };
      const [multiplier, span] = SPANS[request.timeframe];
      const ticker = encodeURIComponent(polygonTicker(request));
      // `from` and `to` as ms timestamps, both inclusive: the last ms before the request's end.
      let url: URL | undefined = new URL(
        `${baseUrl.replace(/\/+$/, '')}/v2/aggs/ticker/${ticker}/range/${multiplier}/${span}/${request.from}/${request.to - 1}`,
      );
      for (const [k, v] of Object.entries({ adjusted: 'false', sort: 'asc', limit: '50000' })) url.searchParams.set(k, v);
      const bars: Bar[] = [];
      for (let page = 1; url !== undefined; page++) {
        if (page > MAX_PAGES) throw malformed(`more than ${MAX_PAGES} pages`);
        const answer = await http.get(url, {
          headers: { authorization: `Bearer ${request.apiKey}`, accept: 'application/json' },
          ...(signal === undefined ? {} : { signal }),
        });
        const { results, next } = readPolygonAggs(answer.text);
        bars.push(...results.filter((b) => b.time >= request.from && b.time < request.to));
        url = next === undefined ? undefined : new URL(next, url);
        if (url !== undefined && url.origin !== origin) throw malformed('next_url points away from the API');
      }
      return { bars: bars.sort((a, b) => a.time - b.time), end: request.to };
    },
  };
}

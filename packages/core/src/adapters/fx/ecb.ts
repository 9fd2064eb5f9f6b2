/**
 * The European Central Bank's euro foreign exchange reference rates, from the ECB Data Portal's
 * SDMX REST API (https://data.ecb.europa.eu/help/api/data): one GET per range (long ones in windows),
 * `{base}/data/EXR/D.USD+JPY.EUR.SP00.A?startPeriod=…&endPeriod=…&format=csvdata&detail=dataonly`.
 * Each rate is "1 EUR = rate CUR" on a TARGET business day, kept as the decimal text published.
 * Why CSV, why 404 is "no data": docs/decisions.md, "FX rate provider: the ECB".
 */
import type { FxRate, FxRateProvider, FxRateRequest } from '../../fx/ports.js';
import { ProviderError } from '../../providers/errors.js';
import { providerHttp, type ProviderOptions } from '../../providers/http.js';
import { readEcbCsv } from './ecb-csv.js';

/** The ECB Data Portal's web service entry point (the `service` path, without `/data`). */
export const ECB_BASE_URL = 'https://data-api.ecb.europa.eu/service';

/** The ECB provider's name, each rate's source. */
export const ECB_PROVIDER = 'ecb';

/** Options of the ECB provider (default entry point {@link ECB_BASE_URL}). */
export type EcbOptions = ProviderOptions;

const CURRENCY = /^[A-Z]{3}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function realDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text;
}

/** The currencies to ask for (sorted, once each, EUR left out), after checking the request. */
export function ecbCurrencies(request: FxRateRequest): string[] {
  const bad = (message: string) => new ProviderError(ECB_PROVIDER, 'bad-request', message);
  if (!realDay(request.from) || !realDay(request.to)) {
    throw bad(`the range ${request.from} … ${request.to} is not two dates (YYYY-MM-DD)`);
  }
  if (request.from > request.to) throw bad(`the range starts (${request.from}) after it ends (${request.to})`);
  for (const currency of request.currencies) {
    if (!CURRENCY.test(currency)) throw bad(`"${currency}" is not a currency code (three capital letters, as USD)`);
  }
  return [...new Set(request.currencies)].filter((c) => c !== 'EUR').sort();
}

/** Currency-years one request covers at most: 30 × ~256 published days ≈ 7,700 rows, ≈ 440 KB of CSV. */
export const ECB_CURRENCY_YEARS_PER_REQUEST = 30;

/**
 * The request's range cut into windows of whole calendar years (the first and last cut at
 * `from` and `to`), each of `years` years at most, so a long range never makes one huge answer.
 *
 * @example ecbWindows('2022-06-01', '2024-02-01', 1) // 2022-06-01…2022-12-31, 2023-01-01…2023-12-31, 2024-01-01…2024-02-01
 */
export function ecbWindows(from: string, to: string, years: number): { from: string; to: string }[] {
  const windows: { from: string; to: string }[] = [];
  for (let start = from; start <= to; ) {
    const lastYear = Number(start.slice(0, 4)) + Math.max(1, years) - 1;
    const end = `${String(lastYear).padStart(4, '0')}-12-31`;
    windows.push({ from: start, to: end < to ? end : to });
    start = `${String(lastYear + 1).padStart(4, '0')}-01-01`;
  }
  return windows;
}

/** The data URL of `currencies` (already checked) over the request's days. */
export function ecbDataUrl(baseUrl: string, currencies: readonly string[], request: { from: string; to: string }): URL {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/data/EXR/D.${currencies.join('+')}.EUR.SP00.A`);
  url.searchParams.set('startPeriod', request.from);
  url.searchParams.set('endPeriod', request.to);
  url.searchParams.set('format', 'csvdata');
  url.searchParams.set('detail', 'dataonly');
  return url;
}

/**
 * The ECB's daily reference rates as an {@link FxRateProvider}: base EUR, quote each asked
 * currency, the rate as published (`1.0830`, never through a float); one GET per window of
 * {@link ecbWindows} (a single one for up to 30 currency-years). Days without a publication
 * (weekends, TARGET holidays) are absent; a range with none, or a currency the ECB does not
 * publish, gives no rates rather than an error (the service answers 404 "No results found").
 *
 * @example const rates = await ecbRates().rates({ from: '2024-01-01', to: '2024-01-31', currencies: ['USD'] });
 */
export function ecbRates(options: EcbOptions = {}): FxRateProvider {
  const { baseUrl = ECB_BASE_URL, ...rules } = options;
  const http = providerHttp({ ...rules, provider: ECB_PROVIDER });
  return {
    name: ECB_PROVIDER,
    async rates(request: FxRateRequest, signal?: AbortSignal): Promise<FxRate[]> {
      const currencies = ecbCurrencies(request);
      if (currencies.length === 0) return [];
      const rates: FxRate[] = [];
      const years = Math.floor(ECB_CURRENCY_YEARS_PER_REQUEST / currencies.length);
      for (const window of ecbWindows(request.from, request.to, years)) {
        const answer = await http.get(ecbDataUrl(baseUrl, currencies, window), {
          ...(signal === undefined ? {} : { signal }),
          // The documented answer to a query no data matches (status-codes page), not a wrong address.
          accept: (status, text) => status === 404 && /no results found/i.test(text),
        });
        if (answer.status !== 404) rates.push(...readEcbCsv(answer.text, window, new Set(currencies)));
      }
      return rates;
    },
  };
}

/**
 * The European Central Bank's euro foreign exchange reference rates, from the ECB Data Portal's
 * SDMX REST API (https://data.ecb.europa.eu/help/api/data): one GET per request,
 * `{base}/data/EXR/D.USD+JPY.EUR.SP00.A?startPeriod=…&endPeriod=…&format=csvdata&detail=dataonly`.
 * Each rate is "1 EUR = rate CUR" on a TARGET business day, kept as the decimal text published.
 * Why CSV, why 404 is "no data": docs/decisions.md, "FX rate provider: the ECB".
 */
import type { FxRate, FxRateProvider, FxRateRequest } from '../../fx/ports.js';
import { ProviderError } from '../../providers/errors.js';
import { type FetchLike, providerHttp, type Sleep } from '../../providers/http.js';
import { readEcbCsv } from './ecb-csv.js';

/** The ECB Data Portal's web service entry point (the `service` path, without `/data`). */
export const ECB_BASE_URL = 'https://data-api.ecb.europa.eu/service';

/** The ECB provider's name, each rate's source. */
export const ECB_PROVIDER = 'ecb';

/** Options of the ECB provider; all have defaults (the real service, the shared HTTP rules). */
export interface EcbOptions {
  /** The service entry point (default {@link ECB_BASE_URL}); tests point it at a local server. */
  baseUrl?: string;
  /** The `fetch` to use (default `globalThis.fetch`). */
  fetch?: FetchLike;
  /** How to wait between attempts (default a timer; tests record the waits instead). */
  sleep?: Sleep;
  /** Further attempts after the first on 429, 5xx and no answer (default 2). */
  retries?: number;
  /** The most one attempt may take (default 20 s). */
  timeoutMs?: number;
  /** The longest wait between attempts (default 60 s). */
  maxWaitMs?: number;
  /** The first backoff when the service names no wait (default 1 s, doubling). */
  backoffMs?: number;
  /** The clock `Retry-After` dates are read against. */
  now?: () => number;
}

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

/** The data URL of `currencies` (already checked) over the request's days. */
export function ecbDataUrl(baseUrl: string, currencies: readonly string[], request: FxRateRequest): URL {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/data/EXR/D.${currencies.join('+')}.EUR.SP00.A`);
  url.searchParams.set('startPeriod', request.from);
  url.searchParams.set('endPeriod', request.to);
  url.searchParams.set('format', 'csvdata');
  url.searchParams.set('detail', 'dataonly');
  return url;
}

/**
 * The ECB's daily reference rates as an {@link FxRateProvider}: base EUR, quote each asked
 * currency, the rate as published (`1.0830`, never through a float). Days without a publication
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
      const answer = await http.get(ecbDataUrl(baseUrl, currencies, request), {
        ...(signal === undefined ? {} : { signal }),
        // The documented answer to a query no data matches (status-codes page), not a wrong address.
        accept: (status, text) => status === 404 && /no results found/i.test(text),
      });
      if (answer.status === 404) return [];
      return readEcbCsv(answer.text, request, new Set(currencies));
    },
  };
}

/**
 * The ECB reference-rate provider against a local server replaying the service's recorded
 * answers (fixtures/providers/ecb, README there says where each shape comes from).
 */
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ECB_BASE_URL, ecbRates, ecbWindows } from '../../src/adapters/fx/ecb.js';
import type { FxRateRequest } from '../../src/fx/ports.js';
import { PROVIDER_USER_AGENT } from '../../src/providers/http.js';
import { failure, recordingSleep } from './provider-failure.js';
import { type ReplayServer, startReplayServer } from './replay-server.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/providers/ecb/', import.meta.url));
const JAN = { from: '2024-01-04', to: '2024-01-09' };

let server: ReplayServer;
const waits: number[] = [];
const sleep = recordingSleep(waits);
const ecb = () => ecbRates({ baseUrl: server.baseUrl, sleep });
const ask = (currencies: string[], range = JAN): FxRateRequest => ({ ...range, currencies });

beforeEach(async () => {
  server = await startReplayServer(FIXTURES, '/service');
  waits.length = 0;
});
afterEach(async () => {
  await server.close();
});

describe('the ECB provider: requests and answers', () => {
  it('asks for the currencies in one GET (sorted, once each, EUR left out) and reads every published day', async () => {
    server.script({ status: 200, file: 'rates-gbp-jpy-usd.csv' });
    const provider = ecb();
    const rates = await provider.rates(ask(['USD', 'JPY', 'EUR', 'GBP', 'USD']));

    expect(provider.name).toBe('ecb');
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req?.method).toBe('GET');
    expect(req?.path).toBe('/service/data/EXR/D.GBP+JPY+USD.EUR.SP00.A');
    expect(Object.fromEntries(req?.query ?? [])).toEqual({
      startPeriod: '2024-01-04',
      endPeriod: '2024-01-09',
      format: 'csvdata',
      detail: 'dataonly',
    });
    expect(req?.headers['user-agent']).toBe(PROVIDER_USER_AGENT);

    // 4 published days (Thu 4, Fri 5, Mon 8, Tue 9; the weekend 6–7 absent) × 3 currencies = 12,
    // by day then currency; the rates are the file's text, trailing zeros kept (1.0950, not 1.095).
    expect(rates).toHaveLength(12);
    expect(rates.map((r) => r.date)).not.toContain('2024-01-06');
    expect(rates.map((r) => r.date)).not.toContain('2024-01-07');
    expect(rates.slice(0, 3)).toEqual([
      { date: '2024-01-04', base: 'EUR', quote: 'GBP', rate: '0.86280' },
      { date: '2024-01-04', base: 'EUR', quote: 'JPY', rate: '158.15' },
      { date: '2024-01-04', base: 'EUR', quote: 'USD', rate: '1.0950' },
    ]);
    expect(rates.filter((r) => r.quote === 'USD').map((r) => [r.date, r.rate])).toEqual([
      ['2024-01-04', '1.0950'],
      ['2024-01-05', '1.0921'],
      ['2024-01-08', '1.0946'],
      ['2024-01-09', '1.0940'],
    ]);
    expect(waits).toEqual([]);
  });

  it('reads a full-detail answer (28 columns, a quoted title with commas) the same way', async () => {
    server.script({ status: 200, file: 'rates-usd-full-detail.csv' });
    expect(await ecb().rates(ask(['USD']))).toEqual([
      { date: '2024-01-04', base: 'EUR', quote: 'USD', rate: '1.0950' },
      { date: '2024-01-05', base: 'EUR', quote: 'USD', rate: '1.0921' },
    ]);
  });

  it('keeps only the currencies and days asked for, whatever else the answer holds', async () => {
    server.script({ status: 200, file: 'rates-gbp-jpy-usd.csv' });
    const rates = await ecb().rates(ask(['JPY'], { from: '2024-01-05', to: '2024-01-08' }));
    expect(rates).toEqual([
      { date: '2024-01-05', base: 'EUR', quote: 'JPY', rate: '158.96' },
      { date: '2024-01-08', base: 'EUR', quote: 'JPY', rate: '158.30' },
    ]);
  });

  it('gives an empty range (404 "No results found") as no rates, without retrying', async () => {
    server.script({ status: 404, file: 'no-results-found.json' });
    const weekend = { from: '2024-01-06', to: '2024-01-07' };
    expect(await ecb().rates(ask(['USD'], weekend))).toEqual([]);
    expect(server.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('gives an empty body, or a header alone, as no rates', async () => {
    server.script({ status: 200, body: '' }, { status: 200, file: 'header-only.csv' });
    expect(await ecb().rates(ask(['USD']))).toEqual([]);
    expect(await ecb().rates(ask(['USD']))).toEqual([]);
  });

  it('makes no request when only EUR is asked for, or nothing', async () => {
    expect(await ecb().rates(ask(['EUR']))).toEqual([]);
    expect(await ecb().rates(ask([]))).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('gives a currency the ECB does not publish no rates: alone (404) or beside others (absent)', async () => {
    server.script({ status: 404, file: 'no-results-found.json' }, { status: 200, file: 'rates-usd-only.csv' });
    expect(await ecb().rates(ask(['XYZ']))).toEqual([]);
    const rates = await ecb().rates(ask(['XYZ', 'USD']));
    expect(server.requests[1]?.path).toBe('/service/data/EXR/D.USD+XYZ.EUR.SP00.A');
    expect(rates.map((r) => `${r.quote} ${r.date} ${r.rate}`)).toEqual(['USD 2024-01-04 1.0950', 'USD 2024-01-05 1.0921']);
  });

  it('asks for a long range in windows of 30 currency-years, in order, a window without data giving none', async () => {
    server.script({ status: 404, file: 'no-results-found.json' }, { status: 200, file: 'rates-usd-only.csv' });
    // Two currencies: 30 / 2 = 15 calendar years a request; 2000-01-03 … 2024-01-09 is two windows.
    const rates = await ecb().rates(ask(['USD', 'GBP'], { from: '2000-01-03', to: '2024-01-09' }));
    expect(server.requests.map((r) => [r.path, r.query.get('startPeriod'), r.query.get('endPeriod')])).toEqual([
      ['/service/data/EXR/D.GBP+USD.EUR.SP00.A', '2000-01-03', '2014-12-31'],
      ['/service/data/EXR/D.GBP+USD.EUR.SP00.A', '2015-01-01', '2024-01-09'],
    ]);
    expect(rates.map((r) => r.date)).toEqual(['2024-01-04', '2024-01-05']);
  });

  it('cuts a range at calendar years', () => {
    expect(ecbWindows('2022-06-01', '2024-02-01', 1)).toEqual([
      { from: '2022-06-01', to: '2022-12-31' },
      { from: '2023-01-01', to: '2023-12-31' },
      { from: '2024-01-01', to: '2024-02-01' },
    ]);
    expect(ecbWindows('2024-01-04', '2024-01-04', 1)).toEqual([{ from: '2024-01-04', to: '2024-01-04' }]);
    expect(ecbWindows('1999-01-04', '2024-12-31', 30)).toEqual([{ from: '1999-01-04', to: '2024-12-31' }]);
    expect(ecbWindows('2020-03-01', '2024-12-31', 0)).toHaveLength(5);
  });

  it('defaults to the real service', () => {
    expect(ECB_BASE_URL).toBe('https://data-api.ecb.europa.eu/service');
  });
});

describe('the ECB provider: what it refuses before asking', () => {
  it.each([
    ['usd', ['usd']],
    ['US', ['US']],
    ['USDX', ['USDX']],
    ['U$D', ['USD', 'U$D']],
  ])('refuses the code %s as a bad request, with no request made', async (code, currencies) => {
    const error = await failure(ecb().rates(ask(currencies)));
    expect(error.kind).toBe('bad-request');
    expect(error.message).toBe(`ecb: "${code}" is not a currency code (three capital letters, as USD)`);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a range that is not two dates, or that ends before it starts', async () => {
    const notADay = await failure(ecb().rates(ask(['USD'], { from: '2024-02-30', to: '2024-03-01' })));
    expect(notADay.kind).toBe('bad-request');
    const backwards = await failure(ecb().rates(ask(['USD'], { from: '2024-01-09', to: '2024-01-04' })));
    expect(backwards.message).toBe('ecb: the range starts (2024-01-09) after it ends (2024-01-04)');
    expect(server.requests).toHaveLength(0);
  });
});

describe('the ECB provider: failures', () => {
  it('retries 429 after the Retry-After it names, then reads the answer', async () => {
    server.script({ status: 429, headers: { 'retry-after': '3' }, body: '' }, { status: 200, file: 'rates-usd-only.csv' });
    const rates = await ecb().rates(ask(['USD']));
    expect(rates).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
    expect(waits).toEqual([3000]);
  });

  it('retries 500 then 503 with a doubling backoff (1 s, 2 s), then reads the answer', async () => {
    server.script(
      { status: 500, body: 'Internal Server Error' },
      { status: 503, file: 'service-unavailable.html' },
      { status: 200, file: 'rates-usd-only.csv' },
    );
    expect(await ecb().rates(ask(['USD']))).toHaveLength(2);
    expect(server.requests).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it('gives up on 503 after the first try and 2 retries, as unavailable', async () => {
    for (let i = 0; i < 3; i++) server.script({ status: 503, file: 'service-unavailable.html' });
    const error = await failure(ecb().rates(ask(['USD'])));
    expect(error.kind).toBe('unavailable');
    expect(error.status).toBe(503);
    expect(error.attempts).toBe(3);
    expect(error.message).toBe('ecb: the service is unavailable (HTTP 503) (gave up after 3 attempts)');
    expect(server.requests).toHaveLength(3);
  });

  it("gives a 400 as a bad request with the service's words, not retried", async () => {
    server.script({ status: 400, file: 'syntax-error.json' });
    const error = await failure(ecb().rates(ask(['USD'])));
    expect(error.kind).toBe('bad-request');
    expect(error.message).toBe(
      'ecb: the service refused the request (HTTP 400): Syntax error: startPeriod must be a valid period.',
    );
    expect(server.requests).toHaveLength(1);
  });

  it('gives a 404 that is not "No results found" (a wrong base URL) as not-found, not retried', async () => {
    server.script({ status: 404, file: 'wrong-path.json' });
    const error = await failure(ecb().rates(ask(['USD'])));
    expect(error.kind).toBe('not-found');
    expect(error.message).toBe('ecb: the service has no such resource (HTTP 404): Not Found');
    expect(server.requests).toHaveLength(1);
  });

  it.each([401, 403])('gives %i as auth, not retried', async (status) => {
    server.script({ status, file: 'request-blocked.html' });
    const error = await failure(ecb().rates(ask(['USD'])));
    expect(error.kind).toBe('auth');
    expect(error.message).toBe(`ecb: the service refused access (HTTP ${status})`);
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ['request-blocked.html', 'no CURRENCY, TIME_PERIOD, OBS_VALUE column'],
    ['bad-period.csv', 'line 2 has the period "2024-W01", not a day'],
    ['bad-rate.csv', 'line 3 has the rate "1,0921", not a positive decimal'],
  ])('gives %s (200) as malformed, not retried', async (file, why) => {
    server.script({ status: 200, file });
    const error = await failure(ecb().rates(ask(['USD'])));
    expect(error.kind).toBe('malformed');
    expect(error.message).toBe(`ecb: the answer is not the documented CSV: ${why}`);
    expect(server.requests).toHaveLength(1);
  });
});

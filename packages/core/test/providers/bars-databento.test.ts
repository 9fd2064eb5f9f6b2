/**
 * The Databento bar provider against a local server replaying the service's recorded answers
 * (fixtures/providers/databento, README there says where each shape comes from).
 */
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databentoBars, databentoSymbol, fixedPrice } from '../../src/adapters/bars/index.js';
import type { BarRequest } from '../../src/bars/providers.js';
import { failure, recordingSleep } from './provider-failure.js';
import { type ReplayServer, startReplayServer } from './replay-server.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/providers/databento/', import.meta.url));
const KEY = 'db-TESTKEY0123456789abcdefghijklm';
const at = (hhmm: string) => Date.parse(`2026-11-02T${hhmm}:00Z`);
const ask = (over: Partial<BarRequest> = {}): BarRequest => ({
  instrument: 'ESZ6',
  timeframe: 60,
  from: at('14:30'),
  to: at('14:35'),
  apiKey: KEY,
  ...over,
});

let server: ReplayServer;
const waits: number[] = [];
const provider = () => databentoBars({ baseUrl: server.baseUrl, sleep: recordingSleep(waits) });

beforeEach(async () => {
  server = await startReplayServer(FIXTURES);
  waits.length = 0;
});
afterEach(async () => {
  await server.close();
});

describe('Databento: requests and answers', () => {
  it('asks get_range for the contract’s 1m bars in CSV with the key as the basic-auth user, and reads each bar exactly', async () => {
    server.script({ status: 200, file: 'ohlcv-1m-esz6-1430.csv' });
    const answer = await provider().bars(ask());

    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req?.method).toBe('GET');
    expect(req?.path).toBe('/v0/timeseries.get_range');
    expect(Object.fromEntries(req?.query ?? [])).toEqual({
      dataset: 'GLBX.MDP3',
      symbols: 'ESZ6',
      stype_in: 'raw_symbol',
      schema: 'ohlcv-1m',
      encoding: 'csv',
      start: '2026-11-02T14:30:00.000Z',
      end: '2026-11-02T14:35:00.000Z',
    });
    // Basic auth: base64("<key>:"), the key as user name and an empty password.
    expect(req?.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`);

    // 6010250000000 × 1e-9 = 6010.25 and so on; 14:32 had no trade, so no bar (not a zero bar).
    expect(answer).toEqual({
      end: at('14:35'),
      bars: [
        { time: at('14:30'), open: 6010.25, high: 6012.5, low: 6009.75, close: 6011, volume: 1520 },
        { time: at('14:31'), open: 6011, high: 6011.75, low: 6008.5, close: 6009.25, volume: 987 },
        { time: at('14:33'), open: 6009.25, high: 6013, low: 6009, close: 6012.75, volume: 2210 },
        { time: at('14:34'), open: 6012.75, high: 6014.25, low: 6012, close: 6013.5, volume: 1304 },
      ],
    });
  });

  it('asks a root as its continuous front month, a two-digit year as the raw symbol’s one digit, 1h and 1d as their schemas', async () => {
    expect(databentoSymbol('ES')).toEqual({ symbol: 'ES.c.0', stype: 'continuous' });
    expect(databentoSymbol('ESZ26')).toEqual({ symbol: 'ESZ6', stype: 'raw_symbol' });
    expect(databentoSymbol('MNQH7')).toEqual({ symbol: 'MNQH7', stype: 'raw_symbol' });
    server.script({ status: 200, file: 'header-only.csv' }, { status: 200, file: 'header-only.csv' });
    expect(await provider().bars(ask({ instrument: 'ES', timeframe: 3600, from: at('14:00'), to: at('15:00') }))).toEqual({
      bars: [],
      end: at('15:00'),
    });
    await provider().bars(
      ask({ timeframe: 86400, from: Date.parse('2026-11-02T00:00:00Z'), to: Date.parse('2026-11-03T00:00:00Z') }),
    );
    expect(server.requests.map((r) => [r.query.get('symbols'), r.query.get('stype_in'), r.query.get('schema')])).toEqual([
      ['ES.c.0', 'continuous', 'ohlcv-1h'],
      ['ESZ6', 'raw_symbol', 'ohlcv-1d'],
    ]);
  });

  it('reads fixed-point prices through their text: no float product, negatives and fractions kept', () => {
    expect(fixedPrice('5000250000000')).toBe(5000.25);
    expect(fixedPrice('-1250000000')).toBe(-1.25);
    expect(fixedPrice('123456789')).toBe(0.123456789);
    // 0.1 + 0.2 style: 4321.07 is the double the decimal prints as, not 4321070000000 × 1e-9 (4321.070000000001).
    expect(fixedPrice('4321070000000')).toBe(4321.07);
  });

  it('cuts a long range into windows of 10,000 bars, one request each', async () => {
    server.script({ status: 200, file: 'header-only.csv' }, { status: 200, file: 'header-only.csv' });
    // 10,001 minutes: one window of 10,000 minutes, then one of 1 minute.
    const from = at('00:00');
    await provider().bars(ask({ from, to: from + 10_001 * 60_000 }));
    expect(server.requests.map((r) => [r.query.get('start'), r.query.get('end')])).toEqual([
      ['2026-11-02T00:00:00.000Z', new Date(from + 10_000 * 60_000).toISOString()],
      [new Date(from + 10_000 * 60_000).toISOString(), new Date(from + 10_001 * 60_000).toISOString()],
    ]);
  });
});

describe('Databento: the end of the available data', () => {
  it('asks again up to the available end the 422 names, and vouches only for the stretch up to there', async () => {
    server.script({ status: 422, file: 'end-after-available-end.json' }, { status: 200, file: 'ohlcv-1m-esz6-1430.csv' });
    const answer = await provider().bars(ask());
    expect(server.requests.map((r) => r.query.get('end'))).toEqual(['2026-11-02T14:35:00.000Z', '2026-11-02T14:33:00.000Z']);
    // Only bars before 14:33 are kept (the replayed file holds more); complete up to 14:33.
    expect(answer.end).toBe(at('14:33'));
    expect(answer.bars.map((b) => b.time)).toEqual([at('14:30'), at('14:31')]);
  });

  it('answers no bars, complete nowhere, when the whole range is after the available end', async () => {
    server.script({ status: 422, file: 'start-after-available-end.json' });
    expect(await provider().bars(ask())).toEqual({ bars: [], end: at('14:30') });
    expect(server.requests).toHaveLength(1);
  });

  it('reports any other 422 as a refused request in the provider’s words', async () => {
    server.script({ status: 422, file: 'start-on-or-after-end.json' });
    const error = await failure(provider().bars(ask()));
    expect(error.kind).toBe('bad-request');
    expect(error.message).toMatch(/^databento: the service refused the request \(HTTP 422\): Invalid time range query/);
  });
});

describe('Databento: failures', () => {
  it('a bad key is an auth error that never holds the key', async () => {
    server.script({ status: 401, file: 'unauthorized.json' });
    const error = await failure(provider().bars(ask()));
    expect(error).toMatchObject({ kind: 'auth', status: 401, provider: 'databento' });
    expect(error.message).not.toContain(KEY);
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(server.requests).toHaveLength(1);
  });

  it('a 429 waits the Retry-After it names (recorded, not slept) and tries again', async () => {
    server.script(
      { status: 429, headers: { 'retry-after': '3' }, file: 'rate-limited.json' },
      { status: 200, file: 'ohlcv-1m-esz6-1430.csv' },
    );
    const answer = await provider().bars(ask());
    expect(waits).toEqual([3000]);
    expect(answer.bars).toHaveLength(4);
    expect(server.requests).toHaveLength(2);
  });

  it('a 503 three times is unavailable after the retries (1 s, then 2 s of backoff)', async () => {
    for (let i = 0; i < 3; i++) server.script({ status: 503, body: 'Service Unavailable' });
    const error = await failure(provider().bars(ask()));
    expect(error).toMatchObject({ kind: 'unavailable', status: 503, attempts: 3 });
    expect(waits).toEqual([1000, 2000]);
  });

  it('a cut-short row is malformed, and nothing of the answer is kept', async () => {
    server.script({ status: 200, file: 'malformed.csv' });
    const error = await failure(provider().bars(ask()));
    expect(error.kind).toBe('malformed');
    expect(error.message).toBe('databento: the answer could not be read: row 2 has 6 fields, not 9');
  });

  it('refuses a timeframe Databento has no schema for, before any request', async () => {
    const error = await failure(provider().bars(ask({ timeframe: 300 })));
    expect(error).toMatchObject({ kind: 'bad-request', message: 'databento: Databento serves bars of 1m, 1h and 1d only' });
    expect(server.requests).toHaveLength(0);
  });
});

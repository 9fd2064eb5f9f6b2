/**
 * The Polygon (Massive) bar provider against a local server replaying the service's recorded
 * answers (fixtures/providers/polygon, README there says where each shape comes from).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { polygonBars, polygonTicker } from '../../src/adapters/bars/index.js';
import type { BarRequest } from '../../src/bars/providers.js';
import { failure, recordingSleep } from './provider-failure.js';
import { type ReplayServer, startReplayServer } from './replay-server.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/providers/polygon/', import.meta.url));
const KEY = 'pk_TESTKEY_0123456789abcdefABCDEF';
const at = (hhmm: string) => Date.parse(`2026-11-02T${hhmm}:00Z`);
const ask = (over: Partial<BarRequest> = {}): BarRequest => ({
  instrument: 'AAPL',
  timeframe: 60,
  from: at('14:30'),
  to: at('14:35'),
  apiKey: KEY,
  ...over,
});

let server: ReplayServer;
const waits: number[] = [];
const provider = () => polygonBars({ baseUrl: server.baseUrl, sleep: recordingSleep(waits) });
/** A recorded page whose `next_url` points at the local server instead of api.polygon.io. */
const page = (file: string) => readFileSync(`${FIXTURES}${file}`, 'utf8').replaceAll('https://api.polygon.io', server.baseUrl);

beforeEach(async () => {
  server = await startReplayServer(FIXTURES);
  waits.length = 0;
});
afterEach(async () => {
  await server.close();
});

describe('Polygon: requests and answers', () => {
  it('asks the aggregates of [from, to) in ms, unadjusted, with the key as a bearer token, and follows next_url', async () => {
    server.script(
      { status: 200, headers: { 'content-type': 'application/json' }, body: page('aggs-aapl-page1.json') },
      { status: 200, file: 'aggs-aapl-page2.json' },
    );
    const answer = await provider().bars(ask());

    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    // 14:30Z = 1793629800000 ms; the end is inclusive there, so 14:35Z − 1 ms = 1793630099999.
    expect(first?.path).toBe('/v2/aggs/ticker/AAPL/range/1/minute/1793629800000/1793630099999');
    expect(Object.fromEntries(first?.query ?? [])).toEqual({ adjusted: 'false', sort: 'asc', limit: '50000' });
    expect(first?.headers.authorization).toBe(`Bearer ${KEY}`);
    // The next page is the recorded next_url (its cursor), the key again in the header, never in the URL.
    expect(second?.path).toBe('/v2/aggs/ticker/AAPL/range/1/minute/1793629920000/1793630099999');
    expect(Object.fromEntries(second?.query ?? [])).toEqual({ cursor: 'bGltaXQ9MiZzb3J0PWFzYw' });
    expect(second?.headers.authorization).toBe(`Bearer ${KEY}`);
    for (const r of server.requests) expect(`${r.path}?${r.query}`).not.toContain(KEY);

    expect(answer).toEqual({
      end: at('14:35'),
      bars: [
        { time: at('14:30'), open: 231.45, high: 231.92, low: 231.3, close: 231.88, volume: 412330 },
        { time: at('14:31'), open: 231.88, high: 232.1, low: 231.7, close: 231.75, volume: 298114 },
        { time: at('14:32'), open: 231.75, high: 231.8, low: 231.01, close: 231.1, volume: 356002 },
        { time: at('14:34'), open: 231.1, high: 231.42, low: 230.95, close: 231.4, volume: 201877 },
      ],
    });
  });

  it('asks an option by its OCC ticker, from the trade’s contract or from an OCC instrument', async () => {
    const option = { underlying: 'SPY', expiry: '2026-12-18', right: 'call' as const, strike: 650 };
    expect(polygonTicker({ instrument: 'SPY 261218C650', option })).toBe('O:SPY261218C00650000');
    expect(polygonTicker({ instrument: 'SPY261218C00650000' })).toBe('O:SPY261218C00650000');
    expect(polygonTicker({ instrument: 'AAPL' })).toBe('AAPL');
    server.script({ status: 200, file: 'aggs-spy-call.json' });
    const answer = await provider().bars(ask({ instrument: 'SPY261218C00650000', option }));
    expect(server.requests[0]?.path).toBe('/v2/aggs/ticker/O%3ASPY261218C00650000/range/1/minute/1793629800000/1793630099999');
    expect(answer.bars).toEqual([
      { time: at('14:30'), open: 12.35, high: 12.55, low: 12.3, close: 12.5, volume: 42 },
      { time: at('14:33'), open: 12.5, high: 12.5, low: 12.38, close: 12.4, volume: 17 },
    ]);
  });

  it('asks 5m, 4h and 1d as multiplier and timespan', async () => {
    for (let i = 0; i < 3; i++) server.script({ status: 200, file: 'aggs-empty.json' });
    for (const timeframe of [300, 14400, 86400] as const) await provider().bars(ask({ timeframe }));
    expect(server.requests.map((r) => r.path.split('/').slice(6, 8).join('/'))).toEqual(['5/minute', '4/hour', '1/day']);
  });

  it('an empty range (resultsCount 0, no results) is no bars, complete', async () => {
    server.script({ status: 200, file: 'aggs-empty.json' });
    expect(await provider().bars(ask())).toEqual({ bars: [], end: at('14:35') });
  });
});

describe('Polygon: failures', () => {
  it('403 NOT_AUTHORIZED and 401 are auth errors in plain words, without the key or the pricing URL', async () => {
    server.script({ status: 403, file: 'not-authorized.json' }, { status: 401, file: 'unknown-key.json' });
    const refused = await failure(provider().bars(ask()));
    expect(refused).toMatchObject({ kind: 'auth', status: 403 });
    expect(refused.message).toBe(
      'polygon: the service refused access (HTTP 403): You are not entitled to this data. Please upgrade your plan at …',
    );
    const unknown = await failure(provider().bars(ask()));
    expect(unknown.message).toBe('polygon: the service refused access (HTTP 401): Unknown API Key');
    for (const e of [refused, unknown]) expect(`${e.message}${JSON.stringify(e)}`).not.toContain(KEY);
  });

  it('a 429 waits its Retry-After (recorded, not slept), then reads the answer', async () => {
    server.script(
      { status: 429, headers: { 'retry-after': '12' }, file: 'rate-limited.json' },
      { status: 200, file: 'aggs-empty.json' },
    );
    expect((await provider().bars(ask())).bars).toEqual([]);
    expect(waits).toEqual([12_000]);
  });

  it('a Retry-After longer than the longest wait gives up at once, saying how long it asked', async () => {
    server.script({ status: 429, headers: { 'retry-after': '600' }, file: 'rate-limited.json' });
    const error = await failure(provider().bars(ask()));
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterMs: 600_000, attempts: 1 });
    expect(waits).toEqual([]);
  });

  it('a 502 then a 500 then a 504 is unavailable after the retries', async () => {
    server.script({ status: 502, body: '' }, { status: 500, body: '' }, { status: 504, body: '' });
    expect(await failure(provider().bars(ask()))).toMatchObject({ kind: 'unavailable', status: 504, attempts: 3 });
  });

  it('a bar without its close is malformed', async () => {
    server.script({ status: 200, file: 'malformed.json' });
    expect((await failure(provider().bars(ask()))).message).toBe(
      'polygon: the answer could not be read: bar 1 lacks t, o, h, l or c',
    );
  });

  it('a next_url on another host is never followed (the key would go there)', async () => {
    server.script({ status: 200, file: 'aggs-aapl-page1.json' });
    const error = await failure(provider().bars(ask()));
    expect(error.message).toBe('polygon: the answer could not be read: next_url points away from the API');
    expect(server.requests).toHaveLength(1);
  });
});

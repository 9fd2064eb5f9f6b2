/**
 * core.bars.fetch against the replayed Databento and Polygon answers (fixtures/providers/…), on
 * SQLite and PostgreSQL: what the store already covers is never fetched again, only the missing
 * stretch is asked for, an end past the provider's data is not recorded as covered, the key
 * never reaches an error, and bad input writes nothing.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databentoBars, polygonBars } from '@tj/core/bar-providers';
import { isCoreError } from '@tj/core';
import { DATABASES } from '../../../../test/support/databases.js';
import { recordingSleep } from '../providers/provider-failure.js';
import { type ReplayServer, startReplayServer } from '../providers/replay-server.js';
import { newUser, useCore } from '../support/core.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/providers/', import.meta.url));
const DB_KEY = 'db-SECRETKEY0123456789abcdefghijk';
const PG_KEY = 'pk_SECRETKEY_0123456789abcdefABCD';
const at = (hhmm: string) => Date.parse(`2026-11-02T${hhmm}:00Z`);
const iso = (hhmm: string) => `2026-11-02T${hhmm}:00.000Z`;

describe.each(DATABASES)('fetching bars from providers, on $name', (db) => {
  let server: ReplayServer;
  const waits: number[] = [];
  beforeAll(async () => {
    server = await startReplayServer(FIXTURES);
  });
  afterAll(() => server.close());
  const { core } = useCore(db, {
    get barProviders() {
      const rules = { baseUrl: server.baseUrl, sleep: recordingSleep(waits) };
      return [databentoBars(rules), polygonBars(rules)];
    },
  });
  const es = (from: string, to: string) => ({
    provider: 'databento',
    apiKey: DB_KEY,
    instrument: 'ESZ6',
    from: iso(from),
    to: iso(to),
  });
  beforeEach(() => {
    server.requests.length = 0;
    waits.length = 0;
  });

  it.skipIf(!db.available)('stores what it fetched and never asks for it again', async () => {
    const user = await newUser(core());
    server.script({ status: 200, file: 'databento/ohlcv-1m-esz6-1430.csv' });
    const first = await core().bars.fetch(user, es('14:30', '14:35'));
    expect(first).toEqual({
      provider: 'databento',
      timeframe: '1m',
      trades: null,
      stretches: [{ instrument: 'ESZ6', from: iso('14:30'), to: iso('14:35'), complete: true, received: 4, written: 4 }],
      received: 4,
      written: 4,
    });
    const held = await core().bars.range(user, 'ESZ6', 60, at('14:00'), at('15:00'));
    expect(held.map((b) => [b.time, b.high, b.low])).toEqual([
      [at('14:30'), 6012.5, 6009.75],
      [at('14:31'), 6011.75, 6008.5],
      [at('14:33'), 6013, 6009],
      [at('14:34'), 6014.25, 6012],
    ]);
    expect(server.requests).toHaveLength(1);

    // The same stretch again, and a part of it (with the instrument in lower case): no request at all.
    const again = await core().bars.fetch(user, es('14:30', '14:35'));
    const part = await core().bars.fetch(user, { ...es('14:31', '14:34'), instrument: 'esz6' });
    expect(again).toMatchObject({ stretches: [], received: 0, written: 0 });
    expect(part).toMatchObject({ stretches: [], received: 0, written: 0 });
    expect(server.requests).toHaveLength(1);
  });

  it.skipIf(!db.available)('asks only for the stretch not yet covered when a range overlaps what is held', async () => {
    const user = await newUser(core());
    server.script(
      { status: 200, file: 'databento/ohlcv-1m-esz6-1430.csv' },
      { status: 200, file: 'databento/ohlcv-1m-esz6-1435.csv' },
    );
    await core().bars.fetch(user, es('14:30', '14:35'));
    const wider = await core().bars.fetch(user, es('14:30', '14:40'));
    // Held: [14:30, 14:35). Asked: [14:30, 14:40). Missing: [14:35, 14:40), one request.
    expect(server.requests.map((r) => [r.query.get('start'), r.query.get('end')])).toEqual([
      [iso('14:30'), iso('14:35')],
      [iso('14:35'), iso('14:40')],
    ]);
    expect(wider.stretches).toEqual([
      { instrument: 'ESZ6', from: iso('14:35'), to: iso('14:40'), complete: true, received: 2, written: 2 },
    ]);
    expect(await core().bars.range(user, 'ESZ6', 60, at('14:00'), at('15:00'))).toHaveLength(6);
  });

  it.skipIf(!db.available)('records a range past the provider’s available end as covered only up to it', async () => {
    const user = await newUser(core());
    server.script(
      { status: 422, file: 'databento/end-after-available-end.json' },
      { status: 200, file: 'databento/ohlcv-1m-esz6-1430.csv' },
      { status: 200, file: 'databento/header-only.csv' },
    );
    const first = await core().bars.fetch(user, es('14:30', '14:35'));
    // Data only up to 14:33: the 14:30 and 14:31 bars, complete up to 14:33 and no further.
    expect(first.stretches).toEqual([
      { instrument: 'ESZ6', from: iso('14:30'), to: iso('14:33'), complete: false, received: 2, written: 2 },
    ]);
    const later = await core().bars.fetch(user, es('14:30', '14:35'));
    expect(server.requests.slice(2).map((r) => [r.query.get('start'), r.query.get('end')])).toEqual([
      [iso('14:33'), iso('14:35')],
    ]);
    expect(later.stretches).toEqual([
      { instrument: 'ESZ6', from: iso('14:33'), to: iso('14:35'), complete: true, received: 0, written: 0 },
    ]);
  });

  it.skipIf(!db.available)('a refused key is a 502 in plain words that never holds the key, and stores nothing', async () => {
    const user = await newUser(core());
    server.script({ status: 401, file: 'databento/unauthorized.json' });
    const error = await core()
      .bars.fetch(user, es('14:30', '14:35'))
      .catch((e: unknown) => e);
    expect(isCoreError(error, 'upstream_failed' as never)).toBe(true);
    expect((error as Error).message).toBe(
      'bar provider databento: the service refused access (HTTP 401): Authentication failed.',
    );
    expect(`${(error as Error).message}${JSON.stringify(error)}${(error as Error).stack}`).not.toContain(DB_KEY);
    expect(await core().bars.series(user)).toEqual([]);

    // Busy past the longest wait: 503 with the provider's Retry-After, still no key and nothing stored.
    server.script({ status: 429, headers: { 'retry-after': '120' }, file: 'polygon/rate-limited.json' });
    const busy = await core()
      .bars.fetch(user, { provider: 'polygon', apiKey: PG_KEY, instrument: 'AAPL', from: iso('14:30'), to: iso('14:35') })
      .catch((e: unknown) => e);
    expect(busy).toMatchObject({ code: 'unavailable', retryAfterSeconds: 120 });
    expect(JSON.stringify(busy) + (busy as Error).message).not.toContain(PG_KEY);
    expect(await core().bars.series(user)).toEqual([]);
  });

  it.skipIf(!db.available)('refuses bad input with a clear error before any request, writing nothing', async () => {
    const user = await newUser(core());
    const refused = async (input: unknown) => {
      const e = await core()
        .bars.fetch(user, input)
        .catch((x: unknown) => x);
      expect(isCoreError(e, 'validation_failed' as never)).toBe(true);
      expect(JSON.stringify(e) + (e as Error).message).not.toContain(DB_KEY);
      return (e as Error).message;
    };
    expect(await refused({ provider: 'databento', apiKey: DB_KEY, from: '2026-11-02', to: '2026-11-03' })).toMatch(/instrument/);
    expect(await refused({ ...es('14:35', '14:30') })).toMatch(/from: must be before to/);
    expect(await refused({ ...es('14:30', '14:35'), timeframe: '5m' })).toBe('timeframe: databento serves bars of 1m, 1h, 1d');
    expect(await refused({ ...es('14:30', '14:35'), apiKey: '' })).toMatch(/apiKey/);
    expect(await refused({ ...es('14:30', '14:35'), provider: 'yahoo' })).toMatch(/provider/);
    expect(await refused({ ...es('14:30', '14:35'), trades: {} })).toMatch(/give either trades or instrument/);
    expect(server.requests).toHaveLength(0);
    expect(await core().bars.series(user)).toEqual([]);
  });

  it.skipIf(!db.available)('on demand: fetches each closed trade’s span with padding, once, by its own series', async () => {
    const user = await newUser(core());
    // Closed ESZ6 long 14:31:30 → 14:33:10; padding 1 minute: [14:30:30, 14:34:10], whole minutes [14:30, 14:35).
    await core().trades.create(user, {
      instrument: 'ESZ6',
      assetClass: 'future',
      direction: 'long',
      entryPrice: 6010,
      positionSize: 1,
      entryTime: '2026-11-02T14:31:30Z',
      exitPrice: 6012,
      exitTime: '2026-11-02T14:33:10Z',
    });
    // An open trade is not fetched for (no exit, no span).
    await core().trades.create(user, {
      instrument: 'NQZ6',
      assetClass: 'future',
      direction: 'short',
      entryPrice: 21000,
      positionSize: 1,
      entryTime: '2026-11-02T14:31:00Z',
    });
    server.script({ status: 200, file: 'databento/ohlcv-1m-esz6-1430.csv' });
    const fetched = await core().bars.fetchForTrades(user, {
      provider: 'databento',
      apiKey: DB_KEY,
      filter: { paddingMinutes: 1, assetClass: 'future' },
    });
    expect(server.requests.map((r) => [r.query.get('symbols'), r.query.get('start'), r.query.get('end')])).toEqual([
      ['ESZ6', iso('14:30'), iso('14:35')],
    ]);
    expect(fetched).toMatchObject({ trades: 1, received: 4, written: 4 });

    // The option's own contract through Polygon, by its OCC ticker; never the underlying's bars.
    await core().trades.create(user, {
      instrument: 'SPY261218C00650000',
      assetClass: 'option',
      underlying: 'SPY',
      expiry: '2026-12-18',
      right: 'call',
      strike: 650,
      direction: 'long',
      entryPrice: 12.4,
      positionSize: 1,
      multiplier: 100,
      entryTime: '2026-11-02T14:30:20Z',
      exitPrice: 12.45,
      exitTime: '2026-11-02T14:33:40Z',
    });
    server.script({ status: 200, file: 'polygon/aggs-spy-call.json' });
    const options = await core().bars.fetchForTrades(user, {
      provider: 'polygon',
      apiKey: PG_KEY,
      filter: { assetClass: 'option', paddingMinutes: 0 },
    });
    // [14:30:20, 14:33:40] → whole minutes [14:30, 14:34): to = 14:34 − 1 ms inclusive.
    expect(server.requests[1]?.path).toBe(
      `/v2/aggs/ticker/O%3ASPY261218C00650000/range/1/minute/${at('14:30')}/${at('14:34') - 1}`,
    );
    expect(options).toMatchObject({ trades: 1, received: 2, written: 2 });

    // Asked again: every span is covered, nothing is requested.
    await core().bars.fetchForTrades(user, {
      provider: 'databento',
      apiKey: DB_KEY,
      filter: { paddingMinutes: 1, assetClass: 'future' },
    });
    await core().bars.fetchForTrades(user, {
      provider: 'polygon',
      apiKey: PG_KEY,
      filter: { assetClass: 'option', paddingMinutes: 0 },
    });
    expect(server.requests).toHaveLength(2);

    // Polygon without a class filter: the ESZ6 future is not a class it serves and is skipped (its
    // empty answer would hide Databento's bars); only the option is looked at, already covered.
    const all = await core().bars.fetchForTrades(user, { provider: 'polygon', apiKey: PG_KEY, filter: { paddingMinutes: 0 } });
    expect(all).toMatchObject({ trades: 1, stretches: [] });
    expect(server.requests).toHaveLength(2);
  });
});

/**
 * Currencies through the built CLI process on SQLite and PostgreSQL (docs/analytics.md,
 * "Currencies"): a EUR account beside a USD one reported in USD with the rates of a rates file
 * (and a day without a rate reported, never guessed), the ECB's rates fetched from a local
 * replay server, a JPY-quoted forex pair converted through a cross rate, IBKR's own
 * fxRateToBase, and a bad rates file refused whole. Fixtures and their hand-computed figures:
 * packages/core/test/fixtures/currencies/README.md.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ReplayServer, startReplayServer } from '../../core/test/providers/replay-server.js';
import { describeBrokerImport } from './support/broker-import.js';
import { run, runJson } from './support/cli.js';

type T = Record<string, any>;
const fixture = (name: string) => resolve(import.meta.dirname, '../../core/test/fixtures/currencies', name);
const ECB_FIXTURES = resolve(import.meta.dirname, '../../core/test/fixtures/providers/ecb');

let ecb: ReplayServer;
beforeAll(async () => {
  ecb = await startReplayServer(ECB_FIXTURES, '/service');
});
afterAll(async () => ecb.close());

describeBrokerImport('currencies', ({ freshDb, trades, box, file }) => {
  it('reports a EUR account beside a USD one in USD with a rates file; a day without a rate is reported, then fetched from the ECB', async () => {
    const flags = await freshDb();
    expect((await run(box(), [...flags, 'import', fixture('eur-usd-fills.csv')])).code).toBe(0);

    // Two currencies and no choice: refused, saying what to pass.
    const mixed = await run(box(), [...flags, 'stats']);
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toMatch(/the selected trades are in EUR and USD: .*--currency EUR/);

    const imported = await runJson(box(), [...flags, 'fx', 'import', fixture('rates.csv')]);
    expect(imported).toMatchObject({ source: 'user', received: 5, written: 5, pairs: ['EUR/JPY', 'EUR/USD'] });

    // SAP 246.00 × 1.08 = 265.68; SIE −104.00 × 1.085 = −112.84; AAPL 48.00; ADS (2026-03-10) has no rate.
    const usd = await runJson(box(), [...flags, 'stats', '--currency', 'USD']);
    expect(usd).toMatchObject({ currency: 'USD', totalTrades: 3, wins: 2, losses: 1, totalPnL: 200.84, totalFees: 10.66 });
    expect(usd.fx).toEqual({ converted: 2, missing: [{ date: '2026-03-10', from: 'EUR', to: 'USD', trades: 1 }] });
    const shown = await run(box(), [...flags, 'stats', '--currency', 'USD']);
    expect(shown.stdout).toContain('Money in USD; 2 trades converted from other currencies.');
    expect(shown.stderr).toContain('warning: 1 trade of 2026-03-10 left out: no EUR→USD rate for that day');

    // By day: 2026-03-02 265.68; 2026-03-03 −112.84 + 48.00 = −64.84.
    const perf = await runJson(box(), [...flags, 'analytics', 'performance', '--currency', 'USD']);
    expect(perf.data.map((d: T) => [d.period, d.totalPnL])).toEqual([
      ['2026-03-02', 265.68],
      ['2026-03-03', -64.84],
    ]);

    // In EUR: AAPL 48.00 ÷ 1.085 = 44.239631; 246 − 104 + 96 + 44.239631 = 282.239631.
    const eur = await runJson(box(), [...flags, 'stats', '--currency', 'EUR']);
    expect(eur).toMatchObject({ currency: 'EUR', totalTrades: 4, totalPnL: 282.239631, fx: { converted: 1, missing: [] } });

    // The base currency answers when none is asked for.
    await runJson(box(), [...flags, 'settings', 'set', '--base-currency', 'USD']);
    expect(await runJson(box(), [...flags, 'stats'])).toMatchObject({ currency: 'USD', totalPnL: 200.84 });

    // The ECB's rate of 2026-03-10 (1.0870) from the replay server: ADS 96.00 × 1.087 = 104.352.
    ecb.script({ status: 200, file: 'rates-usd-2026-03.csv' });
    const env = { ...box().env, TJ_ECB_URL: ecb.baseUrl };
    const fetched = await runJson(box(), [...flags, 'fx', 'fetch', '--from', '2026-03-09', '--to', '2026-03-10'], env);
    expect(fetched).toMatchObject({ source: 'ecb', received: 2, written: 2, pairs: ['EUR/USD'] });
    const asked = ecb.requests.at(-1);
    expect(asked?.path).toBe('/service/data/EXR/D.USD.EUR.SP00.A');
    expect(asked?.query.get('startPeriod')).toBe('2026-03-09');
    const all = await runJson(box(), [...flags, 'stats']);
    expect(all).toMatchObject({ totalTrades: 4, totalPnL: 305.192, fx: { converted: 3, missing: [] } });

    // Each trade with the rate used.
    const list = await runJson(box(), [...flags, 'trades', 'list', '--currency', 'USD']);
    const by: Record<string, T> = Object.fromEntries(list.trades.map((t: T) => [t.instrument, t]));
    expect(by.SAP?.converted).toEqual({
      currency: 'USD',
      rate: '1.08',
      rateDate: '2026-03-02',
      source: 'user',
      result: 265.68,
      realizedPnL: 265.68,
      fees: 4.32,
    });
    expect(by.ADS?.converted).toMatchObject({ rate: '1.087', source: 'ecb', result: 104.352 });
    expect(by.AAPL?.converted).toMatchObject({ rate: '1', source: 'same', result: 48 });
    expect(by.SAP).toMatchObject({ currency: 'EUR', result: 246 });
  });

  it('converts a JPY-quoted forex pair into USD through the EUR cross rate', async () => {
    const flags = await freshDb();
    const args = ['import', fixture('usdjpy-orders.csv'), '--account', 'FX', '--source-tz', 'UTC'];
    expect((await runJson(box(), [...flags, ...args])).counts).toMatchObject({ tradesCreated: 2 });
    const list = await trades(flags);
    // +50,000 JPY and −30,000 JPY: the pair's P&L is in its quote currency.
    expect(list.map((t) => [t.currency, t.result]).sort()).toEqual([
      ['JPY', -30000],
      ['JPY', 50000],
    ]);
    await runJson(box(), [...flags, 'fx', 'import', fixture('rates.csv')]);
    // 50,000 × 1.08 ÷ 162 = 333.333333; −30,000 × 1.085 ÷ 163 = −199.693252; total 133.640081.
    const usd = await runJson(box(), [...flags, 'stats', '--currency', 'USD']);
    expect(usd).toMatchObject({ currency: 'USD', totalPnL: 133.640081, largestWin: 333.333333, largestLoss: -199.693252 });
    // Without a currency the one they are in answers, as ever.
    expect(await runJson(box(), [...flags, 'stats'])).toMatchObject({ currency: 'JPY', totalPnL: 20000, fx: null });
  });

  it('uses IBKR’s own fxRateToBase once the account’s base currency is set', async () => {
    const flags = await freshDb();
    await runJson(box(), [...flags, 'import', fixture('ibkr-cad-flex.xml'), '--source-tz', 'America/Toronto']);
    const [shop] = await trades(flags);
    // 100 × (155 − 150) − 2.00 = 498.00 CAD; the closing fill's rate is kept.
    expect(shop).toMatchObject({ instrument: 'SHOP', currency: 'CAD', result: 498, fxRateToBase: '0.7400' });
    // Without the account's base the broker's rate says nothing about which currency it is in.
    const unknown = await runJson(box(), [...flags, 'stats', '--currency', 'USD']);
    expect(unknown).toMatchObject({
      totalTrades: 0,
      fx: { missing: [{ date: '2026-03-05', from: 'CAD', to: 'USD', trades: 1 }] },
    });
    await runJson(box(), [...flags, 'settings', 'set', '--account', 'U7654321', '--base-currency', 'USD']);
    // 498.00 × 0.74 = 368.52; fees 2.00 × 0.74 = 1.48.
    const usd = await runJson(box(), [...flags, 'stats', '--currency', 'USD']);
    expect(usd).toMatchObject({ totalTrades: 1, totalPnL: 368.52, totalFees: 1.48, fx: { converted: 1, missing: [] } });
  });

  it('refuses a bad rates file whole, naming each line, and stores nothing', async () => {
    const flags = await freshDb();
    const bad = await file(
      'bad-rates.csv',
      'date,pair,rate\n2026-03-02,EUR/USD,1.08\n2026-03-03,EUR/USD,-1\n2026-13-01,EUR/USD,1.1\n',
    );
    const r = await run(box(), [...flags, 'fx', 'import', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('line 3: rate "-1" must be a positive decimal');
    expect(r.stderr).toContain('line 4: date "2026-13-01" must be a day YYYY-MM-DD');
    expect(await runJson(box(), [...flags, 'fx', 'list'])).toMatchObject({ rates: [], pagination: { total: 0 } });
  });
});

/**
 * Positions as traders book them, through the SDK and the raw API against the real server, on
 * both databases: a position scaled out over three days, an iron condor opened as one order and
 * closed in two, a covered call assigned, a 4:1 split of an open position. The fixtures and their
 * hand computations: packages/core/test/fixtures/positions/README.md and the header of
 * packages/core/test/import/formats/strategy-fixtures.test.ts.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { PASSWORD, useServer } from './support/server.js';

const fixture = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../core/test/fixtures/${path}`, import.meta.url)), 'utf8');
const SCALE_OUT = fixture('positions/scale-out.csv');
const IRON_CONDOR = fixture('brokers/ibkr-flex-iron-condor.xml');
const COVERED_CALL = fixture('brokers/tastytrade-covered-call-assigned.csv');

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`positions through the SDK and the API on ${db.name}`, () => {
    const server = useServer(db);

    /** A raw request with the user's access token (the API as any HTTP client sees it). */
    async function api(email: string) {
      const login = await fetch(`${server().url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const { accessToken } = (await login.json()) as { accessToken: string };
      return async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${server().url}${path}`, {
          method,
          headers: { authorization: `Bearer ${accessToken}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        });
        return { status: res.status, body: res.status === 204 ? null : await res.json() };
      };
    }

    it('books a position scaled out over three days on each day, and closes it on the last', async () => {
      const { client, email } = await server().loggedIn();
      const record = await client.imports.create(SCALE_OUT, { fileName: 'scale-out.csv' });
      const [id] = record.tradeIds as [string];
      // Day 1: (52 − 50) × 100 − 1 − 1 = 198; day 2: (49 − 50) × 100 − 2 = −102; the close books 594 − 96 = 498.
      expect(await client.trades.get(id)).toMatchObject({
        status: 'closed',
        result: 594,
        realizedPnL: 594,
        partialExits: [
          { time: '2026-11-02T20:00:00.000Z', realizedPnL: 198 },
          { time: '2026-11-03T15:00:00.000Z', realizedPnL: -102 },
        ],
        strategy: null,
      });
      const daily = await client.analytics.performance({ period: 'daily', dateFrom: '2026-11-02', dateTo: '2026-11-04' });
      expect(daily.data.map((d) => [d.period, d.trades, d.wins, d.totalPnL])).toEqual([
        ['2026-11-02', 0, 0, 198],
        ['2026-11-03', 0, 0, -102],
        ['2026-11-04', 1, 1, 498],
      ]);
      const calendar = await client.analytics.calendar({ month: '2026-11' });
      expect(calendar).toMatchObject({ trades: 1, totalPnL: 594 });
      expect(calendar.days.slice(1, 4).map((d) => [d.date, d.trades, d.totalPnL])).toEqual([
        ['2026-11-02', 0, 198],
        ['2026-11-03', 0, -102],
        ['2026-11-04', 1, 498],
      ]);
      // The same over plain HTTP: the equity at the end of each day.
      const call = await api(email);
      const equity = await call('GET', '/api/analytics/equity-curve');
      expect(equity.status).toBe(200);
      expect(equity.body.dataPoints).toEqual([
        { date: '2026-11-02', equity: 198 },
        { date: '2026-11-03', equity: 96 },
        { date: '2026-11-04', equity: 594 },
      ]);
    });

    it('makes an iron condor opened as one order and closed in two one position of four legs', async () => {
      const { client, email } = await server().loggedIn();
      await client.imports.create(IRON_CONDOR, { fileName: 'flex.xml', sourceTz: 'America/New_York' });
      const { trades } = await client.trades.list({ strategy: 'iron condor' });
      expect(trades).toHaveLength(1);
      // Credit 2.00 a spread for 2; closed for 0.45 + 0.60 = 1.05: (2.00 − 1.05) × 2 × 100 = 190 − 10.40 = 179.60.
      // The put vertical (1 May, 11:00 New York) books (2.05 − 0.60 − 1.10 + 0.15) × 200 = 100 − 4 × 1.30 = 94.80.
      const condor = await client.trades.get(trades[0]?.id as string);
      expect(condor).toMatchObject({
        instrument: 'SPY',
        strategy: 'iron condor',
        direction: 'short',
        positionSize: 2,
        entryPrice: 2,
        exitPrice: 1.05,
        multiplier: 100,
        result: 179.6,
        partialExits: [{ time: '2026-05-01T15:00:00.000Z', realizedPnL: 94.8 }],
        exitTime: '2026-05-08T18:30:00.000Z',
      });
      expect(condor.executions?.map((e) => `${e.instrument} ${e.side} ${e.orderId}`)).toEqual([
        'SPY260515P00500000 buy 9001',
        'SPY260515P00510000 sell 9001',
        'SPY260515C00560000 sell 9001',
        'SPY260515C00570000 buy 9001',
        'SPY260515P00510000 buy 9002',
        'SPY260515P00500000 sell 9002',
        'SPY260515C00560000 buy 9003',
        'SPY260515C00570000 sell 9003',
      ]);
      // The close books the rest, 179.60 − 94.80 = 84.80, on 8 May; strategy is a category and a filter over HTTP.
      const call = await api(email);
      const may = await call('GET', '/api/analytics/calendar?month=2026-05');
      expect(may.body.days.filter((d: { totalPnL: number }) => d.totalPnL !== 0)).toMatchObject([
        { date: '2026-05-01', trades: 0, totalPnL: 94.8 },
        { date: '2026-05-08', trades: 1, wins: 1, totalPnL: 84.8 },
      ]);
      const byStrategy = await call('GET', '/api/analytics/by-category?category=strategy');
      expect(byStrategy.body.categories).toMatchObject([{ name: 'iron condor', trades: 1, totalPnL: 179.6 }]);
      const none = await call('GET', '/api/trades?strategy=none');
      expect(none.body.trades).toEqual([]);
    });

    it('closes a covered call assigned at expiry: the call at 0, the shares at the strike', async () => {
      const { client } = await server().loggedIn();
      const record = await client.imports.create(COVERED_CALL, { fileName: 'tasty.csv' });
      expect(record.counts.tradesCreated).toBe(1);
      const trade = await client.trades.get(record.tradeIds[0] as string);
      // Paid 7,000 − 120 = 6,880 (68.80 a share), received 7,200 (72.00): 320 − 1.37 = 318.63.
      expect(trade).toMatchObject({
        instrument: 'KO',
        strategy: 'covered call',
        direction: 'long',
        entryPrice: 68.8,
        exitPrice: 72,
        positionSize: 1,
        result: 318.63,
        partialExits: [],
      });
      expect(trade.executions?.map((e) => `${e.instrument} ${e.side} ${e.quantity}@${e.price} ${e.action}`)).toEqual([
        'KO buy 100@70 trade',
        'KO260515C00072000 sell 1@1.2 trade',
        'KO260515C00072000 buy 1@0 assignment',
        'KO sell 100@72 trade',
      ]);
    });

    it('splits an open position 4:1 recorded over the API, and the SDK lists the action', async () => {
      const { client, email } = await server().loggedIn();
      const bought = 'datetime,symbol,side,quantity,price,commission,exec_id\n2026-08-03T14:00:00Z,AAPL,buy,100,200,1,a-1\n';
      const [id] = (await client.imports.create(bought)).tradeIds as [string];
      await client.trades.update(id, { stopLoss: 190 });
      const call = await api(email);
      const created = await call('POST', '/api/corporate-actions', {
        kind: 'split',
        instrument: 'AAPL',
        ratio: '4:1',
        effectiveAt: '2026-08-31',
      });
      expect(created.status).toBe(201);
      expect(created.body.adjustedTradeIds).toEqual([id]);
      // 100 at 200.00 (stop 190) are 400 at 50.00 (stop 47.50); the execution too; the money is the same.
      const split = await client.trades.get(id);
      expect(split).toMatchObject({ positionSize: 400, entryPrice: 50, stopLoss: 47.5, fees: 1, status: 'open' });
      expect(split.executions?.map((e) => `${e.quantity}@${e.price}`)).toEqual(['400@50']);
      expect((await client.corporateActions.list()).corporateActions).toMatchObject([
        { kind: 'split', instrument: 'AAPL', ratio: '4:1' },
      ]);
      const bad = await call('POST', '/api/corporate-actions', {
        kind: 'split',
        instrument: 'AAPL',
        ratio: '1:1',
        effectiveAt: '2026-09-01',
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ status: 400, errors: [{ path: 'ratio' }] });
    });
  });
}

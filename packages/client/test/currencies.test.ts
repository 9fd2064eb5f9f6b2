/**
 * Currencies through the SDK against the real server on SQLite and PostgreSQL (docs/analytics.md,
 * "Currencies"): files imported, rates sent and fetched from the ECB (a local replay server),
 * every analytics answer in a chosen currency with the days without a rate reported, the 400 of a
 * mixed selection without a currency, and the ECB's failures as problem bodies. Figures:
 * packages/core/test/fixtures/currencies/README.md.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReplayServer, startReplayServer } from '../../core/test/providers/replay-server.js';
import { DATABASES } from '../../../test/support/databases.js';
import { TjApiError } from '../src/index.js';
import { openFile } from '../src/node.js';
import { useServer } from './support/server.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../core/test/fixtures/currencies/${name}`, import.meta.url));
const ECB_FIXTURES = fileURLToPath(new URL('../../core/test/fixtures/providers/ecb', import.meta.url));
const RATES = [
  { date: '2026-03-02', base: 'EUR', quote: 'USD', rate: '1.0800' },
  { date: '2026-03-03', base: 'EUR', quote: 'USD', rate: '1.0850' },
  { date: '2026-03-02', base: 'EUR', quote: 'JPY', rate: '162.00' },
  { date: '2026-03-03', base: 'EUR', quote: 'JPY', rate: '163.00' },
];

let ecb: ReplayServer;
beforeAll(async () => {
  ecb = await startReplayServer(ECB_FIXTURES, '/service');
});
afterAll(async () => ecb.close());

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`currencies through the SDK on ${db.name}`, () => {
    const server = useServer(db, { ecbUrl: () => ecb.baseUrl });

    it('reports a EUR account and a USD one in USD with the user’s rates; a mixed selection without a currency is a 400', async () => {
      const { client } = await server().loggedIn({ retry: { retries: 0 } });
      await client.imports.create((await openFile(fixture('eur-usd-fills.csv'))).body);
      const refused = await client.trades.statistics().catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(TjApiError);
      expect(refused).toMatchObject({ status: 400, code: 'validation_failed' });
      expect((refused as TjApiError).problem?.errors?.[0]).toMatchObject({ path: 'currency' });

      expect(await client.fx.import({ rates: RATES })).toMatchObject({
        received: 4,
        written: 4,
        from: '2026-03-02',
        to: '2026-03-03',
      });
      // 265.68 − 112.84 + 48.00 = 200.84; ADS of 2026-03-10 left out and reported.
      const stats = await client.trades.statistics({ currency: 'USD' });
      expect(stats).toMatchObject({ currency: 'USD', totalPnL: 200.84, totalTrades: 3 });
      expect(stats.fx?.missing).toEqual([{ date: '2026-03-10', from: 'EUR', to: 'USD', trades: 1 }]);
      // Every analytics answer takes the currency: the same 200.84 in each.
      const board = await client.analytics.dashboard({ currency: 'USD' });
      expect(board).toMatchObject({ currency: 'USD', summary: { totalPnL: 200.84, totalTrades: 3 } });
      const calendar = await client.analytics.calendar({ month: '2026-03', currency: 'USD' });
      expect(calendar).toMatchObject({ currency: 'USD', trades: 3, totalPnL: 200.84 });
      const curve = await client.analytics.equityCurve({ currency: 'USD' });
      expect(curve.dataPoints).toEqual([
        { date: '2026-03-02', equity: 265.68 },
        { date: '2026-03-03', equity: 200.84 },
      ]);
      const byAccount = await client.analytics.byCategory({ category: 'account', currency: 'USD' });
      expect(byAccount.categories.map((c) => [c.name, c.totalPnL])).toEqual([
        ['IBKR-EU', 152.84],
        ['IBKR-US', 48],
      ]);
      // The accounts list: each account's own money, or all in USD when asked.
      const stated = await client.accounts();
      expect(stated.currency).toBeNull();
      expect(stated.accounts.map((a) => [a.account, a.totalPnL])).toEqual([
        ['IBKR-EU', 238],
        ['IBKR-US', 48],
      ]);
      const inUsd = await client.accounts({ currency: 'USD' });
      expect(inUsd).toMatchObject({ currency: 'USD', fx: { converted: 2, missing: [{ date: '2026-03-10', trades: 1 }] } });
      expect(inUsd.accounts.map((a) => [a.account, a.totalPnL])).toEqual([
        ['IBKR-EU', 152.84],
        ['IBKR-US', 48],
      ]);
      // The report in USD: its statistics, and its best trade converted with the rate used.
      const report = await client.reports.summary({ currency: 'USD' });
      expect(report.statistics).toMatchObject({ currency: 'USD', totalPnL: 200.84 });
      expect(report.bestTrades[0]).toMatchObject({ instrument: 'SAP', result: 246, converted: { result: 265.68, rate: '1.08' } });
      expect(report.worstTrades.map((t) => [t.instrument, t.converted?.result])).toEqual([['SIE', -112.84]]);
      const page = await client.reports.summaryHtml({ currency: 'USD' });
      expect(page).toContain('Money in USD; 2 trades converted from other currencies');
      expect(page).toContain('>265.68<');
      // One account alone is in one currency: no currency needed.
      expect(await client.trades.statistics({ account: 'IBKR-EU' })).toMatchObject({ currency: 'EUR', totalPnL: 238, fx: null });
    });

    it('fetches the ECB’s rates of a missing day, and answers the ECB’s failures as problems', async () => {
      const { client } = await server().loggedIn({ retry: { retries: 0 } });
      await client.imports.create((await openFile(fixture('eur-usd-fills.csv'))).body);
      await client.fx.import({ rates: RATES });
      ecb.script({ status: 200, file: 'rates-usd-2026-03.csv' });
      const fetched = await client.fx.fetch({ from: '2026-03-09', to: '2026-03-10', currencies: ['usd'] });
      expect(fetched).toMatchObject({ source: 'ecb', received: 2, written: 2 });
      // ADS 96.00 × 1.0870 = 104.352: 200.84 + 104.352 = 305.192.
      expect(await client.trades.statistics({ currency: 'USD' })).toMatchObject({ totalPnL: 305.192, fx: { missing: [] } });
      const { rates } = await client.fx.list({ from: '2026-03-09' });
      expect(rates).toEqual([
        { date: '2026-03-09', base: 'EUR', quote: 'USD', rate: '1.0865', source: 'ecb' },
        { date: '2026-03-10', base: 'EUR', quote: 'USD', rate: '1.0870', source: 'ecb' },
      ]);

      // The ECB answers 429 asking for two minutes: a 503 with Retry-After, at once.
      ecb.script({ status: 429, headers: { 'retry-after': '120' }, body: 'Too Many Requests' });
      const busy = await client.fx.fetch({ from: '2026-03-11', to: '2026-03-11', currencies: ['USD'] }).catch((e: unknown) => e);
      expect(busy).toMatchObject({ status: 503, code: 'unavailable', retryAfterSeconds: 120 });
      // A body that is not the ECB's CSV: a 502 naming the provider, nothing stored.
      ecb.script({ status: 200, headers: { 'content-type': 'text/csv' }, body: 'this is not,the ecb\n1,2\n' });
      const broken = await client.fx
        .fetch({ from: '2026-03-11', to: '2026-03-11', currencies: ['USD'] })
        .catch((e: unknown) => e);
      expect(broken).toMatchObject({ status: 502, code: 'upstream_failed' });
      const detail = (broken as TjApiError).problem?.detail ?? '';
      expect(detail).toMatch(/^rate provider ecb: /);
      expect(detail).not.toContain(new URL(ecb.baseUrl).host);
      expect((await client.fx.list({ limit: 100 })).pagination.total).toBe(6);
      // The user's rates stay theirs: deleting the ECB's leaves them.
      expect(await client.fx.delete({ source: 'ecb' })).toEqual({ deleted: 2 });
      expect((await client.fx.list()).pagination.total).toBe(4);
    });

    it('converts a JPY-quoted pair imported into a named account, at the cross rate, with the rate kept per trade', async () => {
      const { client } = await server().loggedIn({ retry: { retries: 0 } });
      const file = await openFile(fixture('usdjpy-orders.csv'));
      await client.imports.create(file.body, { account: 'FX', sourceTz: 'UTC' });
      await client.fx.import({ rates: RATES });
      await client.settings.update({ baseCurrency: 'usd' });
      // 333.333333 − 199.693252 = 133.640081, in the base currency without asking.
      expect(await client.trades.statistics()).toMatchObject({ currency: 'USD', totalPnL: 133.640081 });
      const { trades } = await client.trades.list({ currency: 'USD' });
      const win = trades.find((t) => t.result === 50000);
      expect(win).toMatchObject({ account: 'FX', currency: 'JPY' });
      expect(win?.converted).toMatchObject({ currency: 'USD', rate: '0.0066666667', source: 'user', result: 333.333333 });
    });
  });
}

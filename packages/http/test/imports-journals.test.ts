/**
 * The imports API over real HTTP with the closed journals' trade exports (Tradervue, TraderSync),
 * on SQLite and PostgreSQL: each file sent as the body is detected, imported as whole trades with
 * the journal's net P&L, and sending it again adds nothing. Fixtures: core/test/fixtures/journals
 * (their P&L worked out in its README.md).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call } from './support/http.js';
import { useServerWithUser } from './support/server.js';

const journal = (name: string) => readFileSync(new URL(`../../core/test/fixtures/journals/${name}`, import.meta.url), 'utf8');
type T = { instrument: string; result: number | null; stopLoss: number | null; positionSize: number; [k: string]: unknown };

describe.each(DATABASES)('the imports API with Tradervue and TraderSync exports on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    const s = useServerWithUser(db, 'journals');
    const post = (body: string) =>
      call(s.srv.url, 'POST', '/api/imports?sourceTz=America/New_York', {
        headers: { ...s.user.auth, 'content-type': 'text/csv' },
        raw: body,
      });
    const tradesBy = async (ids: string[]): Promise<Record<string, T>> => {
      const all: T[] = (await s.api('GET', '/api/trades?limit=100')).body.trades;
      return Object.fromEntries(all.filter((t) => ids.includes(t.id as string)).map((t) => [t.instrument, t]));
    };

    it('imports a Tradervue export: size Volume ÷ 2, its Net P&L, the stop its Initial Risk implies; again adds nothing', async () => {
      const r = await post(journal('tradervue-trades.csv'));
      expect(r.status, r.text).toBe(201);
      expect(r.body).toMatchObject({ format: { name: 'tradervue-trades' }, counts: { tradesCreated: 5 } });
      const by = await tradesBy(r.body.tradeIds);
      // AAPL: Volume 200 = 100 shares; (187.25 − 185.50) × 100 = 175.00 − 1.50 = 173.50; stop 185.50 − 50.00 ÷ 100 = 185.00.
      expect(by.AAPL).toMatchObject({ positionSize: 100, result: 173.5, stopLoss: 185, tags: ['breakout', 'orb'] });
      // ESM6: 2 contracts × 10.50 points × 50 = 1050.00 − 5.50 = 1044.50.
      expect(by.ESM6).toMatchObject({ positionSize: 2, result: 1044.5 });
      const again = await post(journal('tradervue-trades.csv'));
      expect(again.body.counts).toMatchObject({ tradesCreated: 0, duplicates: 5 });
    });

    it('imports a TraderSync export: its Net Return, setups and mistakes, stop1; again adds nothing', async () => {
      const r = await post(journal('tradersync-trades.csv'));
      expect(r.status, r.text).toBe(201);
      expect(r.body).toMatchObject({ format: { name: 'tradersync-trades' }, counts: { tradesCreated: 4 } });
      const by = await tradesBy(r.body.tradeIds);
      // TSLA short 50: (250.00 − 252.40) × 50 = −120.00 − ($1.00 + $0.25) = −121.25.
      expect(by.TSLA).toMatchObject({
        result: -121.25,
        stopLoss: 251.2,
        setupType: 'Gap fade',
        tags: ['Late exit', 'Oversized'],
      });
      // 173.50 − 121.25 + 248.66 = 300.91 over the closed trades.
      const total = Object.values(by).reduce((sum, t) => sum + Math.round((t.result ?? 0) * 100), 0) / 100;
      expect(total).toBe(300.91);
      const again = await post(journal('tradersync-trades.csv'));
      expect(again.body.counts).toMatchObject({ tradesCreated: 0, duplicates: 4 });
    });
  });
});

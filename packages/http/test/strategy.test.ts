import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { tradeBody } from './support/http.js';
import { useServerWithUser } from './support/server.js';

describe.each(DATABASES)('strategy as a filter and a category over HTTP on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    const s = useServerWithUser(db, 'spreads');
    const ids: Record<string, string> = {};

    /** Closed trades: an iron condor (short 1.20 → 0.50, 1 × 100: +70), a vertical (long 2.00 → 1.40: −60), a stock (long 50 → 52, 10 shares: +20). */
    beforeAll(async () => {
      const closed = { exitTime: '2026-11-20T15:00:00Z', multiplier: 100, positionSize: 1 };
      const trades: [string, string | null, Record<string, unknown>][] = [
        ['ic', 'iron condor', { instrument: 'SPX', direction: 'short', entryPrice: 1.2, exitPrice: 0.5, ...closed }],
        ['vertical', 'vertical', { instrument: 'SPY', entryPrice: 2, exitPrice: 1.4, ...closed }],
        ['stock', null, { instrument: 'AAPL', entryPrice: 50, exitPrice: 52, positionSize: 10, exitTime: closed.exitTime }],
      ];
      for (const [key, strategy, over] of trades) {
        const made = await s.api('POST', '/api/trades', tradeBody({ ...over, stopLoss: undefined, takeProfit: undefined }));
        expect(made.status).toBe(201);
        ids[key] = made.body.id;
        // The strategy as an import stores it (no request sets it).
        const repo = s.srv.storage.repos.trades;
        const before = await repo.get(s.user.id, made.body.id);
        if (before === undefined) throw new Error('not stored');
        await repo.update(before, { ...before, strategy: strategy as typeof before.strategy });
      }
    });

    it('GET /api/trades takes strategy (a name, or none) and answers each trade’s strategy', async () => {
      const ic = await s.api('GET', '/api/trades?strategy=iron%20condor');
      expect(ic.status).toBe(200);
      expect(ic.body.trades.map((t: { id: string; strategy: string }) => [t.id, t.strategy])).toEqual([[ids.ic, 'iron condor']]);
      const plus = await s.api('GET', '/api/trades?strategy=iron+condor');
      expect(plus.body.pagination.total).toBe(1);
      const none = await s.api('GET', '/api/trades?strategy=none');
      expect(none.body.trades.map((t: { id: string; strategy: null }) => [t.id, t.strategy])).toEqual([[ids.stock, null]]);
    });

    it('a strategy that is not one is a 400 naming strategy', async () => {
      const bad = await s.api('GET', '/api/trades?strategy=condor');
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['strategy']);
      expect((await s.api('GET', '/api/analytics/by-category?category=instrument&strategy=')).status).toBe(400);
    });

    it('statistics and by-category take the filter; category=strategy groups by it', async () => {
      const stats = await s.api('GET', '/api/trades/statistics?strategy=vertical');
      expect(stats.body).toMatchObject({ totalTrades: 1, totalPnL: -60 });
      const r = await s.api('GET', '/api/analytics/by-category?category=strategy');
      expect(r.status).toBe(200);
      // iron condor +70, (none) +20, vertical −60.
      expect(r.body.categories.map((c: { name: string; totalPnL: number }) => [c.name, c.totalPnL])).toEqual([
        ['iron condor', 70],
        ['(none)', 20],
        ['vertical', -60],
      ]);
      const curve = await s.api('GET', '/api/analytics/equity-curve?strategy=none&startingBalance=1000');
      expect(curve.body.dataPoints).toEqual([{ date: '2026-11-20', equity: 1020 }]);
    });
  });
});

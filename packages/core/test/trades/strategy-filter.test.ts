import type { Strategy } from '@tj/core';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { caught, newUser, tradeBody, useCore } from '../support/core.js';

const ids = (list: { trades: { id: string }[] }) => list.trades.map((t) => t.id).sort();

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`strategy as a filter and a category on ${db.name}`, () => {
    const h = useCore(db);

    /** A trade created by the service, then given its strategy in storage as an import writes it. */
    async function trade(user: string, strategy: Strategy | null, over: Record<string, unknown>): Promise<string> {
      const made = await h.core().trades.create(user, tradeBody(over));
      const { trades } = h.storage().repos;
      const before = await trades.get(user, made.id);
      if (before === undefined) throw new Error('the trade was not stored');
      await trades.update(before, { ...before, strategy });
      return made.id;
    }

    /**
     * Closed: a vertical (long 2.10 → 3.60, 1 × 100: +150), two iron condors (short 1.20 → 2.00:
     * −80; short 1.00 → 0.40: +60) and a stock trade (long 100 → 110, 10 shares: +100); open: a
     * second vertical.
     */
    async function book(user: string) {
      const closed = { exitTime: '2026-11-20T15:00:00Z', multiplier: 100 };
      const vertical = await trade(user, 'vertical', {
        instrument: 'SPY',
        entryPrice: 2.1,
        exitPrice: 3.6,
        positionSize: 1,
        ...closed,
      });
      const ic1 = await trade(user, 'iron condor', {
        instrument: 'SPX',
        direction: 'short',
        entryPrice: 1.2,
        exitPrice: 2,
        positionSize: 1,
        ...closed,
      });
      const ic2 = await trade(user, 'iron condor', {
        instrument: 'SPX',
        direction: 'short',
        entryPrice: 1,
        exitPrice: 0.4,
        positionSize: 1,
        ...closed,
        exitTime: '2026-11-20T16:00:00Z',
      });
      const stock = await trade(user, null, {
        instrument: 'AAPL',
        entryPrice: 100,
        exitPrice: 110,
        positionSize: 10,
        exitTime: closed.exitTime,
      });
      const open = await trade(user, 'vertical', { instrument: 'QQQ', entryPrice: 1.5, positionSize: 1, multiplier: 100 });
      return { vertical, ic1, ic2, stock, open };
    }

    it('the trade list selects a strategy by name, and the trades without one by none', async () => {
      const user = await newUser(h.core());
      const t = await book(user);
      const list = (q: Record<string, unknown>) => h.core().trades.list(user, q);
      expect(ids(await list({ strategy: 'iron condor' }))).toEqual([t.ic1, t.ic2].sort());
      expect(ids(await list({ strategy: 'vertical' }))).toEqual([t.vertical, t.open].sort());
      expect(ids(await list({ strategy: 'none' }))).toEqual([t.stock]);
      // A name, none and a name again: the compiled query of each shape answers its own filter.
      expect(ids(await list({ strategy: 'vertical', status: 'open' }))).toEqual([t.open]);
      expect((await list({ strategy: 'none', status: 'open' })).pagination.total).toBe(0);
      expect((await list({ strategy: 'straddle' })).pagination.total).toBe(0);
      expect((await list({ strategy: 'iron condor', instrument: 'spx' })).pagination.total).toBe(2);
      const stored = await h.core().trades.get(user, t.ic1);
      expect(stored.strategy).toBe('iron condor');
    });

    it('refuses a strategy that is not one, naming the field', async () => {
      const user = await newUser(h.core());
      const e = await caught(() => h.core().trades.list(user, { strategy: 'condor' }));
      expect(e.code).toBe('validation_failed');
      expect(e.errors?.map((x) => x.path)).toEqual(['strategy']);
      const a = await caught(() => h.core().analytics.byCategory(user, { category: 'strategy', strategy: 'iron-condor' }));
      expect(a.errors?.map((x) => x.path)).toEqual(['strategy']);
    });

    it('statistics, the dashboard and the analytics take the filter', async () => {
      const user = await newUser(h.core());
      await book(user);
      const stats = await h.core().analytics.statistics(user, { strategy: 'iron condor' });
      // −80 + 60 = −20, one win of two.
      expect(stats).toMatchObject({ totalTrades: 2, totalPnL: -20, winRate: 50, openTrades: 0 });
      expect(await h.core().analytics.statistics(user, { strategy: 'vertical' })).toMatchObject({
        totalTrades: 1,
        totalPnL: 150,
        openTrades: 1,
      });
      const none = await h.core().analytics.statistics(user, { strategy: 'none' });
      expect(none).toMatchObject({ totalTrades: 1, totalPnL: 100, openTrades: 0 });
      // Everything: 150 − 80 + 60 + 100 = 230.
      expect(await h.core().analytics.statistics(user, {})).toMatchObject({ totalTrades: 4, totalPnL: 230 });
      const dash = await h.core().analytics.dashboard(user, { strategy: 'iron condor' });
      expect(dash.summary).toMatchObject({ totalTrades: 2, totalPnL: -20 });
      // The iron condors' equity at the end of 20 Nov: −80 + 60.
      const curve = await h.core().analytics.equityCurve(user, { strategy: 'iron condor' });
      expect(curve.dataPoints).toEqual([{ date: '2026-11-20', equity: -20 }]);
      const instruments = await h.core().analytics.byCategory(user, { category: 'instrument', strategy: 'none' });
      expect(instruments.categories.map((c) => [c.name, c.totalPnL])).toEqual([['AAPL', 100]]);
    });

    it('by-category strategy groups closed trades by strategy, (none) without one, by totalPnL then name', async () => {
      const user = await newUser(h.core());
      await book(user);
      const { category, categories } = await h.core().analytics.byCategory(user, { category: 'strategy' });
      expect(category).toBe('strategy');
      // vertical +150, (none) +100, iron condor −80 + 60 = −20; the open vertical is not counted.
      expect(categories.map((c) => [c.name, c.trades, c.wins, c.losses, c.totalPnL])).toEqual([
        ['vertical', 1, 1, 0, 150],
        ['(none)', 1, 1, 0, 100],
        ['iron condor', 2, 1, 1, -20],
      ]);
      // Two groups of equal P&L are ordered by name.
      const other = await newUser(h.core());
      const closed = { entryPrice: 1, exitPrice: 2, positionSize: 1, exitTime: '2026-11-20T15:00:00Z' };
      await trade(other, 'straddle', closed);
      await trade(other, 'calendar', closed);
      const tied = await h.core().analytics.byCategory(other, { category: 'strategy' });
      expect(tied.categories.map((c) => c.name)).toEqual(['calendar', 'straddle']);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { caught, newUser, tradeBody, useCore } from '../support/core.js';

const closed = (over: Record<string, unknown>) => tradeBody({ exitTime: '2026-11-20T15:00:00Z', stopLoss: 90, ...over });

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`trade details and selection filters on ${db.name}`, () => {
    const h = useCore(db);

    it('keeps account, asset class, currency and option details, and returns null for what was not given', async () => {
      const user = await newUser(h.core());
      const option = await h.core().trades.create(
        user,
        tradeBody({
          instrument: 'SPY 260320C00570000',
          account: ' U1234567 ',
          assetClass: 'option',
          currency: 'usd',
          underlying: 'SPY',
          expiry: '2026-03-20',
          strike: 570,
          right: 'call',
          multiplier: 100,
        }),
      );
      expect(option).toMatchObject({
        account: 'U1234567',
        assetClass: 'option',
        currency: 'USD',
        underlying: 'SPY',
        expiry: '2026-03-20',
        strike: 570,
        right: 'call',
      });
      expect(await h.core().trades.get(user, option.id)).toEqual({ ...option, executions: [] });
      const plain = await h.core().trades.create(user, tradeBody());
      expect(plain).toMatchObject({
        account: null,
        assetClass: null,
        currency: null,
        underlying: null,
        expiry: null,
        strike: null,
        right: null,
      });
    });

    it('refuses a strike or right on a trade that is not an option, naming the field', async () => {
      const user = await newUser(h.core());
      const e = await caught(() => h.core().trades.create(user, tradeBody({ assetClass: 'stock', strike: 100, right: 'put' })));
      expect(e.code).toBe('validation_failed');
      expect(e.errors?.map((x) => x.path).sort()).toEqual(['right', 'strike']);
      const bad = await caught(() => h.core().trades.create(user, tradeBody({ assetClass: 'bond' })));
      expect(bad.errors?.[0]?.path).toBe('assetClass');
      const list = await h.core().trades.list(user, {});
      expect(list.pagination.total).toBe(0);
    });

    it('updates and clears the details with PATCH', async () => {
      const user = await newUser(h.core());
      const t = await h.core().trades.create(user, tradeBody({ account: 'A1', assetClass: 'future', underlying: 'ES' }));
      const moved = await h.core().trades.update(user, t.id, { account: 'B2', underlying: null });
      expect(moved).toMatchObject({ account: 'B2', assetClass: 'future', underlying: null });
      const e = await caught(() => h.core().trades.update(user, t.id, { right: 'call' }));
      expect(e.errors?.[0]?.path).toBe('right');
    });

    it('filters the list, statistics and analytics by account, asset class, setup and tag', async () => {
      const user = await newUser(h.core());
      const c = h.core();
      await c.trades.create(
        user,
        closed({ account: 'A', assetClass: 'stock', setupType: 'breakout', tags: ['gap', 'am'], exitPrice: 110 }),
      );
      await c.trades.create(
        user,
        closed({ account: 'A', assetClass: 'stock', setupType: 'pullback', tags: ['am'], exitPrice: 95 }),
      );
      await c.trades.create(
        user,
        closed({ account: 'B', assetClass: 'future', setupType: 'breakout', tags: ['gap'], exitPrice: 120 }),
      );
      await c.trades.create(user, tradeBody({ account: 'B', assetClass: 'future', tags: ['gapper'] }));

      const ids = async (q: Record<string, unknown>) => (await c.trades.list(user, q)).pagination.total;
      expect(await ids({ account: 'A' })).toBe(2);
      expect(await ids({ account: 'B', status: 'open' })).toBe(1);
      expect(await ids({ assetClass: 'future' })).toBe(2);
      expect(await ids({ setup: 'breakout' })).toBe(2);
      expect(await ids({ tag: 'gap' })).toBe(2);
      expect(await ids({ tag: 'am', account: 'A', setup: 'pullback' })).toBe(1);
      expect(await ids({ tag: 'GAP' })).toBe(0);

      const stats = await c.analytics.statistics(user, { account: 'A' });
      expect(stats).toMatchObject({ totalTrades: 2, totalPnL: 50, wins: 1, losses: 1 });
      expect((await c.analytics.statistics(user, { tag: 'gap' })).totalPnL).toBe(300);
      expect((await c.analytics.statistics(user, { assetClass: 'future' })).openTrades).toBe(1);

      const byInstrument = await c.analytics.byCategory(user, { category: 'setup', account: 'A' });
      expect(byInstrument.categories.map((x) => [x.name, x.totalPnL])).toEqual([
        ['breakout', 100],
        ['pullback', -50],
      ]);
      const curve = await c.analytics.equityCurve(user, { setup: 'breakout' });
      expect(curve.dataPoints).toEqual([{ date: '2026-11-20', equity: 300 }]);
      const dash = await c.analytics.dashboard(user, { tag: 'am' });
      expect(dash.summary).toMatchObject({ totalTrades: 2, totalPnL: 50 });
      const r = await c.analytics.rDistribution(user, { assetClass: 'stock' });
      expect(r.count).toBe(2);
      const perf = await c.analytics.performance(user, { account: 'B' });
      expect(perf.data.map((d) => d.totalPnL)).toEqual([200]);
    });

    it('matches a tag exactly even when another tag contains it or quotes it', async () => {
      const user = await newUser(h.core());
      await h.core().trades.create(user, tradeBody({ tags: ['a"b', 'x,y'] }));
      await h.core().trades.create(user, tradeBody({ tags: ['b'] }));
      const total = async (tag: string) => (await h.core().trades.list(user, { tag })).pagination.total;
      expect(await total('b')).toBe(1);
      expect(await total('a"b')).toBe(1);
      expect(await total('x,y')).toBe(1);
      expect(await total('y')).toBe(0);
    });
  });
}

import { type Core, createCore, type Storage } from '@tj/core';
import { openStorage } from '@tj/core/storage';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { newUser, testClock, tradeBody } from '../support/core.js';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`analytics cache on ${db.name}`, () => {
    const clock = testClock('2026-11-20T18:00:00.000Z');
    let opened: Awaited<ReturnType<(typeof db)['open']>>;
    let second: Storage;
    let reader: Core;
    let writer: Core;
    beforeAll(async () => {
      opened = await db.open();
      second = await openStorage(opened.url);
      const auth = { passwordCost: { N: 1024, r: 8, p: 1 } };
      reader = createCore({ storage: opened.storage, clock, auth });
      writer = createCore({ storage: second, clock, auth });
    });
    afterAll(async () => {
      await second.close();
      await opened.cleanup();
    });

    it('sees every write made through another storage on the same database, as another process would', async () => {
      const user = await newUser(writer);
      const closed = { exitPrice: 110, exitTime: '2026-11-20T16:00:00Z' };
      expect((await reader.analytics.statistics(user, {})).totalTrades).toBe(0);
      const t = await writer.trades.create(user, tradeBody(closed));
      expect(await reader.analytics.statistics(user, {})).toMatchObject({ totalTrades: 1, totalPnL: 100 });
      await writer.trades.update(user, t.id, { exitPrice: 95 });
      expect(await reader.analytics.statistics(user, {})).toMatchObject({ totalTrades: 1, totalPnL: -50 });
      await writer.trades.update(user, t.id, { fees: 1 });
      expect((await reader.analytics.equityCurve(user, {})).dataPoints).toEqual([{ date: '2026-11-20', equity: -51 }]);
      await writer.trades.delete(user, t.id);
      expect(await reader.analytics.statistics(user, {})).toMatchObject({ totalTrades: 0, totalPnL: 0 });
    });

    it('answers a repeated question without scanning the trades again, and scans after a change', async () => {
      const user = await newUser(writer);
      await writer.trades.create(user, tradeBody({ exitPrice: 101, exitTime: '2026-11-20T16:00:00Z' }));
      const repo = opened.storage.repos.trades;
      // Unfiltered statistics read the day summaries instead of the trades: a read of either counts.
      const days = opened.storage.repos.tradeDays;
      const spies = [
        vi.spyOn(repo, 'closedOutcomes'),
        vi.spyOn(repo, 'closedOutcomesWithCosts'),
        vi.spyOn(repo, 'closedFacts'),
        vi.spyOn(days, 'list'),
      ];
      const scans = { calls: () => spies.reduce((n, s) => n + s.mock.calls.length, 0) };
      const first = await reader.analytics.rDistribution(user, {});
      const again = await reader.analytics.rDistribution(user, {});
      expect(again).toEqual(first);
      expect(scans.calls()).toBe(1);
      await reader.analytics.rDistribution(user, { bucketSize: '0.25' });
      expect(scans.calls()).toBe(2);
      await writer.trades.create(user, tradeBody({ exitPrice: 99, exitTime: '2026-11-20T17:00:00Z' }));
      expect((await reader.analytics.rDistribution(user, {})).count).toBe(0);
      expect((await reader.analytics.statistics(user, {})).totalTrades).toBe(2);
      expect(scans.calls()).toBe(4);
      for (const s of spies) s.mockRestore();
    });

    it('moves the dashboard to a new day when the clock does, with no trade change', async () => {
      const user = await newUser(writer);
      await writer.trades.create(user, tradeBody({ exitPrice: 101, exitTime: '2026-11-20T16:00:00Z' }));
      const today = await reader.analytics.dashboard(user, {});
      expect(today.recentPerformance.daily.at(-1)).toMatchObject({ period: '2026-11-20', trades: 1 });
      clock.set('2026-11-21T09:00:00.000Z');
      const tomorrow = await reader.analytics.dashboard(user, {});
      expect(tomorrow.recentPerformance.daily.at(-1)).toMatchObject({ period: '2026-11-21', trades: 0 });
      expect(tomorrow.recentPerformance.daily.at(-2)).toMatchObject({ period: '2026-11-20', trades: 1 });
    });

    it('hands out copies, so a caller changing a result cannot change the next answer', async () => {
      const user = await newUser(writer);
      await writer.trades.create(user, tradeBody({ exitPrice: 101, exitTime: '2026-11-20T16:00:00Z' }));
      const first = await reader.analytics.statistics(user, {});
      first.totalPnL = 1_000_000;
      expect((await reader.analytics.statistics(user, {})).totalPnL).toBe(10);
    });
  });
}

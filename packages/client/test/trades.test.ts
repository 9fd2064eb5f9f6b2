import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import type { TjClient } from '../src/index.js';
import { useServer } from './support/server.js';

const day = (d: number, h = 14) => `2026-03-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:30:00.000Z`;

/** Three closed trades (+200, −100, +50) and one open one. */
async function seed(client: TjClient) {
  const win = await client.trades.create({
    instrument: 'ES',
    direction: 'long',
    entryPrice: 100,
    positionSize: 2,
    stopLoss: 90,
    setupType: 'breakout',
    tags: ['a'],
    entryTime: day(2),
    exitPrice: 200,
    exitTime: day(2, 16),
  });
  const loss = await client.trades.create({
    instrument: 'NQ',
    direction: 'short',
    entryPrice: 100,
    positionSize: 1,
    stopLoss: 110,
    setupType: 'fade',
    entryTime: day(3),
    exitPrice: 200,
    exitTime: day(3, 16),
  });
  const small = await client.trades.create({
    instrument: 'es',
    direction: 'long',
    entryPrice: 100,
    positionSize: 1,
    stopLoss: 75,
    entryTime: day(4),
    exitPrice: 150,
    exitTime: day(4, 16),
  });
  const open = await client.trades.create({
    instrument: 'CL',
    direction: 'long',
    entryPrice: 70,
    positionSize: 1,
    entryTime: day(5),
  });
  return { win, loss, small, open };
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`trades and analytics round trips on ${db.name}`, () => {
    const server = useServer(db);

    it('create answers the full record; get, update and delete round-trip it', async () => {
      const { client } = await server().loggedIn();
      const trade = await client.trades.create({
        instrument: ' ES ',
        direction: 'long',
        entryPrice: 5000,
        positionSize: 2,
        stopLoss: 4990,
        entryTime: '2026-11-20T15:30:00+01:00',
        notes: 'first',
      });
      expect(trade).toMatchObject({
        instrument: 'ES',
        entryTime: '2026-11-20T14:30:00.000Z',
        status: 'open',
        result: null,
        fees: 0,
        multiplier: 1,
        notes: 'first',
      });
      expect(await client.trades.get(trade.id)).toEqual({ ...trade, executions: [] });
      const closed = await client.trades.update(trade.id, { exitPrice: 5010, exitTime: '2026-11-20T15:00:00Z', notes: null });
      expect(closed).toMatchObject({
        status: 'closed',
        result: 20,
        rMultiple: 1,
        notes: null,
        exitTime: '2026-11-20T15:00:00.000Z',
      });
      const reopened = await client.trades.update(trade.id, { exitPrice: null });
      expect(reopened).toMatchObject({ status: 'open', result: null });
      expect(await client.trades.delete(trade.id)).toBeUndefined();
      await expect(client.trades.get(trade.id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    });

    it('list filters by instrument (ignoring case), status and dates, and pages', async () => {
      const { client } = await server().loggedIn();
      const { win, loss, small, open } = await seed(client);
      const es = await client.trades.list({ instrument: 'Es' });
      expect(es.trades.map((t) => t.id)).toEqual([small.id, win.id]);
      expect((await client.trades.list({ status: 'open' })).trades.map((t) => t.id)).toEqual([open.id]);
      const march3to4 = await client.trades.list({ dateFrom: '2026-03-03', dateTo: '2026-03-04', status: 'all' });
      expect(march3to4.trades.map((t) => t.id)).toEqual([small.id, loss.id]);
      const page2 = await client.trades.list({ page: 2, limit: 3 });
      expect(page2.trades.map((t) => t.id)).toEqual([win.id]);
      expect(page2.pagination).toEqual({ page: 2, limit: 3, total: 4, pages: 2 });
    });

    it('statistics answer the figures of the closed trades, with filters', async () => {
      const { client } = await server().loggedIn();
      await seed(client);
      const stats = await client.trades.statistics();
      expect(stats).toMatchObject({
        totalTrades: 3,
        wins: 2,
        losses: 1,
        totalPnL: 150,
        profitFactor: 2.5,
        openTrades: 1,
      });
      expect(stats.winRate).toBeCloseTo((2 / 3) * 100, 6);
      expect(stats.expectancy).toBeCloseTo(50, 8);
      expect((await client.trades.statistics({ instrument: 'NQ' })).totalPnL).toBe(-100);
    });

    it('analytics: dashboard, performance, by-category, equity curve and R distribution, with tz', async () => {
      const { client } = await server().loggedIn();
      await seed(client);
      const dashboard = await client.analytics.dashboard({ tz: 'America/New_York' });
      expect(dashboard.summary).toMatchObject({ totalTrades: 3, totalPnL: 150, maxDrawdown: 100 });
      expect(dashboard.recentPerformance.daily).toHaveLength(30);
      const weekly = await client.analytics.performance({
        period: 'weekly',
        dateFrom: '2026-03-01',
        dateTo: '2026-03-08',
        tz: 'UTC',
      });
      expect(weekly.period).toBe('weekly');
      expect(weekly.data.map((w) => [w.period, w.totalPnL, w.cumulativePnL])).toEqual([
        ['2026-W09', 0, 0],
        ['2026-W10', 150, 150],
      ]);
      const bySetup = await client.analytics.byCategory({ category: 'setup' });
      expect(bySetup.categories.map((c) => [c.name, c.totalPnL])).toEqual([
        ['breakout', 200],
        ['(none)', 50],
        ['fade', -100],
      ]);
      const curve = await client.analytics.equityCurve({ startingBalance: 1000 });
      expect(curve.dataPoints).toEqual([
        { date: '2026-03-02', equity: 1200 },
        { date: '2026-03-03', equity: 1100 },
        { date: '2026-03-04', equity: 1150 },
      ]);
      const r = await client.analytics.rDistribution({ bucketSize: 1 });
      expect(r).toMatchObject({ bucketSize: 1, count: 3, medianR: 2 });
      expect(r.buckets.reduce((n, b) => n + b.count, 0)).toBe(3);
    });

    it('errors carry the server code, field errors, method and URL', async () => {
      const { client } = await server().loggedIn();
      const error = await client.trades
        .create({ instrument: 'ES', direction: 'long', entryPrice: -1, positionSize: 1, entryTime: day(2) })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 400, code: 'validation_failed', method: 'POST', url: `${server().url}/api/trades` });
      expect((error as { fieldErrors: { path: string }[] }).fieldErrors.map((e) => e.path)).toContain('entryPrice');
      expect((error as { problem: { type: string; status: number } }).problem).toMatchObject({
        type: 'about:blank',
        status: 400,
      });
    });
  });
}

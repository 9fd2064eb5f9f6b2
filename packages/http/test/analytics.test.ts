import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call, tradeBody } from './support/http.js';
import { useServerWithUser } from './support/server.js';

describe.each(DATABASES)('analytics on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    const s = useServerWithUser(db, 'analyst');
    beforeAll(async () => {
      const closed = (entry: string, exit: string, exitPrice: number, extra = {}) =>
        tradeBody({ entryTime: entry, exitTime: exit, exitPrice, ...extra });
      for (const t of [
        closed('2026-01-05T14:30:00Z', '2026-01-05T15:00:00Z', 5020),
        closed('2026-01-06T14:30:00Z', '2026-01-07T03:30:00Z', 4995, { instrument: 'NQ', setupType: 'pullback', tags: ['a'] }),
      ]) {
        await s.api('POST', '/api/trades', t);
      }
    });
    const get = (path: string) => s.api('GET', path);

    it('dashboard: summary and 30/12/12 recent periods', async () => {
      const r = await get('/api/analytics/dashboard');
      expect(r.status).toBe(200);
      expect(r.body.summary).toMatchObject({ totalTrades: 2, totalPnL: 30, winRate: 50 });
      expect(r.body.recentPerformance.daily).toHaveLength(30);
      expect(r.body.recentPerformance.weekly).toHaveLength(12);
      expect(r.body.recentPerformance.monthly).toHaveLength(12);
    });

    it('performance: zero-filled daily buckets over the requested range, tz decides the day', async () => {
      const r = await get('/api/analytics/performance?period=daily&dateFrom=2026-01-05&dateTo=2026-01-07');
      expect(r.status).toBe(200);
      expect(r.body.data.map((d: { period: string; totalPnL: number }) => [d.period, d.totalPnL])).toEqual([
        ['2026-01-05', 40],
        ['2026-01-06', 0],
        ['2026-01-07', -10],
      ]);
      const ny = await get('/api/analytics/performance?period=daily&dateFrom=2026-01-05&dateTo=2026-01-07&tz=America/New_York');
      expect(ny.body.data.map((d: { period: string; totalPnL: number }) => [d.period, d.totalPnL])).toEqual([
        ['2026-01-05', 40],
        ['2026-01-06', -10],
        ['2026-01-07', 0],
      ]);
      expect((await get('/api/analytics/performance?period=hourly')).status).toBe(400);
    });

    it('by-category: groups by the requested category, which is required', async () => {
      const r = await get('/api/analytics/by-category?category=instrument');
      expect(r.status).toBe(200);
      expect(r.body.categories.map((c: { name: string }) => c.name)).toEqual(['ES', 'NQ']);
      expect((await get('/api/analytics/by-category?category=setup')).body.categories).toHaveLength(2);
      expect((await get('/api/analytics/by-category')).status).toBe(400);
      expect((await get('/api/analytics/by-category?category=colour')).status).toBe(400);
    });

    it('equity-curve: one point per exit date, from startingBalance', async () => {
      const r = await get('/api/analytics/equity-curve?startingBalance=1000');
      expect(r.status).toBe(200);
      expect(r.body.dataPoints).toEqual([
        { date: '2026-01-05', equity: 1040 },
        { date: '2026-01-07', equity: 1030 },
      ]);
    });

    it('r-distribution: histogram with bucketSize', async () => {
      const r = await get('/api/analytics/r-distribution?bucketSize=1');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ bucketSize: 1, count: 2 });
      expect(r.body.buckets.length).toBeGreaterThan(0);
      expect((await get('/api/analytics/r-distribution?bucketSize=0')).status).toBe(400);
    });

    it('a bad tz is 400 naming tz on every analytics endpoint', async () => {
      for (const path of ['dashboard', 'performance', 'by-category?category=time&', 'equity-curve', 'r-distribution']) {
        const sep = path.includes('?') ? '' : '?';
        const r = await get(`/api/analytics/${path}${sep}tz=Mars/Olympus`);
        expect(r.status, path).toBe(400);
        expect(r.body.errors[0].path).toBe('tz');
      }
    });

    it('unknown query parameters are 400', async () => {
      expect((await get('/api/analytics/dashboard?from=2026-01-01')).status).toBe(400);
    });

    it('analytics need a token (401)', async () => {
      expect((await call(s.srv.url, 'GET', '/api/analytics/dashboard')).status).toBe(401);
    });
  });
});

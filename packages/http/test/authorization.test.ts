import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call, tradeBody } from './support/http.js';
import { signUp, startTestServer, type TestServer, type TestUser } from './support/server.js';

/**
 * Two users on one server: B must get 404 (never 403) for every id-based resource of A, on
 * every method, and see none of A's data in lists, statistics and analytics.
 */
describe.each(DATABASES)('two-user authorization matrix on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    let srv: TestServer;
    let a: TestUser;
    let b: TestUser;
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      srv = await startTestServer(db);
      a = await signUp(srv.url, 'alice');
      b = await signUp(srv.url, 'bob');
      const post = async (path: string, json: unknown) =>
        (await call(srv.url, 'POST', path, { headers: a.auth, json })).body.id as string;
      ids.trade = await post('/api/trades', tradeBody({ exitPrice: 5020, exitTime: '2026-01-05T16:00:00Z', tags: ['x'] }));
      ids.journal = await post('/api/journal', { date: '2026-01-05', tradingPlan: 'secret plan' });
      ids.alert = await post('/api/alerts', { name: 'dd', type: 'maxDrawdown', threshold: 1 });
      ids.webhook = await post('/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['*'] });
      await call(srv.url, 'POST', `/api/webhooks/${ids.webhook}/test`, { headers: a.auth });
      const deliveries = await call(srv.url, 'GET', `/api/webhooks/${ids.webhook}/deliveries`, { headers: a.auth });
      ids.delivery = deliveries.body.deliveries[0].id;
    });
    afterAll(() => srv?.close());

    const cases: Array<[string, string, () => string, unknown?]> = [
      ['GET', 'trade', () => `/api/trades/${ids.trade}`],
      ['PATCH', 'trade', () => `/api/trades/${ids.trade}`, { notes: 'mine now' }],
      ['DELETE', 'trade', () => `/api/trades/${ids.trade}`],
      ['GET', 'journal entry', () => `/api/journal/${ids.journal}`],
      ['PATCH', 'journal entry', () => `/api/journal/${ids.journal}`, { tradingPlan: 'mine now' }],
      ['DELETE', 'journal entry', () => `/api/journal/${ids.journal}`],
      ['GET', 'alert', () => `/api/alerts/${ids.alert}`],
      ['PATCH', 'alert', () => `/api/alerts/${ids.alert}`, { active: false }],
      ['DELETE', 'alert', () => `/api/alerts/${ids.alert}`],
      ['GET', 'alert events', () => `/api/alerts/${ids.alert}/events`],
      ['GET', 'webhook', () => `/api/webhooks/${ids.webhook}`],
      ['DELETE', 'webhook', () => `/api/webhooks/${ids.webhook}`],
      ['POST', 'webhook test', () => `/api/webhooks/${ids.webhook}/test`],
      ['GET', 'webhook deliveries', () => `/api/webhooks/${ids.webhook}/deliveries`],
      ['POST', 'delivery redeliver', () => `/api/webhooks/${ids.webhook}/deliveries/${ids.delivery}/redeliver`],
    ];

    it.each(cases)('B gets 404 not_found on %s of A’s %s', async (method, _what, path, json) => {
      const r = await call(srv.url, method, path(), { headers: b.auth, json });
      expect(r.status).toBe(404);
      expect(r.body.code).toBe('not_found');
    });

    it('A’s records are untouched after B’s attempts', async () => {
      const get = (path: string) => call(srv.url, 'GET', path, { headers: a.auth });
      expect((await get(`/api/trades/${ids.trade}`)).body.notes).toBe('first trade');
      expect((await get(`/api/journal/${ids.journal}`)).body.tradingPlan).toBe('secret plan');
      expect((await get(`/api/alerts/${ids.alert}`)).body.active).toBe(true);
      expect((await get(`/api/webhooks/${ids.webhook}`)).status).toBe(200);
    });

    it('B’s lists are empty', async () => {
      const get = async (path: string) => (await call(srv.url, 'GET', path, { headers: b.auth })).body;
      expect(await get('/api/trades')).toEqual({ trades: [], pagination: { page: 1, limit: 20, total: 0, pages: 0 } });
      expect(await get('/api/journal')).toEqual({ entries: [], pagination: { page: 1, limit: 20, total: 0, pages: 0 } });
      expect(await get('/api/alerts')).toEqual({ alerts: [] });
      expect(await get('/api/webhooks')).toEqual({ webhooks: [] });
    });

    it('B’s statistics and analytics see none of A’s trades', async () => {
      const get = async (path: string) => (await call(srv.url, 'GET', path, { headers: b.auth })).body;
      expect(await get('/api/trades/statistics')).toMatchObject({ totalTrades: 0, totalPnL: 0, openTrades: 0 });
      expect((await get('/api/analytics/dashboard')).summary).toMatchObject({ totalTrades: 0, totalPnL: 0 });
      expect((await get('/api/analytics/performance')).data).toEqual([]);
      expect((await get('/api/analytics/by-category?category=tag')).categories).toEqual([]);
      expect((await get('/api/analytics/equity-curve')).dataPoints).toEqual([]);
      expect((await get('/api/analytics/r-distribution')).count).toBe(0);
      const aStats = (await call(srv.url, 'GET', '/api/trades/statistics', { headers: a.auth })).body;
      expect(aStats).toMatchObject({ totalTrades: 1, totalPnL: 40 });
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call, tradeBody } from './support/http.js';
import { useServerWithUser } from './support/server.js';

describe.each(DATABASES)('trades on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    const s = useServerWithUser(db, 'trader');
    const { api } = s;

    it('POST creates (201, Location, the record), GET reads it back', async () => {
      const r = await api('POST', '/api/trades', tradeBody({ entryTime: '2026-01-05T09:30:00-05:00' }));
      expect(r.status).toBe(201);
      expect(r.headers.get('location')).toBe(`/api/trades/${r.body.id}`);
      expect(r.body).toMatchObject({
        instrument: 'ES',
        direction: 'long',
        entryPrice: 5000,
        positionSize: 2,
        stopLoss: 4990,
        takeProfit: 5030,
        entryTime: '2026-01-05T14:30:00.000Z',
        setupType: 'breakout',
        notes: 'first trade',
        status: 'open',
        result: null,
        rMultiple: null,
        exitPrice: null,
        tags: [],
        fees: 0,
        multiplier: 1,
      });
      const g = await api('GET', `/api/trades/${r.body.id}`);
      expect(g.status).toBe(200);
      expect(g.body).toEqual({ ...r.body, executions: [] });
    });

    it('PATCH closes a trade: result and rMultiple are computed (200)', async () => {
      const t = (await api('POST', '/api/trades', tradeBody())).body;
      const p = await api('PATCH', `/api/trades/${t.id}`, { exitPrice: 5020, exitTime: '2026-01-05T15:30:00Z' });
      expect(p.status).toBe(200);
      expect(p.body).toMatchObject({
        status: 'closed',
        exitPrice: 5020,
        result: 40,
        rMultiple: 2,
        exitTime: '2026-01-05T15:30:00.000Z',
      });
    });

    it('DELETE answers 204, then the trade is 404', async () => {
      const t = (await api('POST', '/api/trades', tradeBody())).body;
      const d = await api('DELETE', `/api/trades/${t.id}`);
      expect(d.status).toBe(204);
      expect(d.text).toBe('');
      const g = await api('GET', `/api/trades/${t.id}`);
      expect(g.status).toBe(404);
      expect(g.body).toMatchObject({ code: 'not_found', status: 404, title: 'Not Found' });
      expect((await api('DELETE', `/api/trades/${t.id}`)).status).toBe(404);
      expect((await api('PATCH', `/api/trades/${t.id}`, { notes: 'x' })).status).toBe(404);
    });

    it('an id that is not a UUID is 404, not 400', async () => {
      expect((await api('GET', '/api/trades/12345')).status).toBe(404);
    });

    it('validation: 400 with one error per field for wrong types and missing fields', async () => {
      const r = await api('POST', '/api/trades', {
        instrument: 'ES',
        direction: 'sideways',
        entryPrice: '5000',
        positionSize: 1,
      });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('validation_failed');
      const paths = r.body.errors.map((e: { path: string }) => e.path).sort();
      expect(paths).toEqual(['direction', 'entryPrice', 'entryTime']);
      expect(r.body.detail).toContain('entryPrice');
    });

    it('unknown body fields are 400 naming the field', async () => {
      const r = await api('POST', '/api/trades', tradeBody({ entryPrize: 1 }));
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ path: 'entryPrize', message: 'is not a known field' }]);
      const p = await api('PATCH', `/api/trades/${(await api('POST', '/api/trades', tradeBody())).body.id}`, { colour: 'red' });
      expect(p.status).toBe(400);
    });

    it('a stop on the winning side is 400 (a core rule, passed through)', async () => {
      const r = await api('POST', '/api/trades', tradeBody({ stopLoss: 5010 }));
      expect(r.status).toBe(400);
      expect(r.body.errors[0].path).toBe('stopLoss');
    });

    it('an empty POST body is 400 naming the missing body', async () => {
      const r = await call(s.srv.url, 'POST', '/api/trades', { headers: s.user.auth });
      expect(r.status).toBe(400);
      expect(r.body.detail).toBe('a JSON request body is required');
    });

    it('GET /api/trades/statistics returns the six figures and more', async () => {
      const r = await api('GET', '/api/trades/statistics');
      expect(r.status).toBe(200);
      for (const k of ['totalTrades', 'winRate', 'profitFactor', 'expectancy', 'maxDrawdown', 'totalPnL', 'openTrades']) {
        expect(r.body).toHaveProperty(k);
      }
      const filtered = await api('GET', '/api/trades/statistics?instrument=nothing-like-this&status=closed');
      expect(filtered.body.totalTrades).toBe(0);
      expect((await api('GET', '/api/trades/statistics?status=maybe')).status).toBe(400);
      expect((await api('GET', '/api/trades/statistics?page=1')).status).toBe(400);
    });
  });
});

describe.each(DATABASES)('trade list and pagination on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    const s = useServerWithUser(db, 'pager');
    beforeAll(async () => {
      const items = Array.from({ length: 25 }, (_, i) =>
        tradeBody({
          instrument: i % 5 === 0 ? 'aapl' : 'ES',
          entryTime: new Date(Date.UTC(2026, 0, 1 + i, 14)).toISOString(),
          ...(i % 2 === 0 ? { exitPrice: 5010, exitTime: new Date(Date.UTC(2026, 0, 1 + i, 15)).toISOString() } : {}),
        }),
      );
      for (const t of items) await s.api('POST', '/api/trades', t);
    });
    const list = (q: string) => s.api('GET', `/api/trades${q}`);

    it('defaults to page 1 of 20, newest entry first', async () => {
      const r = await list('');
      expect(r.status).toBe(200);
      expect(r.body.pagination).toEqual({ page: 1, limit: 20, total: 25, pages: 2 });
      expect(r.body.trades).toHaveLength(20);
      expect(r.body.trades[0].entryTime).toBe('2026-01-25T14:00:00.000Z');
    });

    it('the last page holds the rest; a page past the end is empty with the same total', async () => {
      expect((await list('?page=2')).body.trades).toHaveLength(5);
      const past = await list('?page=9');
      expect(past.status).toBe(200);
      expect(past.body.trades).toEqual([]);
      expect(past.body.pagination).toEqual({ page: 9, limit: 20, total: 25, pages: 2 });
    });

    it('limit 1 and limit 100 are accepted; 0, 101, -1, 2.5 and text are 400', async () => {
      expect((await list('?limit=1')).body.pagination).toEqual({ page: 1, limit: 1, total: 25, pages: 25 });
      expect((await list('?limit=100')).body.trades).toHaveLength(25);
      for (const bad of ['?limit=0', '?limit=101', '?limit=-1', '?limit=2.5', '?limit=ten', '?page=0', '?page=-3', '?page=x']) {
        const r = await list(bad);
        expect(r.status, bad).toBe(400);
        expect(r.body.code).toBe('validation_failed');
      }
      // In plain words, as the contract's example is ("entryPrice: must be greater than 0"), not zod's.
      const said = async (query: string) => (await list(query)).body.errors;
      expect(await said('?limit=ten')).toEqual([{ path: 'limit', message: 'must be a number' }]);
      expect(await said('?limit=2.5')).toEqual([{ path: 'limit', message: 'must be a whole number' }]);
      expect(await said('?limit=101')).toEqual([{ path: 'limit', message: 'must be at most 100' }]);
      expect((await list('?page=0')).body.detail).toBe('page: must be at least 1');
    });

    it('filters by status, instrument (case-insensitively) and entry date range', async () => {
      expect((await list('?status=open')).body.pagination.total).toBe(12);
      expect((await list('?status=closed')).body.pagination.total).toBe(13);
      expect((await list('?status=all')).body.pagination.total).toBe(25);
      expect((await list('?instrument=AAPL')).body.pagination.total).toBe(5);
      const range = await list('?dateFrom=2026-01-03&dateTo=2026-01-04');
      expect(range.body.trades.map((t: { entryTime: string }) => t.entryTime)).toEqual([
        '2026-01-04T14:00:00.000Z',
        '2026-01-03T14:00:00.000Z',
      ]);
    });

    it('trades carry account, asset class and option details; lists and statistics filter by them', async () => {
      const option = {
        ...tradeBody({ instrument: 'SPY 260320C570', entryPrice: 2.5, stopLoss: 1.5, takeProfit: 4, multiplier: 100 }),
        account: 'U7',
        assetClass: 'option',
        underlying: 'SPY',
        expiry: '2026-03-20',
        strike: 570,
        right: 'call',
        currency: 'USD',
        tags: ['lotto'],
      };
      const made = await s.api('POST', '/api/trades', { ...option, exitPrice: 3, exitTime: '2026-01-05T15:00:00Z' });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ account: 'U7', assetClass: 'option', strike: 570, right: 'call', result: 100 });
      const only = await list('?account=U7&assetClass=option&tag=lotto&setup=breakout');
      expect(only.body.trades.map((t: { id: string }) => t.id)).toEqual([made.body.id]);
      const stats = await s.api('GET', '/api/trades/statistics?account=U7');
      expect(stats.body).toMatchObject({ totalTrades: 1, totalPnL: 100 });
      const byTag = await s.api('GET', '/api/analytics/by-category?category=instrument&tag=lotto');
      expect(byTag.body.categories.map((c: { name: string }) => c.name)).toEqual(['SPY 260320C570']);
      const bad = await s.api('POST', '/api/trades', { ...tradeBody(), strike: 10 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ path: 'strike', message: expect.stringContaining('only options have a strike') }]);
      expect((await list('?assetClass=bond')).status).toBe(400);
      await s.api('DELETE', `/api/trades/${made.body.id}`);
    });

    it('bad filter values, unknown and repeated query parameters are 400', async () => {
      for (const bad of ['?status=pending', '?dateFrom=yesterday', '?sort=asc', '?limit=5&limit=6']) {
        const r = await list(bad);
        expect(r.status, bad).toBe(400);
      }
      expect((await list('?limit=5&limit=6')).body.errors).toEqual([{ path: 'limit', message: 'must not be repeated' }]);
    });

    it('routes without query parameters refuse any (400)', async () => {
      const id = (await list('?limit=1')).body.trades[0].id;
      const r = await call(s.srv.url, 'GET', `/api/trades/${id}?expand=1`, { headers: s.user.auth });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ path: 'expand', message: 'is not a known query parameter' }]);
    });
  });
});

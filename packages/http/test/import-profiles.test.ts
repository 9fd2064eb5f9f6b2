/**
 * Column mappings over real HTTP: a one-off `map` on POST /api/imports, saved profiles
 * (PUT/GET/DELETE /api/imports/profiles/{name}) that later imports detect by header or take by
 * `format`, their rules, and two users who do not see each other's.
 */
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call } from './support/http.js';
import { signUp, useServerWithUser } from './support/server.js';

/**
 * A blotter no built-in format knows, times naive in New York (EST, UTC-5 on 3 November 2026).
 * AAPL: buy 100 @ 100.00, sell 100 @ 101.50, commission 1.00 each: 150.00 - 2.00 = 148.00.
 * MSFT: sell 50 @ 400.00, buy 50 @ 401.00, commission 0.50 each: -50.00 - 1.00 = -51.00.
 */
const BLOTTER = [
  'Exec Time,Ticker,B/S,Shares,Fill Px,Comm',
  '11/03/2026 09:30:05,AAPL,B,100,100.00,1.00',
  '11/03/2026 09:31:00,MSFT,S,50,400.00,0.50',
  '11/03/2026 10:02:10,AAPL,S,100,101.50,1.00',
  '11/03/2026 10:15:00,MSFT,B,50,401.00,0.50',
  '',
].join('\n');
const PAIRS = 'time=Exec Time,symbol=Ticker,side=B/S,quantity=Shares,price=Fill Px,commission=Comm';
const MAPPING = {
  columns: { time: 'Exec Time', symbol: 'Ticker', side: 'B/S', quantity: 'Shares', price: 'Fill Px', commission: 'Comm' },
  datePattern: 'MM/dd/yyyy HH:mm:ss',
};

type Trade = { instrument: string; result: number; entryTime: string; exitTime: string; importId: string };

describe.each(DATABASES)('import mappings and saved profiles on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    const s = useServerWithUser(db, 'mapper');
    const post = (query: string, auth = s.user.auth) =>
      call(s.srv.url, 'POST', `/api/imports${query}`, { headers: { ...auth, 'content-type': 'text/csv' }, raw: BLOTTER });
    const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

    it('a one-off map reads the file in the source zone; nothing is detected without it', async () => {
      const unknown = await post(q({ sourceTz: 'America/New_York', dryRun: 'true' }));
      expect(unknown.status).toBe(400);
      expect(unknown.body.detail).toMatch(/not a format tj knows.*map parameter/);
      expect(unknown.body.detail).not.toContain('--map');

      const r = await post(q({ sourceTz: 'America/New_York', map: PAIRS, datePattern: 'MM/dd/yyyy HH:mm:ss' }));
      expect(r.status, r.text).toBe(201);
      expect(r.body).toMatchObject({ format: { name: 'mapped' }, counts: { fills: 4, tradesCreated: 2 } });
      const trades = (await s.api('GET', '/api/trades?limit=10')).body.trades as Trade[];
      const byName = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      expect(byName.AAPL).toMatchObject({
        result: 148,
        entryTime: '2026-11-03T14:30:05.000Z',
        exitTime: '2026-11-03T15:02:10.000Z',
      });
      expect(byName.MSFT).toMatchObject({
        result: -51,
        entryTime: '2026-11-03T14:31:00.000Z',
        exitTime: '2026-11-03T15:15:00.000Z',
      });
      expect((await s.api('DELETE', `/api/imports/${r.body.id}`)).status).toBe(200);
    });

    it('refuses a bad mapping, naming what is wrong, and a mapping with a format', async () => {
      const unknownField = await post(q({ map: 'when=Exec Time,symbol=Ticker' }));
      expect(unknownField.status).toBe(400);
      expect(JSON.stringify(unknownField.body.errors)).toMatch(/unknown field \\"when\\"/);
      const missing = await post(q({ map: 'time=Exec Time,symbol=Ticker' }));
      expect(missing.status).toBe(400);
      expect(missing.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['columns.price', 'columns.quantity']);
      const both = await post(q({ map: PAIRS, format: 'tj-fills' }));
      expect(both.status).toBe(400);
      expect(JSON.stringify(both.body.errors)).toMatch(/not both/);
      const absentColumn = await post(q({ map: PAIRS.replace('Fill Px', 'Avg Px') }));
      expect(absentColumn.status).toBe(400);
      expect(absentColumn.body.detail).toMatch(/Avg Px/);
      expect((await s.api('GET', '/api/trades')).body.pagination.total).toBe(0);
    });

    it('saves a profile that later imports detect by its header, or take by name, and deletes it', async () => {
      const put = await s.api('PUT', '/api/imports/profiles/my-blotter', MAPPING);
      expect(put.status, put.text).toBe(201);
      expect(put.headers.get('location')).toBe('/api/imports/profiles/my-blotter');
      expect(put.body).toMatchObject({ name: 'my-blotter', ...MAPPING });
      const replaced = await s.api('PUT', '/api/imports/profiles/my-blotter', MAPPING);
      expect(replaced.status).toBe(200);
      expect(replaced.body.createdAt).toBe(put.body.createdAt);
      expect((await s.api('GET', '/api/imports/profiles')).body).toEqual({ profiles: [replaced.body] });
      expect((await s.api('GET', '/api/imports/profiles/my-blotter')).body).toEqual(replaced.body);

      const detected = await post(q({ sourceTz: 'America/New_York' }));
      expect(detected.status, detected.text).toBe(201);
      expect(detected.body).toMatchObject({ format: { name: 'my-blotter' }, counts: { tradesCreated: 2 } });
      const named = await post(q({ sourceTz: 'America/New_York', format: 'my-blotter' }));
      expect(named.body).toMatchObject({ format: { name: 'my-blotter' }, counts: { tradesCreated: 0, duplicates: 4 } });
      const results = ((await s.api('GET', '/api/trades')).body.trades as Trade[]).map((t) => t.result).sort();
      expect(results).toEqual([-51, 148]);

      expect((await s.api('DELETE', '/api/imports/profiles/my-blotter')).status).toBe(204);
      expect((await s.api('DELETE', '/api/imports/profiles/my-blotter')).status).toBe(404);
      expect((await s.api('GET', '/api/imports/profiles/my-blotter')).status).toBe(404);
      expect((await post(q({ sourceTz: 'America/New_York' }))).status).toBe(400);
      expect((await s.api('GET', '/api/trades')).body.pagination.total).toBe(2);
    });

    it('refuses bad names, built-in names and bad mappings; nothing is saved', async () => {
      const builtIn = await s.api('PUT', '/api/imports/profiles/tradovate-fills', MAPPING);
      expect(builtIn.status).toBe(400);
      expect(JSON.stringify(builtIn.body.errors)).toMatch(/built-in format/);
      expect((await s.api('PUT', '/api/imports/profiles/My%20Blotter', MAPPING)).status).toBe(400);
      // A name no profile can have is not found, never a database error (a NUL breaks PostgreSQL).
      for (const bad of ['%00', 'a%00b', 'My%20Blotter', `${'x'.repeat(65)}`]) {
        expect((await s.api('GET', `/api/imports/profiles/${bad}`)).status, bad).toBe(404);
        expect((await s.api('DELETE', `/api/imports/profiles/${bad}`)).status, bad).toBe(404);
        expect((await s.api('PUT', `/api/imports/profiles/${bad}`, MAPPING)).status, bad).toBe(400);
      }
      // In plain words, as every other field error (not zod's "Too big: expected string to have <=64 characters").
      const long = await s.api('PUT', `/api/imports/profiles/${'x'.repeat(65)}`, MAPPING);
      expect(long.body.errors).toEqual([{ path: 'name', message: 'must be at most 64 characters' }]);
      const noPrice = await s.api('PUT', '/api/imports/profiles/half', { columns: { time: 'T', symbol: 'S', quantity: 'Q' } });
      expect(noPrice.status).toBe(400);
      expect(noPrice.body.errors).toEqual([{ path: 'columns.price', message: 'required' }]);
      const extra = await s.api('PUT', '/api/imports/profiles/half', { ...MAPPING, colour: 'red' });
      expect(extra.status).toBe(400);
      expect((await s.api('GET', '/api/imports/profiles')).body).toEqual({ profiles: [] });
    });

    it("one user's profiles are invisible to another and do not read their files", async () => {
      expect((await s.api('PUT', '/api/imports/profiles/private', MAPPING)).status).toBe(201);
      const other = await signUp(s.srv.url, 'other-mapper');
      const get = (path: string) => call(s.srv.url, 'GET', path, { headers: other.auth });
      expect((await get('/api/imports/profiles')).body).toEqual({ profiles: [] });
      expect((await get('/api/imports/profiles/private')).status).toBe(404);
      expect((await call(s.srv.url, 'DELETE', '/api/imports/profiles/private', { headers: other.auth })).status).toBe(404);
      expect((await post(q({ sourceTz: 'America/New_York', dryRun: 'true' }), other.auth)).status).toBe(400);
      expect((await post(q({ format: 'private', dryRun: 'true' }), other.auth)).status).toBe(400);
      expect((await s.api('GET', '/api/imports/profiles/private')).status).toBe(200);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call, tradeBody } from './support/http.js';
import { signUp, startTestServer, type TestServer, type TestUser } from './support/server.js';

const NUL = '\u0000';

/** Expects a 400 validation_failed naming `path`. */
function expectFieldError(r: { status: number; body: any }, path: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.code).toBe('validation_failed');
  expect(r.body.errors.map((e: { path: string }) => e.path)).toContain(path);
}

describe.each(DATABASES)('bad input that would reach the database, on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    let srv: TestServer;
    let u: TestUser;
    let tradeId: string;
    let entryId: string;
    let alertId: string;
    beforeAll(async () => {
      srv = await startTestServer(db);
      u = await signUp(srv.url, 'fuzzed');
      const api = (m: string, p: string, json?: unknown) => call(srv.url, m, p, { headers: u.auth, json });
      tradeId = (await api('POST', '/api/trades', tradeBody())).body.id;
      entryId = (await api('POST', '/api/journal', { date: '2026-01-05' })).body.id;
      alertId = (await api('POST', '/api/alerts', { name: 'stop', type: 'missingStopLoss' })).body.id;
    });
    afterAll(() => srv?.close());
    const api = (method: string, path: string, json?: unknown) => call(srv.url, method, path, { headers: u.auth, json });

    describe('a NUL character (U+0000) in any text field is 400 at validation, naming the field', () => {
      it.each([
        ['instrument', { instrument: `E${NUL}S` }],
        ['setupType', { setupType: `b${NUL}` }],
        ['notes', { notes: `note ${NUL}` }],
        ['tags.0', { tags: [`t${NUL}`] }],
        ['account', { account: `acc${NUL}` }],
        ['underlying', { underlying: `E${NUL}S` }],
      ])('trade %s, on create and on update', async (path, patch) => {
        expectFieldError(await api('POST', '/api/trades', tradeBody(patch)), path);
        expectFieldError(await api('PATCH', `/api/trades/${tradeId}`, patch), path);
      });

      it.each([
        ['premarketAnalysis', { premarketAnalysis: NUL }],
        ['tradingPlan', { tradingPlan: `plan${NUL}` }],
        ['postmarketReview', { postmarketReview: `${NUL}review` }],
        ['lessonsLearned.0', { lessonsLearned: [`l${NUL}`] }],
        ['tags.0', { tags: [`t${NUL}`] }],
      ])('journal %s, on create and on update', async (path, patch) => {
        expectFieldError(await api('POST', '/api/journal', { date: '2026-02-01', ...patch }), path);
        expectFieldError(await api('PATCH', `/api/journal/${entryId}`, patch), path);
      });

      it('alert name, webhook url and secret, API key name', async () => {
        expectFieldError(await api('POST', '/api/alerts', { name: `a${NUL}`, type: 'missingStopLoss' }), 'name');
        expectFieldError(await api('PATCH', `/api/alerts/${alertId}`, { name: `a${NUL}` }), 'name');
        expectFieldError(
          await api('POST', '/api/webhooks', { url: 'http://127.0.0.1:9/x', events: ['*'], secret: `s${NUL}`.repeat(10) }),
          'secret',
        );
        expectFieldError(await api('POST', '/api/webhooks', { url: `http://127.0.0.1:9/${NUL}`, events: ['*'] }), 'url');
        expectFieldError(await api('POST', '/api/keys', { name: `k${NUL}`, scopes: ['read'] }), 'name');
      });

      it('registration name and e-mail, and the login e-mail (which needs no token)', async () => {
        const reg = (body: Record<string, string>) =>
          call(srv.url, 'POST', '/api/auth/register', {
            json: { email: 'n@example.com', name: 'N', password: 'long enough password', ...body },
          });
        expectFieldError(await reg({ name: `N${NUL}` }), 'name');
        expectFieldError(await reg({ email: `n${NUL}@example.com` }), 'email');
        const login = await call(srv.url, 'POST', '/api/auth/login', { json: { email: `${u.email}${NUL}`, password: 'x' } });
        expectFieldError(login, 'email');
      });

      it('the instrument filter of the list and the statistics', async () => {
        expectFieldError(await api('GET', `/api/trades?instrument=E%00S`), 'instrument');
        expectFieldError(await api('GET', `/api/trades/statistics?instrument=%00`), 'instrument');
        expectFieldError(await api('GET', `/api/trades?account=a%00`), 'account');
        expectFieldError(await api('GET', `/api/trades?tag=%00t`), 'tag');
      });

      it('nothing was stored on the way', async () => {
        const trade = (await api('GET', `/api/trades/${tradeId}`)).body;
        expect(trade).toMatchObject({ instrument: 'ES', setupType: 'breakout', notes: 'first trade', tags: [] });
        expect((await api('GET', '/api/trades')).body.pagination.total).toBe(1);
        expect((await api('GET', '/api/journal')).body.pagination.total).toBe(1);
      });
    });

    describe('numbers beyond what a result can hold are 400 naming the field', () => {
      it.each([
        ['positionSize', { positionSize: 1e13 }],
        ['positionSize', { entryPrice: 1e12, positionSize: 2 }],
        ['positionSize', { entryPrice: 1e6, positionSize: 1e6, multiplier: 2, stopLoss: undefined, takeProfit: undefined }],
        ['multiplier', { multiplier: 1e10 }],
        ['entryPrice', { entryPrice: 1e-13 }],
        ['entryPrice', { entryPrice: 2e26 }],
        [
          'exitPrice',
          {
            entryPrice: 10,
            positionSize: 1e10,
            stopLoss: 9,
            takeProfit: undefined,
            exitPrice: 1000,
            exitTime: '2026-01-05T15:00:00Z',
          },
        ],
        ['stopLoss', { direction: 'short', entryPrice: 10, positionSize: 1e11, stopLoss: 20, takeProfit: undefined }],
        ['fees', { fees: 1e13 }],
        ['result', { exitPrice: 5010, exitTime: '2026-01-05T15:00:00Z', result: -2e12 }],
      ])('%s in %j', async (path, patch) => {
        expectFieldError(await api('POST', '/api/trades', tradeBody(patch)), path);
      });

      it('closing a trade at an exit that would overflow is refused and the trade stays open', async () => {
        const open = (
          await api('POST', '/api/trades', tradeBody({ entryPrice: 10, positionSize: 1e10, stopLoss: 9, takeProfit: undefined }))
        ).body;
        expectFieldError(await api('PATCH', `/api/trades/${open.id}`, { exitPrice: 101 }), 'exitPrice');
        expect((await api('GET', `/api/trades/${open.id}`)).body).toMatchObject({
          status: 'open',
          exitPrice: null,
          result: null,
        });
        await api('DELETE', `/api/trades/${open.id}`);
      });
    });

    it('the largest allowed trades keep their results, statistics and alerts (no null, no 500)', async () => {
      const big = await signUp(srv.url, 'whale');
      const as = (m: string, p: string, json?: unknown) => call(srv.url, m, p, { headers: big.auth, json });
      expect((await as('POST', '/api/alerts', { name: 'dd', type: 'maxDrawdown', threshold: 1 })).status).toBe(201);
      expect((await as('POST', '/api/alerts', { name: 'day', type: 'dailyLossLimit', threshold: 1 })).status).toBe(201);
      const worst = {
        instrument: 'WHALE',
        direction: 'long',
        entryPrice: 1e12,
        positionSize: 1,
        entryTime: '2026-03-02T14:00:00Z',
        exitPrice: 1e-12,
        exitTime: '2026-03-02T15:00:00Z',
        fees: 1e12,
      };
      for (let i = 0; i < 6; i++) {
        const r = await as('POST', '/api/trades', worst);
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        expect(r.body.result).toBe(-2e12);
      }
      const stats = (await as('GET', '/api/trades/statistics')).body;
      expect(stats).toMatchObject({ totalTrades: 6, totalPnL: -1.2e13, expectancy: -2e12, maxDrawdown: 1.2e13 });
      const alerts = (await as('GET', '/api/alerts')).body.alerts as Array<{ id: string; type: string }>;
      for (const alert of alerts) {
        const events = (await as('GET', `/api/alerts/${alert.id}/events`)).body.events;
        expect(events.length, alert.type).toBeGreaterThan(0);
        expect(Number.isFinite(events[0].value)).toBe(true);
      }
      expect((await as('GET', '/api/analytics/dashboard')).status).toBe(200);
    });

    it('invalid UTF-8 inside a JSON body is 400 invalid_json, like malformed JSON', async () => {
      const bytes = (...b: number[]) => Buffer.from([...Buffer.from('{"instrument":"'), ...b, ...Buffer.from('"}')]);
      for (const body of [bytes(0xff), bytes(0xc3), bytes(0xed, 0xa0, 0x80), bytes(0xe2, 0x82)]) {
        const res = await fetch(`${srv.url}/api/trades`, {
          method: 'POST',
          headers: { ...u.auth, 'content-type': 'application/json' },
          body,
        });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ code: 'invalid_json', detail: 'the request body is not valid UTF-8' });
      }
    });
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCore } from '@tj/core';
import { storeBars, totpCode } from '@tj/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { conformanceChecker } from './support/conformance.js';
import { call, tradeBody } from './support/http.js';
import { signUp, startTestServer, type TestServer, type TestUser } from './support/server.js';

const UNKNOWN = '01900000-0000-7000-8000-000000000000';

/** A webhook receiver on loopback that accepts every delivery. */
async function receiver(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(DATABASES)('every operation of the OpenAPI document answers as documented, on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    let srv: TestServer;
    let hook: Awaited<ReturnType<typeof receiver>>;
    let u: TestUser;
    let c: ReturnType<typeof conformanceChecker>;
    beforeAll(async () => {
      srv = await startTestServer(db);
      hook = await receiver();
      u = await signUp(srv.url, 'conformance');
      c = conformanceChecker(srv.url, (await call(srv.url, 'GET', '/api/openapi.json')).body);
    });
    afterAll(async () => {
      await srv?.close();
      await hook?.close();
    });

    /** Sends as the user and expects `status`. */
    async function as(
      user: TestUser | undefined,
      status: number,
      method: string,
      template: string,
      path = template,
      json?: unknown,
    ) {
      const r = await c.send(method, template, path, { headers: user?.auth ?? {}, json });
      expect(r.status, `${method} ${path}: ${r.text.slice(0, 300)}`).toBe(status);
      return r;
    }
    const me = (status: number, method: string, template: string, path = template, json?: unknown) =>
      as(u, status, method, template, path, json);

    it('system and auth', async () => {
      await as(undefined, 200, 'GET', '/api/health');
      await as(undefined, 200, 'GET', '/api/openapi.json');
      const email = `doc-${Date.now()}@example.com`;
      const password = 'correct horse battery';
      await as(undefined, 201, 'POST', '/api/auth/register', '/api/auth/register', { email, name: 'Doc', password });
      await as(undefined, 409, 'POST', '/api/auth/register', '/api/auth/register', { email, name: 'Doc', password });
      await as(undefined, 400, 'POST', '/api/auth/register', '/api/auth/register', { email: 'nope' });
      const pair = (await as(undefined, 200, 'POST', '/api/auth/login', '/api/auth/login', { email, password })).body;
      await as(undefined, 401, 'POST', '/api/auth/login', '/api/auth/login', { email, password: 'wrong password' });
      const next = (
        await as(undefined, 200, 'POST', '/api/auth/refresh', '/api/auth/refresh', { refreshToken: pair.refreshToken })
      ).body;
      await as(undefined, 401, 'POST', '/api/auth/refresh', '/api/auth/refresh', { refreshToken: pair.refreshToken });
      await as(undefined, 204, 'POST', '/api/auth/logout', '/api/auth/logout', { refreshToken: next.refreshToken });
      await me(200, 'GET', '/api/auth/me');
      await as(undefined, 401, 'GET', '/api/auth/me');
    });

    it('the second factor and the two-step login', async () => {
      const t = await signUp(srv.url, 'otp');
      await as(t, 200, 'GET', '/api/auth/totp');
      const { secret } = (await as(t, 200, 'POST', '/api/auth/totp')).body;
      await as(t, 401, 'POST', '/api/auth/totp/confirm', '/api/auth/totp/confirm', { code: 'abcdef' });
      const confirm = '/api/auth/totp/confirm';
      const { recoveryCodes } = (await as(t, 200, 'POST', confirm, confirm, { code: totpCode(secret, Date.now()) })).body;
      await as(t, 409, 'POST', '/api/auth/totp');
      const challenge = await as(undefined, 401, 'POST', '/api/auth/login', '/api/auth/login', {
        email: t.email,
        password: t.password,
      });
      expect(challenge.body.code).toBe('otp_required');
      const code = totpCode(secret, Date.now() + 30_000);
      await as(undefined, 200, 'POST', '/api/auth/login/otp', '/api/auth/login/otp', { otpToken: challenge.body.otpToken, code });
      await as(undefined, 401, 'POST', '/api/auth/login/otp', '/api/auth/login/otp', { otpToken: challenge.body.otpToken, code });
      await as(undefined, 400, 'POST', '/api/auth/login/otp', '/api/auth/login/otp', {});
      await as(t, 401, 'POST', '/api/auth/totp/disable', '/api/auth/totp/disable', { code: '000000' });
      await as(t, 204, 'POST', '/api/auth/totp/disable', '/api/auth/totp/disable', { code: recoveryCodes[0] });
      await as(t, 409, 'POST', '/api/auth/totp/disable', '/api/auth/totp/disable', { code: '123456' });
    });

    it('API keys, and what a key may not do', async () => {
      const created = (await me(201, 'POST', '/api/keys', '/api/keys', { name: 'doc', scopes: ['read'] })).body;
      await me(400, 'POST', '/api/keys', '/api/keys', { name: 'doc', scopes: [] });
      await me(200, 'GET', '/api/keys');
      await me(200, 'GET', '/api/keys/{id}', `/api/keys/${created.id}`);
      await me(404, 'GET', '/api/keys/{id}', `/api/keys/${UNKNOWN}`);
      const key = { ...u, auth: { authorization: `Bearer ${created.key}` } };
      await as(key, 403, 'POST', '/api/trades', '/api/trades', tradeBody());
      await me(204, 'DELETE', '/api/keys/{id}', `/api/keys/${created.id}`);
      await as(key, 401, 'GET', '/api/trades');
      await me(404, 'DELETE', '/api/keys/{id}', `/api/keys/${UNKNOWN}`);
    });

    it('trades and their statistics', async () => {
      const trade = (await me(201, 'POST', '/api/trades', '/api/trades', tradeBody({ tags: ['a'] }))).body;
      const replay = await c.send('POST', '/api/trades', '/api/trades', {
        headers: { ...u.auth, 'idempotency-key': 'doc-1' },
        json: tradeBody(),
      });
      expect(replay.status).toBe(201);
      const reused = await c.send('POST', '/api/trades', '/api/trades', {
        headers: { ...u.auth, 'idempotency-key': 'doc-1' },
        json: tradeBody({ instrument: 'NQ' }),
      });
      expect(reused.status).toBe(422);
      await me(400, 'POST', '/api/trades', '/api/trades', tradeBody({ stopLoss: 6000 }));
      await c.send('POST', '/api/trades', '/api/trades', { headers: { ...u.auth, 'content-type': 'text/plain' }, raw: '{}' });
      await me(200, 'GET', '/api/trades', '/api/trades?status=open&limit=5');
      await me(400, 'GET', '/api/trades', '/api/trades?limit=0');
      await me(200, 'GET', '/api/trades/{id}', `/api/trades/${trade.id}`);
      // An imported trade answers with the executions it was built from.
      const fills =
        'datetime,symbol,side,quantity,price,commission,exec_id\n2026-11-02T14:30:00Z,ES,buy,1,5000,1,x1\n2026-11-02T14:40:00Z,ES,sell,1,5004,1,x2\n';
      const imported = await createCore({ storage: srv.storage }).imports.run(
        u.id,
        { open: () => [new TextEncoder().encode(fills)] },
        { sourceTz: 'UTC' },
      );
      const withFills = await me(200, 'GET', '/api/trades/{id}', `/api/trades/${imported.tradeIds[0]}`);
      const ES = { instrument: 'ES', action: 'trade', orderId: null };
      expect(withFills.body.executions).toEqual([
        { time: '2026-11-02T14:30:00.000Z', side: 'buy', quantity: 1, price: 5000, commission: 1, fees: 0, execId: 'x1', ...ES },
        { time: '2026-11-02T14:40:00.000Z', side: 'sell', quantity: 1, price: 5004, commission: 1, fees: 0, execId: 'x2', ...ES },
      ]);
      await me(404, 'GET', '/api/trades/{id}', `/api/trades/${UNKNOWN}`);
      // The bars around the imported trade (14:30 … 14:40): one ES bar at 14:35, in the window of padding 2.
      const bar = { time: Date.parse('2026-11-02T14:35:00Z'), open: 5001, high: 5003, low: 5000, close: 5002, volume: 5 };
      const range = { from: bar.time, to: bar.time + 60_000, source: 'file:test' };
      await srv.storage.transaction((tx) => storeBars(tx, u.id, { instrumentKey: 'ES', timeframe: 60, bars: [bar], range }, []));
      const around = await me(200, 'GET', '/api/trades/{id}/bars', `/api/trades/${imported.tradeIds[0]}/bars?padding=2`);
      expect(around.body).toMatchObject({
        instrument: 'ES',
        continuous: false,
        timeframe: '1m',
        from: '2026-11-02T14:28:00.000Z',
      });
      expect(around.body.bars).toEqual([{ ...bar, time: '2026-11-02T14:35:00.000Z' }]);
      await me(404, 'GET', '/api/trades/{id}/bars', `/api/trades/${UNKNOWN}/bars`);
      await me(400, 'GET', '/api/trades/{id}/bars', `/api/trades/${trade.id}/bars?padding=-1`);
      await me(200, 'PATCH', '/api/trades/{id}', `/api/trades/${trade.id}`, {
        exitPrice: 5010,
        exitTime: '2026-01-05T16:00:00Z',
      });
      await me(404, 'PATCH', '/api/trades/{id}', `/api/trades/${UNKNOWN}`, { notes: 'x' });
      await me(200, 'GET', '/api/trades/statistics', '/api/trades/statistics?instrument=ES');
      await me(400, 'GET', '/api/trades/statistics', '/api/trades/statistics?tz=Mars/Base');
      await me(204, 'DELETE', '/api/trades/{id}', `/api/trades/${replay.body.id}`);
      await me(404, 'DELETE', '/api/trades/{id}', `/api/trades/${replay.body.id}`);
    });

    it('analytics', async () => {
      await me(200, 'GET', '/api/analytics/dashboard', '/api/analytics/dashboard?tz=America/New_York');
      await me(200, 'GET', '/api/analytics/performance', '/api/analytics/performance?period=weekly');
      await me(400, 'GET', '/api/analytics/performance', '/api/analytics/performance?dateFrom=1900-01-01&dateTo=2026-01-01');
      await me(200, 'GET', '/api/analytics/by-category', '/api/analytics/by-category?category=tag');
      await me(400, 'GET', '/api/analytics/by-category', '/api/analytics/by-category');
      await me(200, 'GET', '/api/analytics/equity-curve', '/api/analytics/equity-curve?startingBalance=1000');
      await me(200, 'GET', '/api/analytics/r-distribution', '/api/analytics/r-distribution?bucketSize=0.25');
      await as(undefined, 401, 'GET', '/api/analytics/dashboard');
    });

    it('imports', async () => {
      const csv = [
        'datetime,symbol,side,quantity,price,commission,fees,exec_id,account,multiplier,tags,note',
        '2026-01-05T14:30:00Z,ES,buy,1,5000,0,0,conf-1,SIM,50,,',
        '2026-01-05T14:40:00Z,ES,sell,1,5004,0,0,conf-2,SIM,50,,',
        '',
      ].join('\n');
      const post = async (status: number, query: string, raw: string, type = 'text/csv') => {
        const r = await c.send('POST', '/api/imports', `/api/imports${query}`, {
          headers: { ...u.auth, 'content-type': type },
          raw,
        });
        expect(r.status, r.text.slice(0, 300)).toBe(status);
        return r;
      };
      await post(200, '?dryRun=true', csv);
      const record = (await post(201, '?fileName=conf.csv', csv)).body;
      await post(415, '', '{}', 'application/json');
      await post(400, '?sourceTz=Mars/Base', csv);
      await me(200, 'GET', '/api/imports');
      await me(200, 'GET', '/api/imports/formats');
      await me(200, 'GET', '/api/imports/{id}', `/api/imports/${record.id}`);
      await me(404, 'GET', '/api/imports/{id}', `/api/imports/${UNKNOWN}`);
      await me(200, 'DELETE', '/api/imports/{id}', `/api/imports/${record.id}`);
      await me(409, 'DELETE', '/api/imports/{id}', `/api/imports/${record.id}`);
      await as(undefined, 401, 'GET', '/api/imports');
      const mapping = { columns: { time: 'When', symbol: 'Sym', side: 'Side', quantity: 'Qty', price: 'Px' } };
      const profile = '/api/imports/profiles/{name}';
      await me(201, 'PUT', profile, '/api/imports/profiles/conf', mapping);
      await me(200, 'PUT', profile, '/api/imports/profiles/conf', { ...mapping, datePattern: 'M/d/yyyy H:mm' });
      await me(400, 'PUT', profile, '/api/imports/profiles/tj-fills', mapping);
      await me(200, 'GET', '/api/imports/profiles');
      await me(200, 'GET', profile, '/api/imports/profiles/conf');
      await me(204, 'DELETE', profile, '/api/imports/profiles/conf');
      await me(404, 'GET', profile, '/api/imports/profiles/conf');
      await me(404, 'DELETE', profile, '/api/imports/profiles/conf');
    });

    it('the journal analytics: years, new categories, the calendar, a sparse R histogram', async () => {
      const t = await signUp(srv.url, 'journal-analytics');
      const mine = (status: number, template: string, path: string) => as(t, status, 'GET', template, path);
      // size 2: R 5000 (stop one cent away, 50 up: +100) and R −1 (−2): the default bucket size would need 10,002 buckets.
      const outlier = tradeBody({ entryPrice: 100, stopLoss: 99.99, exitPrice: 150, exitTime: '2026-11-03T16:00:00Z' });
      await as(t, 201, 'POST', '/api/trades', '/api/trades', { ...outlier, account: 'CME', assetClass: 'future' });
      await as(
        t,
        201,
        'POST',
        '/api/trades',
        '/api/trades',
        tradeBody({ entryPrice: 100, stopLoss: 99, exitPrice: 99, exitTime: '2026-11-04T16:00:00Z' }),
      );
      await as(t, 201, 'POST', '/api/journal', '/api/journal', { date: '2026-11-03' });
      const histogram = (await mine(200, '/api/analytics/r-distribution', '/api/analytics/r-distribution')).body;
      expect(histogram).toMatchObject({ bucketSize: 0.5, sparse: true, count: 2 });
      expect(histogram.buckets).toHaveLength(2);
      const years = (await mine(200, '/api/analytics/performance', '/api/analytics/performance?period=year')).body;
      expect(years.data.map((r: { period: string }) => r.period)).toEqual(['2026']);
      for (const category of ['hour', 'time', 'account', 'assetClass', 'holdingTime']) {
        await mine(200, '/api/analytics/by-category', `/api/analytics/by-category?category=${category}`);
      }
      const month = (await mine(200, '/api/analytics/calendar', '/api/analytics/calendar?month=2026-11&tz=America/Chicago')).body;
      expect(month.days).toHaveLength(30);
      expect(month.days[2]).toMatchObject({ date: '2026-11-03', trades: 1, totalPnL: 100, hasJournalEntry: true });
      await mine(400, '/api/analytics/calendar', '/api/analytics/calendar?month=2026-1');
      await mine(400, '/api/analytics/calendar', '/api/analytics/calendar');
      const stats = (await mine(200, '/api/trades/statistics', '/api/trades/statistics')).body;
      expect(stats).toMatchObject({ largestWin: 100, largestLoss: -2, payoffRatio: 50, currentStreak: -1, totalFees: 0 });
      await mine(200, '/api/trades', '/api/trades?dateFrom=2026-11-03&dateTo=2026-11-03&tz=America/Chicago');
    });

    it('settings: the trading day start', async () => {
      const t = await signUp(srv.url, 'settings');
      const before = (await as(t, 200, 'GET', '/api/settings')).body;
      expect(before).toEqual({
        baseCurrency: null,
        tradingDayStart: null,
        defaultRisk: null,
        instruments: {},
        commission: null,
        accounts: {},
      });
      const start = { time: '17:00', timeZone: 'America/Chicago' };
      const after = await as(t, 200, 'PATCH', '/api/settings', '/api/settings', {
        tradingDayStart: start,
        accounts: { Stocks: { tradingDayStart: null } },
      });
      expect(after.body).toEqual({
        baseCurrency: null,
        tradingDayStart: start,
        defaultRisk: null,
        instruments: {},
        commission: null,
        accounts: { Stocks: { baseCurrency: null, tradingDayStart: null, defaultRisk: null, instruments: {}, commission: null } },
      });
      const risk = await as(t, 200, 'PATCH', '/api/settings', '/api/settings', {
        defaultRisk: 100,
        instruments: { es: { stopPoints: 4 } },
      });
      expect(risk.body).toMatchObject({ defaultRisk: 100, instruments: { ES: { risk: null, stopPoints: 4 } } });
      await as(t, 400, 'PATCH', '/api/settings', '/api/settings', { defaultRisk: 0 });
      const bad = await as(t, 400, 'PATCH', '/api/settings', '/api/settings', { tradingDayStart: { time: '5pm' } });
      expect(bad.body.errors[0].path).toBe('tradingDayStart.time');
      expect((await as(t, 200, 'GET', '/api/settings')).body.tradingDayStart).toEqual(start);
    });

    it('reports, id prefixes and short ids', async () => {
      const trade = (
        await me(201, 'POST', '/api/trades', '/api/trades', tradeBody({ exitPrice: 5010, exitTime: '2026-01-05T16:00:00Z' }))
      ).body;
      await me(200, 'GET', '/api/reports/summary', '/api/reports/summary?tz=America/New_York');
      await me(400, 'GET', '/api/reports/summary', '/api/reports/summary?tz=Mars/Base');
      const page = await me(200, 'GET', '/api/reports/summary.html', '/api/reports/summary.html?instrument=ES');
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      await me(200, 'GET', '/api/trades', `/api/trades?idPrefix=${trade.id.slice(0, 8)}`);
      // A short id (the id's last 10 hex digits) names the record wherever its id does.
      const byShort = await me(200, 'GET', '/api/trades/{id}', `/api/trades/${trade.id.slice(-10).toUpperCase()}`);
      expect(byShort.body.id).toBe(trade.id);
      await me(
        404,
        'GET',
        '/api/trades/{id}',
        `/api/trades/${trade.id.slice(-10).replace(/./, (c: string) => (c === '0' ? '1' : '0'))}`,
      );
      const accounts = await me(200, 'GET', '/api/accounts', '/api/accounts');
      expect(accounts.body.accounts.length).toBeGreaterThan(0);
      await as(undefined, 401, 'GET', '/api/accounts');
      const instruments = await me(200, 'GET', '/api/instruments', '/api/instruments');
      expect(instruments.body.instruments.length).toBeGreaterThan(0);
      await as(undefined, 401, 'GET', '/api/instruments');
      await as(undefined, 401, 'GET', '/api/reports/summary.html');
    });

    it('journal', async () => {
      const entry = (await me(201, 'POST', '/api/journal', '/api/journal', { date: '2026-01-05', emotionalState: { focus: 5 } }))
        .body;
      await me(409, 'POST', '/api/journal', '/api/journal', { date: '2026-01-05' });
      await me(200, 'GET', '/api/journal', '/api/journal?type=daily');
      await me(200, 'GET', '/api/journal/{id}', `/api/journal/${entry.id}`);
      await me(200, 'PATCH', '/api/journal/{id}', `/api/journal/${entry.id}`, { emotionalState: { stress: 3 }, tags: ['calm'] });
      await me(400, 'PATCH', '/api/journal/{id}', `/api/journal/${entry.id}`, { emotionalState: { stress: 11 } });
      await me(204, 'DELETE', '/api/journal/{id}', `/api/journal/${entry.id}`);
      await me(404, 'GET', '/api/journal/{id}', `/api/journal/${entry.id}`);
    });

    it('corporate actions', async () => {
      const open = (
        await me(201, 'POST', '/api/trades', '/api/trades', tradeBody({ instrument: 'CA1', entryTime: '2026-01-05T15:00:00Z' }))
      ).body;
      const body = { kind: 'split', instrument: 'CA1', ratio: '2:1', effectiveAt: '2026-01-06' };
      const created = (await me(201, 'POST', '/api/corporate-actions', '/api/corporate-actions', body)).body;
      expect(created.adjustedTradeIds).toEqual([open.id]);
      await me(409, 'POST', '/api/corporate-actions', '/api/corporate-actions', body);
      await me(400, 'POST', '/api/corporate-actions', '/api/corporate-actions', { ...body, ratio: '1:1' });
      await me(200, 'GET', '/api/corporate-actions', '/api/corporate-actions?instrument=CA1');
      await me(204, 'DELETE', '/api/corporate-actions/{id}', `/api/corporate-actions/${created.id}`);
      await me(404, 'DELETE', '/api/corporate-actions/{id}', `/api/corporate-actions/${created.id}`);
    });

    it('FX rates', async () => {
      const rates = [
        { date: '2026-01-05', base: 'EUR', quote: 'USD', rate: '1.0950' },
        { date: '2026-01-06', base: 'eur', quote: 'usd', rate: '1.0921' },
      ];
      const written = (await me(200, 'POST', '/api/fx/rates', '/api/fx/rates', { rates })).body;
      expect(written).toMatchObject({ source: 'user', received: 2, written: 2, pairs: ['EUR/USD'] });
      await me(400, 'POST', '/api/fx/rates', '/api/fx/rates', { rates: [{ ...rates[0], rate: '-1' }] });
      const page = (await me(200, 'GET', '/api/fx/rates', '/api/fx/rates?base=EUR&from=2026-01-06')).body;
      expect(page.rates).toEqual([{ date: '2026-01-06', base: 'EUR', quote: 'USD', rate: '1.0921', source: 'user' }]);
      // No currency to fetch: the provider is not asked (no test calls the internet).
      const none = (
        await me(200, 'POST', '/api/fx/fetch', '/api/fx/fetch', { from: '2026-01-05', to: '2026-01-06', currencies: [] })
      ).body;
      expect(none).toMatchObject({ source: 'ecb', received: 0, written: 0 });
      await me(400, 'POST', '/api/fx/fetch', '/api/fx/fetch', { from: '2026-01-06', to: '2026-01-05' });
      expect((await me(200, 'DELETE', '/api/fx/rates', '/api/fx/rates?source=user')).body).toEqual({ deleted: 2 });
    });

    it('bars', async () => {
      const csv = 'time,open,high,low,close,volume\n2026-01-05T14:30:00Z,10,11,9,10.5,3\n2026-01-05T14:31:00Z,10.5,12,10,11,4\n';
      const post = async (status: number, query: string, raw: string, type = 'text/csv') => {
        const r = await c.send('POST', '/api/bars', `/api/bars${query}`, { headers: { ...u.auth, 'content-type': type }, raw });
        expect(r.status, r.text.slice(0, 300)).toBe(status);
        return r;
      };
      expect((await post(200, '?instrument=CONF', csv)).body).toMatchObject({ timeframe: '1m', written: 2 });
      await post(400, '?instrument=CONF&timeframe=2m', csv);
      await post(415, '?instrument=CONF', '{}', 'application/json');
      // The trades check above holds bars of its own instrument: this one's series is the CONF one.
      const series = (await me(200, 'GET', '/api/bars')).body.series as { instrument: string }[];
      expect(series.filter((s) => s.instrument === 'CONF')).toHaveLength(1);
      await me(400, 'DELETE', '/api/bars', '/api/bars');
      expect((await me(200, 'DELETE', '/api/bars', '/api/bars?instrument=CONF&timeframe=1m')).body).toEqual({ deleted: 2 });
    });

    it('webhooks and their deliveries', async () => {
      const created = (await me(201, 'POST', '/api/webhooks', '/api/webhooks', { url: hook.url, events: ['*'] })).body;
      expect(created.secret).toMatch(/^whsec_/);
      await me(400, 'POST', '/api/webhooks', '/api/webhooks', { url: 'ftp://example.com/x', events: ['*'] });
      await me(200, 'GET', '/api/webhooks');
      await me(200, 'GET', '/api/webhooks/{id}', `/api/webhooks/${created.id}`);
      const test = (await me(200, 'POST', '/api/webhooks/{id}/test', `/api/webhooks/${created.id}/test`)).body;
      expect(test.delivered).toBe(true);
      const { deliveries } = (await me(200, 'GET', '/api/webhooks/{id}/deliveries', `/api/webhooks/${created.id}/deliveries`))
        .body;
      const done = deliveries.find((d: { status: string }) => d.status !== 'pending');
      expect(done.attemptLog).toEqual([expect.objectContaining({ number: 1, responseStatus: 204, responseBody: '' })]);
      const redeliver = '/api/webhooks/{id}/deliveries/{deliveryId}/redeliver';
      const again = (await me(200, 'POST', redeliver, `/api/webhooks/${created.id}/deliveries/${done.id}/redeliver`)).body;
      expect(again.attemptLog.map((a: { number: number }) => a.number)).toEqual([1, 2]);
      // A delivery that got no answer: its attempt's null status, body and error validate too.
      const dead = (await me(201, 'POST', '/api/webhooks', '/api/webhooks', { url: 'http://127.0.0.1:9/x', events: ['*'] })).body;
      expect((await me(200, 'POST', '/api/webhooks/{id}/test', `/api/webhooks/${dead.id}/test`)).body.delivered).toBe(false);
      const failed = (await me(200, 'GET', '/api/webhooks/{id}/deliveries', `/api/webhooks/${dead.id}/deliveries`)).body;
      expect(failed.deliveries[0].attemptLog).toEqual([
        expect.objectContaining({ number: 1, responseStatus: null, responseBody: null, error: 'connection refused' }),
      ]);
      await me(204, 'DELETE', '/api/webhooks/{id}', `/api/webhooks/${dead.id}`);
      await me(404, 'POST', redeliver, `/api/webhooks/${created.id}/deliveries/${UNKNOWN}/redeliver`);
      await me(204, 'DELETE', '/api/webhooks/{id}', `/api/webhooks/${created.id}`);
      await me(404, 'GET', '/api/webhooks/{id}', `/api/webhooks/${created.id}`);
    });

    it('alerts and their events', async () => {
      const alert = (await me(201, 'POST', '/api/alerts', '/api/alerts', { name: 'no stop', type: 'missingStopLoss' })).body;
      await me(400, 'POST', '/api/alerts', '/api/alerts', { name: 'x', type: 'moon' });
      await me(201, 'POST', '/api/trades', '/api/trades', tradeBody({ stopLoss: undefined }));
      await me(200, 'GET', '/api/alerts');
      await me(200, 'GET', '/api/alerts/{id}', `/api/alerts/${alert.id}`);
      await me(200, 'PATCH', '/api/alerts/{id}', `/api/alerts/${alert.id}`, { active: false });
      const { events } = (await me(200, 'GET', '/api/alerts/{id}/events', `/api/alerts/${alert.id}/events`)).body;
      expect(events).toHaveLength(1);
      await me(204, 'DELETE', '/api/alerts/{id}', `/api/alerts/${alert.id}`);
      await me(404, 'GET', '/api/alerts/{id}/events', `/api/alerts/${alert.id}/events`);
    });

    it('price bars fetched from a provider', async () => {
      // No closed trade of this instrument: the provider is not asked (no test calls the internet).
      const none = { provider: 'databento', apiKey: 'db-conformance', trades: { instrument: 'NOBARS' } };
      expect((await me(200, 'POST', '/api/bars/fetch', '/api/bars/fetch', none)).body).toMatchObject({
        trades: 0,
        stretches: [],
        written: 0,
      });
      await me(400, 'POST', '/api/bars/fetch', '/api/bars/fetch', { provider: 'databento', apiKey: 'db-conformance' });
    });

    it('checked a success of every operation the document lists (a new endpoint needs its check here)', () => {
      expect(c.operations.length).toBeGreaterThan(40);
      expect(c.missing()).toEqual([]);
    });
  });
});

describe('the conformance checker', () => {
  let srv: TestServer;
  let doc: any;
  beforeAll(async () => {
    srv = await startTestServer();
    doc = (await call(srv.url, 'GET', '/api/openapi.json')).body;
  });
  afterAll(() => srv?.close());

  it('fails a body that does not match, an undocumented status and a missing Location', async () => {
    const checker = conformanceChecker(srv.url, doc);
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
      status,
      body,
      text: JSON.stringify(body),
      headers: new Headers({ 'x-request-id': 'r', 'content-type': 'application/json', ...headers }),
    });
    expect(() => checker.check('GET', '/api/trades', reply(200, { trades: 'none', pagination: {} }))).toThrow();
    expect(() => checker.check('GET', '/api/health', reply(200, { status: 'ok', extra: 1 }))).toThrow();
    expect(() => checker.check('GET', '/api/health', reply(418, { status: 'ok' }))).toThrow(/does not list/);
    expect(() => checker.check('POST', '/api/journal', reply(201, {}))).toThrow(/Location/);
    expect(() => checker.check('GET', '/api/health', reply(200, { status: 'ok' }))).not.toThrow();
    expect(checker.missing()).toContain('POST /api/trades');
  });
});

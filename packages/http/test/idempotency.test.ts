import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call, tradeBody } from './support/http.js';
import { useServerProcesses } from './support/processes.js';
import { signUp, startTestServer, type TestServer, type TestUser } from './support/server.js';

/** Every creating POST, with a valid body and how to count what exists. */
const CREATORS = [
  { path: '/api/trades', body: () => tradeBody(), count: (b: any) => b.pagination.total },
  { path: '/api/journal', body: () => ({ date: '2026-03-04', type: 'weekly' }), count: (b: any) => b.pagination.total },
  { path: '/api/alerts', body: () => ({ name: 'no stop', type: 'missingStopLoss' }), count: (b: any) => b.alerts.length },
  {
    path: '/api/webhooks',
    body: () => ({ url: 'http://127.0.0.1:9/hook', events: ['*'] }),
    count: (b: any) => b.webhooks.length,
  },
];

describe.each(DATABASES)('Idempotency-Key on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startTestServer(db);
    });
    afterAll(() => srv?.close());
    const as = (u: TestUser) => (method: string, path: string, json?: unknown, key?: string) =>
      call(srv.url, method, path, { headers: { ...u.auth, ...(key ? { 'idempotency-key': key } : {}) }, json });

    it.each(CREATORS)(
      'a retry of POST $path with the same key and body answers the first response and creates once',
      async (c) => {
        const u = await signUp(srv.url, 'retry');
        const api = as(u);
        const key = randomUUID();
        const first = await api('POST', c.path, c.body(), key);
        expect(first.status).toBe(201);
        expect(first.headers.get('idempotent-replayed')).toBeNull();
        const again = await api('POST', c.path, c.body(), key);
        expect(again.status).toBe(201);
        expect(again.body).toEqual(first.body);
        expect(again.headers.get('location')).toBe(first.headers.get('location'));
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        expect(c.count((await api('GET', c.path)).body)).toBe(1);
        // Key order and white space do not make it another request.
        const reordered = JSON.stringify(Object.fromEntries(Object.entries(c.body()).reverse()), null, 2);
        const raw = await call(srv.url, 'POST', c.path, {
          headers: { ...u.auth, 'idempotency-key': key, 'content-type': 'application/json' },
          raw: reordered,
        });
        expect(raw.body).toEqual(first.body);
        expect(c.count((await api('GET', c.path)).body)).toBe(1);
      },
    );

    it('the same key with another body (or on another endpoint) is 422 idempotency_key_reused', async () => {
      const api = as(await signUp(srv.url, 'reuse'));
      const key = randomUUID();
      expect((await api('POST', '/api/trades', tradeBody(), key)).status).toBe(201);
      const other = await api('POST', '/api/trades', tradeBody({ instrument: 'NQ' }), key);
      expect(other.status).toBe(422);
      expect(other.body).toMatchObject({ code: 'idempotency_key_reused', status: 422, title: 'Unprocessable Content' });
      expect((await api('POST', '/api/alerts', { name: 'x', type: 'missingStopLoss' }, key)).status).toBe(422);
      expect((await api('GET', '/api/trades')).body.pagination.total).toBe(1);
    });

    it('keys belong to their user: another user’s identical key is a fresh request', async () => {
      const key = randomUUID();
      const a = as(await signUp(srv.url, 'a'));
      const b = as(await signUp(srv.url, 'b'));
      const first = await a('POST', '/api/trades', tradeBody(), key);
      const second = await b('POST', '/api/trades', tradeBody(), key);
      expect(second.status).toBe(201);
      expect(second.body.id).not.toBe(first.body.id);
      expect(second.headers.get('idempotent-replayed')).toBeNull();
    });

    it('a failed request does not keep the key: fixed and retried with the same key, it creates', async () => {
      const api = as(await signUp(srv.url, 'fix'));
      const key = randomUUID();
      expect((await api('POST', '/api/trades', tradeBody({ stopLoss: 6000 }), key)).status).toBe(400);
      expect((await api('POST', '/api/trades', tradeBody(), key)).status).toBe(201);
    });

    it('concurrent duplicates never both create: one 201, the others its replay or 409 in use', async () => {
      const api = as(await signUp(srv.url, 'burst'));
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 12 }, () => api('POST', '/api/trades', tradeBody(), key)));
      const created = answers.filter((r) => r.status === 201);
      const busy = answers.filter((r) => r.status === 409);
      expect(created.length + busy.length).toBe(12);
      expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
      expect(created.filter((r) => r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
      for (const r of busy) {
        expect(r.body.code).toBe('idempotency_key_in_use');
        expect(r.headers.get('retry-after')).toBe('1');
      }
      expect((await api('GET', '/api/trades')).body.pagination.total).toBe(1);
    });

    it('refuses a malformed key with 400 and ignores the header where nothing is created', async () => {
      const api = as(await signUp(srv.url, 'malformed'));
      const r = await api('POST', '/api/trades', tradeBody(), 'has spaces in it');
      expect(r.status).toBe(400);
      expect(r.body.errors[0].path).toBe('Idempotency-Key');
      expect((await api('POST', '/api/trades', tradeBody(), 'x'.repeat(256))).status).toBe(400);
      const list = await api('GET', '/api/trades', undefined, randomUUID());
      expect(list.status).toBe(200);
    });
  });
});

describe.each(DATABASES.filter((d) => d.name === 'postgres'))('Idempotency-Key across processes on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    const servers = useServerProcesses(db);

    it('two processes behind a load balancer agree: a retry on the other one replays, and bursts create once', async () => {
      const user = await signUp(servers.a.url, 'balanced');
      const post = (url: string, key: string) =>
        call(url, 'POST', '/api/trades', { headers: { ...user.auth, 'idempotency-key': key }, json: tradeBody() });
      const key = randomUUID();
      const first = await post(servers.a.url, key);
      const retry = await post(servers.b.url, key);
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual(first.body);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      const burstKey = randomUUID();
      const burst = await Promise.all(
        Array.from({ length: 10 }, (_, i) => post(i % 2 ? servers.a.url : servers.b.url, burstKey)),
      );
      expect(new Set(burst.filter((r) => r.status === 201).map((r) => r.body.id)).size).toBe(1);
      expect(burst.every((r) => r.status === 201 || r.status === 409)).toBe(true);
      const list = await call(servers.a.url, 'GET', '/api/trades', { headers: user.auth });
      expect(list.body.pagination.total).toBe(2);
    });
  });
});

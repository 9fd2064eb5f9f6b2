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

/** A fills CSV of one ES round trip; `price` changes the file without changing its length. */
function fillsCsv(price: number): string {
  return [
    'datetime,symbol,side,quantity,price,commission,fees,exec_id,account,multiplier,tags,note',
    `2026-01-05T14:30:00Z,ES,buy,1,${price},0,0,,SIM,50,,`,
    `2026-01-05T14:40:00Z,ES,sell,1,${price + 1},0,0,,SIM,50,,`,
    '',
  ].join('\n');
}

describe.each(DATABASES)('Idempotency-Key on uploads on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startTestServer(db);
    });
    afterAll(() => srv?.close());
    const upload = (u: TestUser, key: string, body: string | FormData, query = '') =>
      fetch(`${srv.url}/api/imports${query}`, {
        method: 'POST',
        headers: { ...u.auth, 'idempotency-key': key, ...(typeof body === 'string' && { 'content-type': 'text/csv' }) },
        body,
      }).then(async (res) => ({ status: res.status, headers: res.headers, body: (await res.json()) as any }));
    const tradesOf = async (u: TestUser) =>
      (await call(srv.url, 'GET', '/api/trades', { headers: u.auth })).body.pagination.total as number;

    it('the same file again replays the first answer; another file of the same length is 422 and not imported', async () => {
      const u = await signUp(srv.url, 'upload-key');
      const key = randomUUID();
      const a = fillsCsv(5000);
      const b = fillsCsv(6000);
      expect(b.length).toBe(a.length);
      const first = await upload(u, key, a);
      expect(first.status).toBe(201);
      const again = await upload(u, key, a);
      expect(again).toMatchObject({ status: 201, body: { id: first.body.id } });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const other = await upload(u, key, b);
      expect(other.status).toBe(422);
      expect(other.body).toMatchObject({ code: 'idempotency_key_reused' });
      expect(await tradesOf(u)).toBe(1);
      expect((await call(srv.url, 'GET', '/api/imports', { headers: u.auth })).body.pagination.total).toBe(1);
      // Another key imports the other file.
      expect((await upload(u, randomUUID(), b)).status).toBe(201);
      expect(await tradesOf(u)).toBe(2);
    });

    it('the same file with other options is another request (422), and a multipart retry (new boundary) replays', async () => {
      const u = await signUp(srv.url, 'upload-opts');
      const key = randomUUID();
      const form = () => {
        const f = new FormData();
        f.append('sourceTz', 'America/New_York');
        f.append('file', new Blob([fillsCsv(5000)], { type: 'text/csv' }), 'fills.csv');
        return f;
      };
      const first = await upload(u, key, form());
      expect(first.status).toBe(201);
      const retry = await upload(u, key, form());
      expect(retry).toMatchObject({ status: 201, body: { id: first.body.id } });
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      const otherField = new FormData();
      otherField.append('sourceTz', 'Europe/London');
      otherField.append('file', new Blob([fillsCsv(5000)], { type: 'text/csv' }), 'fills.csv');
      expect(await upload(u, key, otherField)).toMatchObject({ status: 422, body: { code: 'idempotency_key_reused' } });
      expect(await upload(u, key, fillsCsv(5000), '?dryRun=true')).toMatchObject({
        status: 422,
        body: { code: 'idempotency_key_reused' },
      });
      expect(await tradesOf(u)).toBe(1);
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

import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call } from './support/http.js';
import { signUp, startTestServer, type TestServer, type TestUser } from './support/server.js';

/** A local receiver that records deliveries and answers `status`. */
async function receiver(status: () => number) {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status()).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(DATABASES)('webhooks on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    let srv: TestServer;
    let u: TestUser;
    let answer = 200;
    let hook: Awaited<ReturnType<typeof receiver>>;
    beforeAll(async () => {
      srv = await startTestServer(db);
      u = await signUp(srv.url, 'hooker');
      hook = await receiver(() => answer);
    });
    afterAll(async () => {
      await srv?.close();
      await hook?.close();
    });
    const api = (method: string, path: string, json?: unknown) => call(srv.url, method, path, { headers: u.auth, json });

    it('POST creates (201, Location) and returns the secret once; list and get never show it', async () => {
      const c = await api('POST', '/api/webhooks', {
        url: hook.url,
        events: ['trade.closed'],
        secret: 'a shared secret of enough length',
      });
      expect(c.status).toBe(201);
      expect(c.headers.get('location')).toBe(`/api/webhooks/${c.body.id}`);
      expect(c.body).toMatchObject({
        url: hook.url,
        events: ['trade.closed'],
        active: true,
        secret: 'a shared secret of enough length',
      });
      const list = await api('GET', '/api/webhooks');
      expect(list.status).toBe(200);
      const listed = list.body.webhooks.find((w: { id: string }) => w.id === c.body.id);
      expect(listed).toMatchObject({ url: hook.url, active: true });
      expect(listed.secret).toBeUndefined();
      const one = await api('GET', `/api/webhooks/${c.body.id}`);
      expect(one.status).toBe(200);
      expect(one.body.secret).toBeUndefined();
    });

    it('the service makes a secret when none is sent', async () => {
      const c = await api('POST', '/api/webhooks', { url: hook.url, events: ['*'] });
      expect(c.status).toBe(201);
      expect(c.body.secret.length).toBeGreaterThanOrEqual(32);
    });

    it('validation: a non-http url, an unknown event and no events are 400', async () => {
      expect((await api('POST', '/api/webhooks', { url: 'ftp://example.com/x', events: ['trade.closed'] })).status).toBe(400);
      expect((await api('POST', '/api/webhooks', { url: hook.url, events: ['trade.exploded'] })).status).toBe(400);
      expect((await api('POST', '/api/webhooks', { url: hook.url, events: [] })).status).toBe(400);
    });

    it('POST /test sends a signed webhook.test at once and answers the outcome (200)', async () => {
      const c = (await api('POST', '/api/webhooks', { url: hook.url, events: ['trade.created'] })).body;
      answer = 200;
      const before = hook.received.length;
      const t = await call(srv.url, 'POST', `/api/webhooks/${c.id}/test`, { headers: u.auth });
      expect(t.status).toBe(200);
      expect(t.body).toMatchObject({ delivered: true, statusCode: 200, error: null });
      expect(typeof t.body.durationMs).toBe('number');
      const got = hook.received[before]!;
      const payload = JSON.parse(got.body);
      expect(payload).toMatchObject({ event: 'webhook.test', data: { webhookId: c.id } });
      const key = Buffer.from(c.secret.replace(/^whsec_/, ''), 'base64');
      expect(got.headers['x-webhook-signature']).toBe(createHmac('sha256', key).update(got.body).digest('hex'));
    });

    it('POST /test reports a failing receiver without failing itself; deliveries list the attempts', async () => {
      const c = (await api('POST', '/api/webhooks', { url: hook.url, events: ['trade.created'] })).body;
      answer = 500;
      const t = await call(srv.url, 'POST', `/api/webhooks/${c.id}/test`, { headers: u.auth, json: {} });
      expect(t.status).toBe(200);
      expect(t.body).toMatchObject({ delivered: false, statusCode: 500 });
      const d = await api('GET', `/api/webhooks/${c.id}/deliveries`);
      expect(d.status).toBe(200);
      expect(d.body.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1 });
      expect(d.body.deliveries[0]).toMatchObject({
        webhookId: c.id,
        event: 'webhook.test',
        status: 'failed',
        responseStatus: 500,
      });
      expect((await api('GET', `/api/webhooks/${c.id}/deliveries?status=failed`)).body.deliveries).toHaveLength(1);
      expect((await api('GET', `/api/webhooks/${c.id}/deliveries?status=lost`)).status).toBe(400);

      answer = 200;
      const again = await call(srv.url, 'POST', `/api/webhooks/${c.id}/deliveries/${d.body.deliveries[0].id}/redeliver`, {
        headers: u.auth,
      });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ id: d.body.deliveries[0].id, status: 'succeeded', responseStatus: 200 });
    });

    it('POST /test takes no body: a non-empty one is 400', async () => {
      const c = (await api('POST', '/api/webhooks', { url: hook.url, events: ['trade.created'] })).body;
      const r = await api('POST', `/api/webhooks/${c.id}/test`, { verbose: true });
      expect(r.status).toBe(400);
      expect(r.body.detail).toBe('this endpoint takes no request body');
    });

    it('DELETE answers 204, then the webhook is 404 everywhere', async () => {
      const c = (await api('POST', '/api/webhooks', { url: hook.url, events: ['trade.created'] })).body;
      expect((await api('DELETE', `/api/webhooks/${c.id}`)).status).toBe(204);
      expect((await api('GET', `/api/webhooks/${c.id}`)).status).toBe(404);
      expect((await api('DELETE', `/api/webhooks/${c.id}`)).status).toBe(404);
      expect((await call(srv.url, 'POST', `/api/webhooks/${c.id}/test`, { headers: u.auth })).status).toBe(404);
      expect((await api('GET', `/api/webhooks/${c.id}/deliveries`)).status).toBe(404);
    });

    it('events of subscribed webhooks wait as pending deliveries; redelivering a pending one is 409', async () => {
      const c = (await api('POST', '/api/webhooks', { url: hook.url, events: ['journal.created'] })).body;
      await api('POST', '/api/journal', { date: '2026-03-01' });
      const d = await api('GET', `/api/webhooks/${c.id}/deliveries?status=pending`);
      expect(d.body.deliveries).toEqual([expect.objectContaining({ event: 'journal.created', status: 'pending', attempts: 0 })]);
      const r = await call(srv.url, 'POST', `/api/webhooks/${c.id}/deliveries/${d.body.deliveries[0].id}/redeliver`, {
        headers: u.auth,
      });
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('conflict');
    });

    it('more webhooks than a user may have is 409', async () => {
      const other = await signUp(srv.url, 'many');
      const make = () => call(srv.url, 'POST', '/api/webhooks', { headers: other.auth, json: { url: hook.url, events: ['*'] } });
      const statuses: number[] = [];
      for (let i = 0; i < 51; i++) statuses.push((await make()).status);
      expect(statuses.slice(0, 50).every((s) => s === 201)).toBe(true);
      expect(statuses[50]).toBe(409);
    });

    it('redelivering an unknown delivery is 404', async () => {
      const c = (await api('POST', '/api/webhooks', { url: hook.url, events: ['trade.created'] })).body;
      const r = await call(srv.url, 'POST', `/api/webhooks/${c.id}/deliveries/01900000-0000-7000-8000-000000000000/redeliver`, {
        headers: u.auth,
      });
      expect(r.status).toBe(404);
    });
  });
});

describe('webhooks on a server that refuses private targets', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(undefined, { allowPrivateWebhooks: false });
  });
  afterAll(() => srv?.close());

  it('refuses a loopback url at registration (400 naming url)', async () => {
    const u = await signUp(srv.url, 'private');
    const r = await call(srv.url, 'POST', '/api/webhooks', {
      headers: u.auth,
      json: { url: 'http://127.0.0.1:9/x', events: ['*'] },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].path).toBe('url');
  });
});

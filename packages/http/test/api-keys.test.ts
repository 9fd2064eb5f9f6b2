import { createHash, randomBytes } from 'node:crypto';
import { openStorage } from '@tj/core/storage';
import { createServer, type TjServer } from '@tj/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call, tradeBody } from './support/http.js';
import { useServerProcesses } from './support/processes.js';
import { signUp, startTestServer, TEST_PASSWORD_COST, type TestServer, type TestUser } from './support/server.js';

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe.each(DATABASES)('API keys on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    let srv: TestServer;
    let u: TestUser;
    beforeAll(async () => {
      srv = await startTestServer(db);
      u = await signUp(srv.url, 'keys');
    });
    afterAll(() => srv?.close());
    const api = (method: string, path: string, json?: unknown) => call(srv.url, method, path, { headers: u.auth, json });
    const newKey = async (scopes: string[], extra: Record<string, unknown> = {}) => {
      const r = await api('POST', '/api/keys', { name: `k-${scopes.join('+')}`, scopes, ...extra });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r;
    };

    it('creates a key shown once (tj_live_…), stored only as its hash, listed without it', async () => {
      const created = await newKey(['read']);
      expect(created.headers.get('location')).toBe(`/api/keys/${created.body.id}`);
      const key: string = created.body.key;
      expect(key).toMatch(/^tj_live_[A-Za-z0-9_-]{64}$/);
      expect(created.body).toMatchObject({ scopes: ['read'], expiresAt: null, lastUsedAt: null, revokedAt: null });
      expect(created.body.prefix).toBe(`tj_live_…${key.slice(-4)}`);
      const listed = (await api('GET', '/api/keys')).body.keys;
      expect(listed.find((k: { id: string }) => k.id === created.body.id)).toEqual({ ...created.body, key: undefined });
      expect(JSON.stringify(listed)).not.toContain(key);
      const one = await api('GET', `/api/keys/${created.body.id}`);
      expect(one.body.key).toBeUndefined();
      const [row] = (await srv.storage.repos.apiKeys.list(u.id)).filter((k) => k.id === created.body.id);
      expect(row?.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(key.slice(8));
    });

    it('works as a bearer token within its scopes; too small a scope is 403 insufficient_scope', async () => {
      const read = (await newKey(['read'])).body.key;
      expect((await call(srv.url, 'GET', '/api/trades', { headers: bearer(read) })).status).toBe(200);
      expect((await call(srv.url, 'GET', '/api/auth/me', { headers: bearer(read) })).body.id).toBe(u.id);
      const refused = await call(srv.url, 'POST', '/api/trades', { headers: bearer(read), json: tradeBody() });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'insufficient_scope',
        detail: 'this API key lacks the "write" scope this operation needs',
      });
      expect(refused.headers.get('www-authenticate')).toBe(
        'Bearer realm="trading-journal", error="insufficient_scope", scope="write"',
      );
      expect((await call(srv.url, 'GET', '/api/webhooks', { headers: bearer(read) })).body.code).toBe('insufficient_scope');
      expect((await call(srv.url, 'GET', '/api/keys', { headers: bearer(read) })).body.code).toBe('insufficient_scope');

      const write = (await newKey(['write'])).body.key;
      const made = await call(srv.url, 'POST', '/api/trades', { headers: bearer(write), json: tradeBody() });
      expect(made.status).toBe(201);
      expect((await call(srv.url, 'GET', `/api/trades/${made.body.id}`, { headers: bearer(write) })).status).toBe(403);

      const hooks = (await newKey(['webhooks'])).body.key;
      expect((await call(srv.url, 'GET', '/api/webhooks', { headers: bearer(hooks) })).status).toBe(200);

      const admin = (await newKey(['admin'])).body.key;
      for (const [m, p] of [
        ['GET', '/api/trades'],
        ['GET', '/api/webhooks'],
        ['GET', '/api/keys'],
        ['GET', '/api/auth/totp'],
      ]) {
        expect((await call(srv.url, m as string, p as string, { headers: bearer(admin) })).status, p).toBe(200);
      }
    });

    it('records the last use and logs the key’s id, never the key', async () => {
      const created = (await newKey(['read'])).body;
      const r = await call(srv.url, 'GET', '/api/trades', { headers: bearer(created.key) });
      const line = srv.logs.find((l) => l.requestId === r.headers.get('x-request-id') && l.msg === 'request');
      expect(line).toMatchObject({ userId: u.id, apiKey: created.id });
      expect(JSON.stringify(srv.logs)).not.toContain(created.key);
      expect((await api('GET', `/api/keys/${created.id}`)).body.lastUsedAt).toEqual(expect.any(String));
    });

    it('refuses unknown, malformed, revoked and expired keys with 401', async () => {
      const forged = `tj_live_${Buffer.concat([Buffer.from(u.id.replaceAll('-', ''), 'hex'), randomBytes(32)]).toString('base64url')}`;
      for (const key of [forged, 'tj_live_nope', `tj_live_${'A'.repeat(64)}`]) {
        const r = await call(srv.url, 'GET', '/api/trades', { headers: bearer(key) });
        expect(r.status).toBe(401);
        expect(r.body.code).toBe('unauthorized');
        expect(r.headers.get('www-authenticate')).toContain('error="invalid_token"');
      }
      const soon = (await newKey(['read'], { expiresAt: new Date(Date.now() + 1500).toISOString() })).body;
      expect((await call(srv.url, 'GET', '/api/trades', { headers: bearer(soon.key) })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1600));
      expect((await call(srv.url, 'GET', '/api/trades', { headers: bearer(soon.key) })).status).toBe(401);
    });

    it('validates creation: scopes known, distinct and not empty; expiry in the future; revoking an unknown id is 404', async () => {
      const bad = async (body: unknown, path: string) => {
        const r = await api('POST', '/api/keys', body);
        expect(r.status).toBe(400);
        expect(r.body.errors.map((e: { path: string }) => e.path)).toContain(path);
      };
      await bad({ name: 'x', scopes: [] }, 'scopes');
      await bad({ name: 'x', scopes: ['root'] }, 'scopes.0');
      await bad({ name: 'x', scopes: ['read', 'read'] }, 'scopes');
      await bad({ name: 'x', scopes: ['read'], expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt');
      await bad({ scopes: ['read'] }, 'name');
      expect((await api('DELETE', '/api/keys/01900000-0000-7000-8000-000000000000')).status).toBe(404);
      const other = await signUp(srv.url, 'other');
      const mine = (await newKey(['read'])).body;
      expect((await call(srv.url, 'DELETE', `/api/keys/${mine.id}`, { headers: other.auth })).status).toBe(404);
    });

    it('a key of a disabled account is refused with 403', async () => {
      const owner = await signUp(srv.url, 'soon-disabled');
      const key = (await call(srv.url, 'POST', '/api/keys', { headers: owner.auth, json: { name: 'k', scopes: ['read'] } })).body
        .key;
      await srv.app.core.auth.setDisabled(owner.id, true);
      expect((await call(srv.url, 'GET', '/api/trades', { headers: bearer(key) })).status).toBe(403);
    });

    it('revocation holds at once on another server on the same database, even one that just used the key', async () => {
      const storage2 = await openStorage(srv.databaseUrl);
      let second: TjServer | undefined;
      try {
        second = await createServer({
          databaseUrl: srv.databaseUrl,
          storage: storage2,
          port: 0,
          host: '127.0.0.1',
          jwtSecret: srv.jwtSecret,
          openRegistration: false,
          allowPrivateWebhooks: true,
          passwordCost: TEST_PASSWORD_COST,
          rateLimit: false,
          logger: { log() {} },
        });
        const url2 = await second.listen();
        const created = (await newKey(['read'])).body;
        expect((await call(url2, 'GET', '/api/trades', { headers: bearer(created.key) })).status).toBe(200);
        expect((await api('DELETE', `/api/keys/${created.id}`)).status).toBe(204);
        expect((await call(url2, 'GET', '/api/trades', { headers: bearer(created.key) })).status).toBe(401);
        expect((await api('GET', `/api/keys/${created.id}`)).body.revokedAt).toEqual(expect.any(String));
        expect((await api('DELETE', `/api/keys/${created.id}`)).status).toBe(204);
      } finally {
        await second?.close();
        await storage2.close();
      }
    });
  });
});

describe.each(DATABASES.filter((d) => d.name === 'postgres'))('API key revocation across processes on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    const servers = useServerProcesses(db);

    it('a key revoked through one process is refused by the other from the next request on', async () => {
      const user = await signUp(servers.a.url, 'procs');
      const created = (
        await call(servers.a.url, 'POST', '/api/keys', { headers: user.auth, json: { name: 'k', scopes: ['read'] } })
      ).body;
      for (const url of [servers.a.url, servers.b.url])
        expect((await call(url, 'GET', '/api/trades', { headers: bearer(created.key) })).status).toBe(200);
      expect((await call(servers.b.url, 'DELETE', `/api/keys/${created.id}`, { headers: user.auth })).status).toBe(204);
      for (const url of [servers.a.url, servers.b.url])
        expect((await call(url, 'GET', '/api/trades', { headers: bearer(created.key) })).status).toBe(401);
    });
  });
});

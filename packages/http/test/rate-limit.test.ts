import { createServer, databaseRateLimitStore, memoryRateLimitStore, type TjServer } from '@tj/http';
import { openStorage } from '@tj/core/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call } from './support/http.js';
import { startTestServer, TEST_PASSWORD_COST, type TestServer } from './support/server.js';

async function tokenFor(srv: TestServer, name: string): Promise<Record<string, string>> {
  const email = `${name}@example.com`;
  await srv.app.core.auth.createUser({ email, name, password: 'long enough password' });
  const pair = await srv.app.core.auth.login({ email, password: 'long enough password' });
  return { authorization: `Bearer ${pair.accessToken}` };
}

describe('rate limits (memory store)', () => {
  let srv: TestServer;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  beforeAll(async () => {
    srv = await startTestServer(undefined, { rateLimit: { limit: 3, windowSeconds: 3600 } });
    alice = await tokenFor(srv, 'alice');
    bob = await tokenFor(srv, 'bob');
  });
  afterAll(() => srv?.close());

  // Windows of an hour: a window boundary falling inside a test is too unlikely to matter.
  it('counts down RateLimit per user, then answers 429 rate_limited with Retry-After', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await call(srv.url, 'GET', '/api/trades', { headers: alice });
      expect(r.status).toBe(200);
      expect(r.headers.get('ratelimit-policy')).toBe('"default";q=3;w=3600');
      seen.push((r.headers.get('ratelimit') ?? '').replace(/;t=\d+$/, ''));
      expect(r.headers.get('ratelimit')).toMatch(/^"default";r=\d;t=\d+$/);
    }
    expect(seen).toEqual(['"default";r=2', '"default";r=1', '"default";r=0']);
    const limited = await call(srv.url, 'GET', '/api/trades', { headers: alice });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited', status: 429, title: 'Too Many Requests' });
    const retry = Number(limited.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(limited.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/);
  });

  it('another user has a budget of their own', async () => {
    const r = await call(srv.url, 'GET', '/api/trades', { headers: bob });
    expect(r.status).toBe(200);
    expect(r.headers.get('ratelimit')).toMatch(/^"default";r=2;/);
  });

  it('unauthenticated calls are counted per client address; the health probe is not limited', async () => {
    const health = await call(srv.url, 'GET', '/api/health');
    expect(health.headers.get('ratelimit')).toBeNull();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(srv.url, 'GET', '/api/openapi.json')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const badToken = await call(srv.url, 'GET', '/api/trades', { headers: { authorization: 'Bearer nope' } });
    expect(badToken.status).toBe(429);
  });
});

describe('fixed-window stores', () => {
  it('the memory store counts per key and starts again in the next window', () => {
    const store = memoryRateLimitStore();
    expect(store.hit('a', 60_000, 120_000)).toEqual({ count: 1, resetAt: 180_000 });
    expect(store.hit('a', 60_000, 150_000)).toEqual({ count: 2, resetAt: 180_000 });
    expect(store.hit('b', 60_000, 150_000)).toEqual({ count: 1, resetAt: 180_000 });
    expect(store.hit('a', 60_000, 180_000)).toEqual({ count: 1, resetAt: 240_000 });
  });
});

describe.each(DATABASES)('database rate-limit store on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    it('is shared by two server processes on one database', async () => {
      const first = await startTestServer(db, { rateLimit: { limit: 4, windowSeconds: 3600, store: 'database' } });
      const storage2 = await openStorage(first.databaseUrl);
      let second: TjServer | undefined;
      try {
        second = await createServer({
          databaseUrl: first.databaseUrl,
          storage: storage2,
          port: 0,
          host: '127.0.0.1',
          jwtSecret: first.jwtSecret,
          openRegistration: false,
          allowPrivateWebhooks: true,
          passwordCost: TEST_PASSWORD_COST,
          rateLimit: { limit: 4, windowSeconds: 3600, store: 'database' },
          logger: { log() {} },
        });
        const url2 = await second.listen();
        const auth = await tokenFor(first, 'shared');
        const statuses: number[] = [];
        for (const url of [first.url, url2, first.url, url2, first.url, url2]) {
          statuses.push((await call(url, 'GET', '/api/trades', { headers: auth })).status);
        }
        expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      } finally {
        await second?.close();
        await storage2.close();
        await first.close();
      }
    });

    it('counts per key and window in the shared counters', async () => {
      const opened = await db.open();
      try {
        const store = databaseRateLimitStore(opened.storage);
        expect(await store.hit('k', 60_000, 60_000)).toEqual({ count: 1, resetAt: 120_000 });
        expect(await store.hit('k', 60_000, 61_000)).toEqual({ count: 2, resetAt: 120_000 });
        expect(await store.hit('k', 60_000, 120_000)).toEqual({ count: 1, resetAt: 180_000 });
      } finally {
        await opened.cleanup();
      }
    });
  });
});

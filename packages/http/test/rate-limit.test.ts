import { randomBytes } from 'node:crypto';
import { databaseRateLimitStore, memoryRateLimitStore, parseRateLimits, resolveServerConfig } from '@tj/http';
import { rateInterval } from '@tj/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call } from './support/http.js';
import { useServerProcesses } from './support/processes.js';
import { startTestServer, type TestServer } from './support/server.js';

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
    const hourly = { limit: 3, windowSeconds: 3600 };
    srv = await startTestServer(undefined, { rateLimit: { user: hourly, ip: hourly } });
    alice = await tokenFor(srv, 'alice');
    bob = await tokenFor(srv, 'bob');
  });
  afterAll(() => srv?.close());

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
    // GCRA: one more request is allowed after one emission interval (an hour / 3 = 1200 s).
    const retry = Number(limited.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(1190);
    expect(retry).toBeLessThanOrEqual(1200);
    expect(limited.headers.get('ratelimit')).toBe(`"default";r=0;t=${retry}`);
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

describe('operators set or turn off each limit', () => {
  it('reads --rate-limit and TJ_RATE_LIMIT (the flag wins), with units and per-limit off', () => {
    expect(parseRateLimits('user=1200/1m, ip=100/30s,login=5/1h')).toEqual({
      user: { limit: 1200, windowSeconds: 60 },
      ip: { limit: 100, windowSeconds: 30 },
      login: { limit: 5, windowSeconds: 3600 },
    });
    expect(parseRateLimits('login=off')).toEqual({ login: false });
    expect(parseRateLimits('off')).toBe(false);
    expect(parseRateLimits('ip=10/60')).toEqual({ ip: { limit: 10, windowSeconds: 60 } });
    const env = { HOME: '/tmp', TJ_RATE_LIMIT: 'user=1/1s' };
    expect(resolveServerConfig({}, env).rateLimit).toEqual({ user: { limit: 1, windowSeconds: 1 } });
    expect(resolveServerConfig({ rateLimit: 'off' }, env).rateLimit).toBe(false);
    expect(resolveServerConfig({}, { HOME: '/tmp' }).rateLimit).toBeUndefined();
    expect(() => parseRateLimits('users=1/1m')).toThrow(/user=600\/1m/);
    expect(() => parseRateLimits('user=0/1m')).toThrow(/at least 1/);
  });

  it('with the user limit off, authenticated calls carry no RateLimit fields; the address limit still holds', async () => {
    const srv = await startTestServer(undefined, { rateLimit: { user: false, ip: { limit: 1, windowSeconds: 3600 } } });
    try {
      const auth = await tokenFor(srv, 'free');
      for (let i = 0; i < 3; i++) {
        const r = await call(srv.url, 'GET', '/api/trades', { headers: auth });
        expect(r.status).toBe(200);
        expect(r.headers.get('ratelimit')).toBeNull();
      }
      expect((await call(srv.url, 'GET', '/api/openapi.json')).status).toBe(200);
      expect((await call(srv.url, 'GET', '/api/openapi.json')).status).toBe(429);
    } finally {
      await srv.close();
    }
  });
});

describe('GCRA has no window boundary to exploit', () => {
  const spec = { limit: 4, windowMs: 60_000 };
  const interval = rateInterval(spec);

  it('a client that spent its budget just before a minute ends gets nothing more just after it', () => {
    const store = memoryRateLimitStore();
    const at = (ms: number) => store.hit('k', ms, interval, spec.windowMs);
    for (let i = 0; i < 4; i++) expect(at(59_900).allowed).toBe(true);
    // A fixed window would reset at 60,000 and allow four more: twice the limit within 200 ms.
    expect(at(60_100).allowed).toBe(false);
    expect(at(74_000).allowed).toBe(false);
    // One request per interval (15 s) comes back.
    expect(at(74_900).allowed).toBe(true);
    expect(at(74_950).allowed).toBe(false);
  });

  it('limits above one request per millisecond stay exact', () => {
    const store = memoryRateLimitStore();
    const big = { limit: 100_000, windowMs: 1_000 };
    let allowed = 0;
    for (let i = 0; i < 100_010; i++) if (store.hit('k', 5_000, rateInterval(big), big.windowMs).allowed) allowed++;
    expect(allowed).toBe(100_000);
  });
});

describe.each(DATABASES)('rate limits shared through the database on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    it('the database store takes one atomic step per hit, exactly as the memory store does', async () => {
      const opened = await db.open();
      try {
        const store = databaseRateLimitStore(opened.storage);
        const memory = memoryRateLimitStore();
        const interval = rateInterval({ limit: 4, windowMs: 60_000 });
        for (const now of [59_900, 59_900, 59_900, 59_900, 60_100, 74_900, 74_950, 200_000]) {
          expect(await store.hit('k', now, interval, 60_000)).toEqual(memory.hit('k', now, interval, 60_000));
        }
        const concurrent = await Promise.all(Array.from({ length: 20 }, () => store.hit('c', 1_000, interval, 60_000)));
        expect(concurrent.filter((h) => h.allowed)).toHaveLength(4);
      } finally {
        await opened.cleanup();
      }
    });

    it('a key far from its limit reserves hits: one write serves several requests, and stores never allow more than the limit', async () => {
      const opened = await db.open();
      try {
        const interval = rateInterval({ limit: 600, windowMs: 60_000 });
        const a = databaseRateLimitStore(opened.storage);
        const tat = () => opened.storage.repos.state.rateTat('rl:busy');
        expect((await a.hit('busy', 1_000, interval, 60_000)).allowed).toBe(true);
        expect(await tat()).toBe(1_000 + interval);
        // The second hit reserves 16 (the key has 599 hits of room): the stored state moves once for them all.
        expect((await a.hit('busy', 1_000, interval, 60_000)).allowed).toBe(true);
        expect(await tat()).toBe(1_000 + 17 * interval);
        for (let i = 0; i < 15; i++) expect((await a.hit('busy', 1_000, interval, 60_000)).allowed).toBe(true);
        expect(await tat()).toBe(1_000 + 17 * interval);
        expect((await a.hit('busy', 1_000, interval, 60_000)).allowed).toBe(true);
        expect(await tat()).toBe(1_000 + 33 * interval);

        // Forty requests at once on a fresh key: they wait for the write in flight and spend what it
        // reserved, so four writes serve them (1 hit, then 16, 16 and 16), not forty of one hit each.
        const burst = await Promise.all(Array.from({ length: 40 }, () => a.hit('burst', 1_000, interval, 60_000)));
        expect(burst.every((h) => h.allowed)).toBe(true);
        expect(await opened.storage.repos.state.rateTat('rl:burst')).toBe(1_000 + 49 * interval);

        // Two processes hammering one key at one instant: never more than the limit, and near it one hit per write.
        const b = databaseRateLimitStore(opened.storage);
        const c = databaseRateLimitStore(opened.storage);
        let allowed = 0;
        for (let i = 0; i < 1_500; i++) if ((await (i % 2 ? b : c).hit('shared', 5_000, interval, 60_000)).allowed) allowed++;
        expect(allowed).toBeLessThanOrEqual(600);
        expect(allowed).toBeGreaterThan(600 - 2 * 16);
        expect(await opened.storage.repos.state.rateTat('rl:shared')).toBeLessThanOrEqual(5_000 + 60_000);
      } finally {
        await opened.cleanup();
      }
    });
  });
});

describe.each(DATABASES.filter((d) => d.name === 'postgres'))('two server processes on one $name database', (db) => {
  describe.skipIf(!db.available)('', () => {
    const servers = useServerProcesses(db, { rateLimit: 'user=4/1h,ip=1000/1m,login=10/15m' });

    it('refuses the eleventh failed login of an account whichever process it reaches', async () => {
      const email = `locked-${randomBytes(4).toString('hex')}@example.com`;
      const password = 'correct horse battery staple';
      expect((await call(servers.a.url, 'POST', '/api/auth/register', { json: { email, name: 'Lee', password } })).status).toBe(
        201,
      );
      const wrong = { json: { email, password: 'not the password' } };
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++)
        statuses.push((await call(i % 2 ? servers.b.url : servers.a.url, 'POST', '/api/auth/login', wrong)).status);
      expect(statuses).toEqual(Array(10).fill(401));
      for (const srv of [servers.a, servers.b]) {
        const eleventh = await call(srv.url, 'POST', '/api/auth/login', wrong);
        expect(eleventh.status).toBe(429);
        expect(eleventh.body.code).toBe('rate_limited');
        expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
        // Locked means locked: the right password is refused too, on either process.
        expect((await call(srv.url, 'POST', '/api/auth/login', { json: { email, password } })).status).toBe(429);
      }
    });

    it('shares the per-user request limit between the processes', async () => {
      const email = `shared-${randomBytes(4).toString('hex')}@example.com`;
      const password = 'correct horse battery staple';
      await call(servers.a.url, 'POST', '/api/auth/register', { json: { email, name: 'Sam', password } });
      const login = await call(servers.b.url, 'POST', '/api/auth/login', { json: { email, password } });
      const auth = { authorization: `Bearer ${login.body.accessToken}` };
      const statuses: number[] = [];
      for (const url of [servers.a.url, servers.b.url, servers.a.url, servers.b.url, servers.a.url, servers.b.url]) {
        statuses.push((await call(url, 'GET', '/api/trades', { headers: auth })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    });
  });
});

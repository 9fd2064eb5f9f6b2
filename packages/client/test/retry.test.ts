import { describe, expect, it } from 'vitest';
import { createClient, type TjApiError } from '../src/index.js';
import { useServer } from './support/server.js';
import { startStub } from './support/stub.js';

/** A fetch that records each answer's status and Retry-After and when it arrived, and when each request left. */
function timedFetch() {
  const events: { kind: 'request' | 'response'; at: number; status?: number; retryAfter?: string | null }[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    events.push({ kind: 'request', at: performance.now() });
    const response = await globalThis.fetch(input, init);
    events.push({
      kind: 'response',
      at: performance.now(),
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
    });
    return response;
  };
  return { fetch: fetchFn, events };
}

describe('retries against the real server with a one-request-per-second rate limit', () => {
  const server = useServer(undefined, { rateLimit: { user: { limit: 1, windowSeconds: 1 }, ip: false, login: false } });

  it('a 429 with Retry-After: 1 is retried after about a second, and the call succeeds', async () => {
    const timed = timedFetch();
    const { client, userId } = await server().loggedIn({ fetch: timed.fetch });
    // Calls one after another until the server refuses one (two calls in the same one-second window).
    for (let i = 0; i < 5 && !timed.events.some((e) => e.status === 429); i++) expect((await client.auth.me()).id).toBe(userId);
    const refused = timed.events.findIndex((e) => e.status === 429);
    expect(refused).toBeGreaterThan(0);
    expect(timed.events[refused]?.retryAfter).toBe('1');
    const retry = timed.events[refused + 1];
    expect(retry?.kind).toBe('request');
    const waited = (retry?.at ?? 0) - (timed.events[refused]?.at ?? 0);
    expect(waited).toBeGreaterThanOrEqual(1000);
    expect(waited).toBeLessThan(2500);
    expect(timed.events[refused + 2]?.status).toBe(200);
  });

  it('a Retry-After longer than maxRetryAfterMs is not waited for: the 429 surfaces with its code and wait', async () => {
    const { client } = await server().loggedIn({ retry: { maxRetryAfterMs: 500 } });
    let error: TjApiError | undefined;
    for (let i = 0; i < 5 && !error; i++)
      error = await client.auth.me().then(
        () => undefined,
        (e: TjApiError) => e,
      );
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 1 });
  });
});

describe('transport edge cases (a loopback stub in front of the real server)', () => {
  const server = useServer();

  it('a 503 is retried (any method) and the retried request reaches the real server', async () => {
    const { client: logged } = await server().loggedIn();
    const stub = await startStub(server().url, [{ status: 503, headers: { 'retry-after': '0' }, body: { code: 'unavailable' } }]);
    try {
      const client = createClient({ baseUrl: stub.url, tokens: logged.getTokens()! });
      const trade = await client.trades.create({
        instrument: 'ES',
        direction: 'long',
        entryPrice: 1,
        positionSize: 1,
        entryTime: '2026-11-20T14:30:00Z',
      });
      expect((await logged.trades.get(trade.id)).id).toBe(trade.id);
      expect(stub.seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/trades', 'POST /api/trades']);
    } finally {
      await stub.close();
    }
  });

  it('a dropped connection is retried for GET but not for PATCH or a POST without an Idempotency-Key (it may have been processed)', async () => {
    const { client: logged } = await server().loggedIn();
    const stub = await startStub(server().url, ['drop', 'drop', 'drop']);
    try {
      const client = createClient({ baseUrl: stub.url, tokens: logged.getTokens()!, retry: { baseDelayMs: 10 } });
      const patch = await client.trades.update('01900000-0000-7000-8000-000000000000', { notes: 'x' }).catch((e: unknown) => e);
      expect(patch).toMatchObject({ status: 0, code: 'network_error', method: 'PATCH' });
      const post = await client.keys.create({ name: 'k', scopes: ['read'] }).catch((e: unknown) => e);
      expect(post).toMatchObject({ status: 0, code: 'network_error', method: 'POST' });
      expect(stub.seen).toHaveLength(2);
      expect((await client.keys.list()).keys).toEqual([]);
      expect(stub.seen.map((r) => r.method)).toEqual(['PATCH', 'POST', 'GET', 'GET']);
    } finally {
      await stub.close();
    }
  });

  it('a refused connection is status 0 network_error after the retries', async () => {
    const stub = await startStub(server().url, []);
    await stub.close();
    const client = createClient({ baseUrl: stub.url, retry: { retries: 1, baseDelayMs: 1 } });
    await expect(client.health()).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      method: 'GET',
      url: `${stub.url}/api/health`,
    });
  });

  it('a call that gets no answer fails with code timeout after timeoutMs; an aborted one with code aborted', async () => {
    const stub = await startStub(server().url, ['hang', 'hang']);
    try {
      const client = createClient({ baseUrl: stub.url });
      await expect(client.health({ timeoutMs: 200 })).rejects.toMatchObject({ status: 0, code: 'timeout' });
      const controller = new AbortController();
      const call = client.health({ signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      await expect(call).rejects.toMatchObject({ status: 0, code: 'aborted' });
    } finally {
      await stub.close();
    }
  });
});

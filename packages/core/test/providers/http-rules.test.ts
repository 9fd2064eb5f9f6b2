/**
 * The rules every HTTP provider follows (core/src/providers), against a local server: retries
 * and their waits, what is never retried, timeouts, the size bound, cancellation, and messages
 * that never carry a credential.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FetchLike, type ProviderHttpOptions, providerHttp } from '../../src/providers/http.js';
import { failure, recordingSleep } from './provider-failure.js';
import { closedPort, type ReplayServer, startReplayServer } from './replay-server.js';

let server: ReplayServer;
const waits: number[] = [];
const sleep = recordingSleep(waits);
const http = (options: Partial<ProviderHttpOptions> = {}) => providerHttp({ provider: 'test', sleep, ...options });

beforeEach(async () => {
  server = await startReplayServer('.');
  waits.length = 0;
});
afterEach(async () => {
  await server.close();
});

describe('retries and their waits', () => {
  it('waits the Retry-After seconds a 429 names', async () => {
    server.script({ status: 429, headers: { 'retry-after': '7' } }, { status: 200, body: 'ok' });
    const answer = await http().get(`${server.baseUrl}/x`);
    expect(answer).toMatchObject({ status: 200, text: 'ok', attempts: 2 });
    expect(waits).toEqual([7000]);
  });

  it('waits until the HTTP date a Retry-After names, read against the injected clock', async () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    server.script({ status: 503, headers: { 'retry-after': 'Sat, 28 Nov 2026 12:00:05 GMT' } }, { status: 200, body: 'ok' });
    await http({ now: () => now }).get(`${server.baseUrl}/x`);
    // 12:00:05 − 12:00:00 = 5 s.
    expect(waits).toEqual([5000]);
  });

  it('does not wait at all for a Retry-After date already past', async () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    server.script({ status: 429, headers: { 'retry-after': 'Sat, 28 Nov 2026 11:59:00 GMT' } }, { status: 200, body: 'ok' });
    await http({ now: () => now }).get(`${server.baseUrl}/x`);
    expect(waits).toEqual([0]);
  });

  it('gives up at once when the Retry-After is longer than the cap, saying how long', async () => {
    server.script({ status: 429, headers: { 'retry-after': '120' } }, { status: 200, body: 'never asked' });
    const error = await failure(http({ maxWaitMs: 60_000 }).get(`${server.baseUrl}/x`));
    expect(error.kind).toBe('rate-limited');
    expect(error.retryAfterMs).toBe(120_000);
    expect(error.attempts).toBe(1);
    expect(error.message).toBe(
      'test: the service is limiting requests (HTTP 429); it asks to wait 120 s, longer than the 60 s we wait',
    );
    expect(server.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('backs off 1 s, 2 s, 4 s without a Retry-After, and gives up after the retries (1 + 3 requests)', async () => {
    for (let i = 0; i < 4; i++) server.script({ status: 502, body: 'Bad Gateway' });
    const error = await failure(http({ retries: 3 }).get(`${server.baseUrl}/x`));
    expect(error.kind).toBe('unavailable');
    expect(error.attempts).toBe(4);
    expect(error.message).toBe('test: the service is unavailable (HTTP 502): Bad Gateway (gave up after 4 attempts)');
    expect(server.requests).toHaveLength(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('caps a backoff at the longest wait', async () => {
    for (let i = 0; i < 3; i++) server.script({ status: 500 });
    await failure(http({ backoffMs: 40_000, maxWaitMs: 60_000 }).get(`${server.baseUrl}/x`));
    // 40 s, then min(80 s, 60 s).
    expect(waits).toEqual([40_000, 60_000]);
  });

  it('makes one request with retries: 0', async () => {
    server.script({ status: 503 });
    const error = await failure(http({ retries: 0 }).get(`${server.baseUrl}/x`));
    expect(error.attempts).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    [400, 'bad-request'],
    [401, 'auth'],
    [403, 'auth'],
    [404, 'not-found'],
    [422, 'bad-request'],
    [501, 'unavailable'],
  ])('never retries %i (%s)', async (status, kind) => {
    server.script({ status, body: 'no' }, { status: 200, body: 'never asked' });
    const error = await failure(http().get(`${server.baseUrl}/x`));
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(server.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('takes a non-2xx answer the provider accepts as an answer', async () => {
    server.script({ status: 404, body: 'No results found.' });
    const answer = await http().get(`${server.baseUrl}/x`, { accept: (status, text) => status === 404 && text.startsWith('No') });
    expect(answer).toMatchObject({ status: 404, text: 'No results found.', attempts: 1 });
  });
});

describe('no answer: refused connections and timeouts', () => {
  it('retries a refused connection, then says it could not reach the service', async () => {
    const port = await closedPort();
    const error = await failure(http({ retries: 2 }).get(`http://127.0.0.1:${port}/x?apikey=SECRET123`));
    expect(error.kind).toBe('unavailable');
    expect(error.attempts).toBe(3);
    expect(error.message).toBe('test: could not reach the service (ECONNREFUSED) (gave up after 3 attempts)');
    expect(waits).toEqual([1000, 2000]);
  });

  it('ends an attempt that takes longer than the timeout, and retries it', async () => {
    server.script({ status: 200, body: 'late', delayMs: 5_000 }, { status: 200, body: 'on time' });
    const answer = await http({ timeoutMs: 200 }).get(`${server.baseUrl}/x`);
    expect(answer).toMatchObject({ text: 'on time', attempts: 2 });
    expect(waits).toEqual([1000]);
  });

  it('gives up on timeouts as unavailable', async () => {
    server.script({ status: 200, body: 'late', delayMs: 5_000 }, { status: 200, body: 'late', delayMs: 5_000 });
    const error = await failure(http({ timeoutMs: 200, retries: 1 }).get(`${server.baseUrl}/x`));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('test: no answer within 1 s (gave up after 2 attempts)');
  });

  it("stops at once, with the caller's reason, when the caller aborts (never retried)", async () => {
    server.script({ status: 503 }, { status: 200, body: 'never asked' });
    const controller = new AbortController();
    const stopWhileWaiting = async () => {
      controller.abort(new Error('the user pressed Ctrl-C'));
      throw controller.signal.reason;
    };
    const error = await http({ sleep: stopWhileWaiting })
      .get(`${server.baseUrl}/x`, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toEqual(new Error('the user pressed Ctrl-C'));
    expect(server.requests).toHaveLength(1);
  });
});

describe('the request and the answer', () => {
  it('sends the User-Agent and the headers given, through the injected fetch', async () => {
    server.script({ status: 200, body: 'ok' });
    const seen: string[] = [];
    const fetch: FetchLike = (input, init) => {
      seen.push(String(input));
      return globalThis.fetch(input, init);
    };
    await http({ fetch, userAgent: 'probe/1' }).get(`${server.baseUrl}/x?a=1`, { headers: { accept: 'text/csv' } });
    expect(seen).toEqual([`${server.baseUrl}/x?a=1`]);
    expect(server.requests[0]?.headers['user-agent']).toBe('probe/1');
    expect(server.requests[0]?.headers.accept).toBe('text/csv');
  });

  it.each([false, true])('refuses an answer over the size bound as malformed (chunked: %s), not retried', async (chunked) => {
    server.script({ status: 200, body: 'x'.repeat(5_000), chunked });
    const error = await failure(http({ maxBytes: 4_096 }).get(`${server.baseUrl}/x`));
    expect(error.kind).toBe('malformed');
    expect(error.message).toBe('test: the answer is larger than 4 KiB');
    expect(server.requests).toHaveLength(1);
  });

  it('reads an answer of exactly the bound', async () => {
    server.script({ status: 200, body: 'é'.repeat(2_048), chunked: true });
    // 'é' is 2 bytes in UTF-8: 2,048 × 2 = 4,096 bytes, the bound itself.
    const answer = await http({ maxBytes: 4_096 }).get(`${server.baseUrl}/x`);
    expect(answer.text).toHaveLength(2_048);
  });

  it('never puts a URL, a query or a credential the answer echoes into the message', async () => {
    const echo = 'invalid apikey=SECRET123 for https://api.example.com/v2/x?apikey=SECRET123&token=SECRET456';
    server.script({ status: 400, body: JSON.stringify({ message: echo }) });
    const error = await failure(http().get(`${server.baseUrl}/x?apikey=SECRET123&token=SECRET456`));
    expect(error.message).toBe('test: the service refused the request (HTTP 400): invalid apikey=… for …');
    expect(JSON.stringify({ ...error, message: error.message })).not.toMatch(/SECRET|example\.com|127\.0\.0\.1/);
  });
});

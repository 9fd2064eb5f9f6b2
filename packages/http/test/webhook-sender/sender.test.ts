import type { LookupAddress } from 'node:dns';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type ClosableWebhookSender,
  createWebhookSender,
  guardedLookup,
  PRIVATE_TARGET,
  type Resolver,
  systemResolver,
} from '@tj/http';
import { afterEach, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../../../../test/webhooks/support/receiver.js';

const BODY = JSON.stringify({ id: 'e1', event: 'trade.created', timestamp: '2026-11-20T12:00:00.000Z', data: {} });
const HEADERS = { 'content-type': 'application/json', 'x-webhook-event': 'trade.created' };

/** A resolver from a fixed table (unknown names fail like a real miss); counts its calls. */
function tableResolver(table: Record<string, string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = ((hostname: string, callback: (err: NodeJS.ErrnoException | null, a: LookupAddress[]) => void) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  }) as Resolver & { calls: string[] };
  resolve.calls = calls;
  return resolve;
}

describe('webhook sender', () => {
  let receiver: Receiver | undefined;
  const senders: ClosableWebhookSender[] = [];
  const sender = (options: Parameters<typeof createWebhookSender>[0]) => {
    const s = createWebhookSender(options);
    senders.push(s);
    return s;
  };
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((s) => s.close()));
    await receiver?.close();
    receiver = undefined;
  });
  const post = (s: ClosableWebhookSender, url: string, timeoutMs = 5000) =>
    s.send({ url, headers: HEADERS, body: BODY, timeoutMs });

  it('posts the exact body and headers and answers the status', async () => {
    receiver = await startReceiver(() => ({ status: 202, body: 'queued' }));
    const result = await post(sender({ allowPrivateTargets: true }), `${receiver.url}/in?x=1`);
    expect(result).toEqual({
      statusCode: 202,
      retryAfter: null,
      durationMs: expect.any(Number),
      error: null,
      responseBody: Buffer.from('queued'),
    });
    expect(receiver.received).toMatchObject([{ method: 'POST', path: '/in?x=1', body: BODY, headers: HEADERS }]);
  });

  it('keeps the first 1 KiB of a long answer for the log and still answers its status', async () => {
    const long = `${'é'.repeat(511)}x${'y'.repeat(1_000_000)}`;
    receiver = await startReceiver(() => ({ status: 500, body: long }));
    const result = await post(sender({ allowPrivateTargets: true }), `${receiver.url}/in`);
    expect(result.statusCode).toBe(500);
    expect(Buffer.from(result.responseBody as Uint8Array)).toEqual(Buffer.from(long).subarray(0, 1024));
  });

  it('refuses localhost and loopback literals, in every spelling, without connecting', async () => {
    receiver = await startReceiver();
    const port = new URL(receiver.url).port;
    const s = sender({ allowPrivateTargets: false });
    for (const host of [
      'localhost',
      '127.0.0.1',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[::1]',
      '2130706433',
      '0x7f.1',
      'api.localhost',
    ]) {
      const result = await post(s, `http://${host}:${port}/in`);
      expect(result.statusCode).toBeNull();
      expect(result.error).toMatch(/^refused: .* private, loopback, link-local or reserved address$/);
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses a name that resolves to a private address, checking every address it resolves to', async () => {
    receiver = await startReceiver();
    const port = new URL(receiver.url).port;
    const resolve = tableResolver({
      'rebind.test': ['127.0.0.1'],
      'mixed.test': ['8.8.8.8', '10.0.0.5'],
      'meta.test': ['169.254.169.254'],
    });
    const s = sender({ allowPrivateTargets: false, resolve });
    expect(await post(s, `http://rebind.test:${port}/in`)).toMatchObject({
      statusCode: null,
      error: 'refused: rebind.test resolves to 127.0.0.1, which is a private, loopback, link-local or reserved address',
    });
    expect((await post(s, `http://mixed.test:${port}/in`)).error).toMatch(/^refused: mixed\.test resolves to 10\.0\.0\.5/);
    expect((await post(s, `https://meta.test:${port}/in`)).error).toMatch(/^refused: meta\.test resolves to 169\.254\.169\.254/);
    expect(resolve.calls).toEqual(['rebind.test', 'mixed.test', 'meta.test']);
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses localhost as the system resolver answers it, too (not only by its name)', async () => {
    const lookup = guardedLookup(systemResolver, false);
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      lookup('localhost', { all: true }, (err) => resolve(err)),
    );
    expect(error?.code).toBe(PRIVATE_TARGET);
    expect(error?.message).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1), which is a private/);
  });

  it('connects to the address it resolved and checked (one lookup), keeping the name in Host', async () => {
    receiver = await startReceiver();
    const port = new URL(receiver.url).port;
    let answers = 0;
    const resolve: Resolver = (_hostname, callback) => {
      answers++;
      // A rebinding server would answer differently the second time; there must be no second time.
      callback(null, [{ address: answers === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }]);
    };
    const result = await post(sender({ allowPrivateTargets: true, resolve }), `http://hooks.test:${port}/in`);
    expect(result).toMatchObject({ statusCode: 200, error: null });
    expect(answers).toBe(1);
    expect(receiver.received[0]?.headers.host).toBe(`hooks.test:${port}`);
  });

  it('times out a receiver that never answers', async () => {
    receiver = await startReceiver(() => 'hang');
    const result = await post(sender({ allowPrivateTargets: true }), `${receiver.url}/slow`, 200);
    expect(result).toMatchObject({ statusCode: null, retryAfter: null, error: 'timed out after 200 ms' });
    expect(result.durationMs).toBeGreaterThanOrEqual(190);
    expect(receiver.received).toHaveLength(1);
  });

  it('ends an answer whose body trickles past the time limit: the status counts, the bytes that came are kept', async () => {
    const drip = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('x'), 40);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => drip.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = drip.address() as AddressInfo;
      const s = sender({ allowPrivateTargets: true });
      // Each chunk comes well within the per-chunk body timeout; only the deadline of the whole attempt ends it.
      const [slow, quick] = await Promise.all([
        post(s, `http://127.0.0.1:${port}/in`, 300),
        post(s, `http://127.0.0.1:${port}/in`, 600),
      ]);
      expect(slow).toMatchObject({ statusCode: 200, error: null });
      expect(slow.durationMs).toBeGreaterThanOrEqual(290);
      expect(slow.durationMs).toBeLessThan(600);
      expect(slow.responseBody?.toString()).toMatch(/^x+$/);
      expect(quick.durationMs).toBeGreaterThanOrEqual(590);
    } finally {
      drip.closeAllConnections();
      await new Promise((resolve) => drip.close(resolve));
    }
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    receiver = await startReceiver((r) =>
      r.path === '/in' ? { status: 307, headers: { location: '/moved' } } : { status: 200 },
    );
    const result = await post(sender({ allowPrivateTargets: true }), `${receiver.url}/in`);
    expect(result).toMatchObject({ statusCode: 307, error: null });
    expect(receiver.received.map((r) => r.path)).toEqual(['/in']);
  });

  it('passes Retry-After on, and drops a large answer body unread', async () => {
    receiver = await startReceiver((_r, i) =>
      i === 0 ? { status: 503, headers: { 'retry-after': '120' } } : { status: 200, body: 'x'.repeat(5 * 1024 * 1024) },
    );
    const s = sender({ allowPrivateTargets: true });
    expect(await post(s, `${receiver.url}/in`)).toMatchObject({ statusCode: 503, retryAfter: '120', error: null });
    expect(await post(s, `${receiver.url}/in`)).toMatchObject({ statusCode: 200, retryAfter: null, error: null });
  });

  it('reports a refused connection and an unknown host without a status', async () => {
    receiver = await startReceiver();
    const url = receiver.url;
    await receiver.close();
    receiver = undefined;
    const s = sender({ allowPrivateTargets: true, resolve: tableResolver({}) });
    expect(await post(s, `${url}/in`)).toMatchObject({ statusCode: null, error: 'connection refused' });
    expect(await post(s, 'http://nowhere.test/in')).toMatchObject({ statusCode: null, error: 'host not found' });
  });
});

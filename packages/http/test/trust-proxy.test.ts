import { resolveServerConfig } from '@tj/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';

const oncePerHour = { limit: 1, windowSeconds: 3600 };

/** The client address the access log recorded for the request with `requestId`. */
function loggedIp(srv: TestServer, requestId: string | null): unknown {
  return srv.logs.find((l) => l.msg === 'request' && l.requestId === requestId)?.ip;
}

async function health(srv: TestServer, xff?: string) {
  const r = await call(srv.url, 'GET', '/api/openapi.json', { headers: xff ? { 'x-forwarded-for': xff } : {} });
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { status: r.status, ip: loggedIp(srv, r.headers.get('x-request-id')) };
}

describe('--trust-proxy decides when X-Forwarded-For is believed', () => {
  let direct: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    const rateLimit = { ip: oncePerHour, user: false as const };
    direct = await startTestServer(undefined, { rateLimit });
    // Tests reach the server from 127.0.0.1: here that address plays the trusted reverse proxy.
    proxied = await startTestServer(undefined, { rateLimit, trustProxy: ['loopback'] });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it('without trusted proxies, a client cannot spoof its address: the socket’s address is used and limited', async () => {
    const first = await health(direct, '203.0.113.7');
    expect(first).toEqual({ status: 200, ip: '127.0.0.1' });
    // Another forged address does not buy a new budget.
    expect(await health(direct, '198.51.100.1')).toEqual({ status: 429, ip: '127.0.0.1' });
  });

  it('behind a trusted proxy, the address it forwards is the client, for the log and the limit', async () => {
    expect(await health(proxied, '203.0.113.7')).toEqual({ status: 200, ip: '203.0.113.7' });
    expect(await health(proxied, '203.0.113.7')).toEqual({ status: 429, ip: '203.0.113.7' });
    expect(await health(proxied, '198.51.100.1')).toEqual({ status: 200, ip: '198.51.100.1' });
  });

  it('a client behind the proxy cannot put an address of its choosing in front of the one the proxy appended', async () => {
    // The client sent "X-Forwarded-For: 192.0.2.99"; the proxy appended the real address.
    expect(await health(proxied, '192.0.2.99, 192.0.2.50')).toEqual({ status: 200, ip: '192.0.2.50' });
    expect(await health(proxied, '192.0.2.98, 192.0.2.50')).toEqual({ status: 429, ip: '192.0.2.50' });
  });

  it('reads --trust-proxy and TJ_TRUST_PROXY (CIDRs, addresses, keywords) and refuses anything else', () => {
    const env = { HOME: '/tmp', TJ_TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' };
    expect(resolveServerConfig({}, env).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7']);
    expect(resolveServerConfig({ trustProxy: 'loopback,fd00::/8' }, env).trustProxy).toEqual(['loopback', 'fd00::/8']);
    expect(resolveServerConfig({}, { HOME: '/tmp' }).trustProxy).toBeUndefined();
    expect(() => resolveServerConfig({ trustProxy: 'everyone' }, env)).toThrow(/--trust-proxy/);
    expect(() => resolveServerConfig({ trustProxy: '10.0.0.0/99' }, env)).toThrow(/--trust-proxy/);
  });
});

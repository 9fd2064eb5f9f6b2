import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { startTestServer, type TestServer } from './support/server.js';

const sqlite = DATABASES[0]!;
const APP = 'https://app.example.com';

function preflight(url: string, origin: string, headers = 'authorization, content-type') {
  return fetch(`${url}/api/trades`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
  });
}

function corsHeaders(r: Response): string[] {
  const names: string[] = [];
  r.headers.forEach((_, name) => {
    if (name.startsWith('access-control-')) names.push(name);
  });
  return names;
}

describe('CORS', () => {
  let on: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    on = await startTestServer(sqlite, { corsOrigins: [APP] });
    off = await startTestServer(sqlite);
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
  });

  it('answers a preflight from an allowed origin, varying by origin and the requested method and headers', async () => {
    const pre = await preflight(on.url, APP);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(APP);
    expect(pre.headers.get('access-control-allow-methods')).toBe('GET,HEAD,POST,PUT,PATCH,DELETE');
    expect(pre.headers.get('access-control-allow-headers')).toBe('authorization,content-type,idempotency-key,x-request-id');
    expect(pre.headers.get('access-control-max-age')).toBe('600');
    const vary = (pre.headers.get('vary') ?? '').toLowerCase().split(/,\s*/);
    expect(vary).toEqual(expect.arrayContaining(['origin', 'access-control-request-method', 'access-control-request-headers']));
  });

  it('gives an allowed origin its answer with the headers apps read exposed, and Vary: Origin', async () => {
    const get = await fetch(`${on.url}/api/health`, { headers: { origin: APP } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBe(APP);
    expect(get.headers.get('access-control-expose-headers')).toContain('ratelimit');
    expect(get.headers.get('access-control-expose-headers')).toContain('idempotent-replayed');
    expect(get.headers.get('vary')).toMatch(/origin/i);
  });

  it('refuses a preflight from an origin that is not listed with a clean 403 problem and no CORS headers', async () => {
    const pre = await preflight(on.url, 'https://evil.example');
    expect(pre.status).toBe(403);
    expect(pre.headers.get('content-type')).toBe('application/problem+json');
    expect(corsHeaders(pre)).toEqual([]);
    expect(await pre.json()).toMatchObject({
      code: 'forbidden',
      detail: 'CORS preflight refused: the origin https://evil.example is not allowed',
    });
    expect(pre.headers.get('vary')).toMatch(/origin/i);
  });

  it('gives a plain request from an origin that is not listed no CORS headers, but says the answer varies by origin', async () => {
    const other = await fetch(`${on.url}/api/health`, { headers: { origin: 'https://evil.example' } });
    expect(other.status).toBe(200);
    expect(corsHeaders(other)).toEqual([]);
    expect(other.headers.get('vary')).toMatch(/origin/i);
  });

  it('with CORS off, refuses every preflight the same clean way (never the router’s 405)', async () => {
    const pre = await preflight(off.url, APP);
    expect(pre.status).toBe(403);
    expect(corsHeaders(pre)).toEqual([]);
    expect((await pre.json()).detail).toBe('CORS preflight refused: this server allows no cross-origin calls');
    const get = await fetch(`${off.url}/api/health`, { headers: { origin: APP } });
    expect(corsHeaders(get)).toEqual([]);
  });

  it('answers a plain OPTIONS (not a preflight) as a method the path does not allow', async () => {
    const r = await fetch(`${on.url}/api/trades`, { method: 'OPTIONS' });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('allows any origin with *', async () => {
    const any = await startTestServer(sqlite, { corsOrigins: ['*'] });
    try {
      const pre = await preflight(any.url, 'https://anything.example');
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    } finally {
      await any.close();
    }
  });
});

describe('CORS configuration', () => {
  it('reads origins from the flag before the variable and refuses an origin with a path', async () => {
    const { resolveServerConfig } = await import('@tj/http');
    const env = { TJ_CORS_ORIGINS: 'https://a.example, http://localhost:5173', HOME: '/tmp' };
    expect(resolveServerConfig({}, env).corsOrigins).toEqual(['https://a.example', 'http://localhost:5173']);
    expect(resolveServerConfig({ corsOrigins: '*' }, env).corsOrigins).toEqual(['*']);
    expect(resolveServerConfig({}, { HOME: '/tmp' }).corsOrigins).toBeUndefined();
    expect(() => resolveServerConfig({ corsOrigins: 'https://a.example/app' }, env)).toThrow(/CORS origin/);
  });
});

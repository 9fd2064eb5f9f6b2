import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { startTestServer } from './support/server.js';

const sqlite = DATABASES[0]!;

describe('CORS', () => {
  it('answers a preflight from an allowed origin and exposes the headers apps read', async () => {
    const s = await startTestServer(sqlite, { corsOrigins: ['https://app.example.com'] });
    try {
      const pre = await fetch(`${s.url}/api/trades`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.example.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      expect(pre.headers.get('access-control-allow-methods')).toBe('GET, POST, PATCH, DELETE');
      expect(pre.headers.get('access-control-allow-headers')).toContain('authorization');
      expect(pre.headers.get('vary')).toBe('origin');
      const get = await fetch(`${s.url}/api/health`, { headers: { origin: 'https://app.example.com' } });
      expect(get.status).toBe(200);
      expect(get.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      expect(get.headers.get('access-control-expose-headers')).toContain('ratelimit');
    } finally {
      await s.close();
    }
  });

  it('gives no CORS headers to an origin that is not listed, nor when CORS is off', async () => {
    const on = await startTestServer(sqlite, { corsOrigins: ['https://app.example.com'] });
    const off = await startTestServer(sqlite);
    try {
      const other = await fetch(`${on.url}/api/health`, { headers: { origin: 'https://evil.example' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const pre = await fetch(`${off.url}/api/trades`, {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET' },
      });
      expect(pre.status).toBe(405);
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await on.close();
      await off.close();
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

import { apiRoutes } from '@tj/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/http.js';
import { signUp, startTestServer, type TestServer, type TestUser } from './support/server.js';

const ID = '01900000-0000-7000-8000-000000000000';
const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT'];

/** Every route pattern of the API and the methods it answers (HEAD with GET). */
function resources(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of apiRoutes(() => ({}))) {
    const methods = out.get(r.path) ?? [];
    methods.push(r.method);
    if (r.method === 'GET') methods.push('HEAD');
    out.set(r.path, methods);
  }
  return out;
}

/** A concrete path of a pattern: every `:param` becomes a UUID. */
const concrete = (pattern: string) => pattern.replace(/:\w+/g, ID);

describe('routing', () => {
  let srv: TestServer;
  let u: TestUser;
  beforeAll(async () => {
    srv = await startTestServer();
    u = await signUp(srv.url, 'router');
  });
  afterAll(() => srv?.close());

  it('PUT and PATCH on /api/trades/statistics are 405 with the Allow of that path, never the trade update', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      const r = await call(srv.url, method, '/api/trades/statistics', { headers: u.auth, json: { exitPrice: 1 } });
      expect(r.status, method).toBe(405);
      expect(r.body.code).toBe('method_not_allowed');
      expect(r.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  it('every path answers its own methods, and 405 with exactly its own Allow for any other: fixed paths never fall through to {id}', async () => {
    const all = resources();
    for (const [pattern, methods] of all) {
      const path = concrete(pattern);
      const expectedAllow = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => methods.includes(m)).join(', ');
      for (const method of METHODS) {
        const r = await call(srv.url, method, path);
        if (methods.includes(method)) {
          expect([404, 405], `${method} ${pattern} should reach its route`).not.toContain(r.status);
        } else {
          expect(r.status, `${method} ${pattern}`).toBe(405);
          expect(r.headers.get('allow'), `${method} ${pattern}`).toBe(expectedAllow);
        }
      }
    }
  });

  it('a fixed segment under another method of a sibling {id} path is that fixed path, not an id', async () => {
    // /api/webhooks/{id}/test exists; GET on it is 405 with POST, not a webhook lookup.
    const r = await call(srv.url, 'GET', `/api/webhooks/${ID}/test`, { headers: u.auth });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST');
    // /api/auth/login/otp and /api/auth/totp/confirm are only POST.
    expect((await call(srv.url, 'GET', '/api/auth/totp/confirm')).headers.get('allow')).toBe('POST');
  });

  it('POST /api/auth/register answers 201 with the Location the OpenAPI document promises', async () => {
    const r = await call(srv.url, 'POST', '/api/auth/register', {
      json: { email: 'located@example.com', name: 'Lo', password: 'long enough password' },
    });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBe('/api/auth/me');
    const doc = (await call(srv.url, 'GET', '/api/openapi.json')).body;
    expect(doc.paths['/api/auth/register'].post.responses['201'].headers.Location).toBeDefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call } from './support/http.js';
import { signUp, startTestServer, type TestServer } from './support/server.js';

describe.each(DATABASES)('auth endpoints on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startTestServer(db, {
        rateLimit: { user: false, ip: false, login: { limit: 3, windowSeconds: 900 } },
        userCheckTtlMs: 0,
      });
    });
    afterAll(() => srv?.close());

    it('registers (201) and logs in with a token pair of the spec shape', async () => {
      const reg = await call(srv.url, 'POST', '/api/auth/register', {
        json: { email: 'Reg@Example.com', name: 'Reg', password: 'long enough password' },
      });
      expect(reg.status).toBe(201);
      expect(reg.body).toMatchObject({ email: 'Reg@Example.com', name: 'Reg' });
      expect(reg.body.passwordHash).toBeUndefined();
      const login = await call(srv.url, 'POST', '/api/auth/login', {
        json: { email: 'reg@example.com', password: 'long enough password' },
      });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({
        expiresIn: 3600,
        tokenType: 'Bearer',
        user: { id: reg.body.id, email: 'Reg@Example.com' },
      });
      expect(login.body.accessToken.split('.')).toHaveLength(3);
      expect(login.body.refreshToken).toMatch(/^tjr_/);
    });

    it('answers 409 conflict for a second account with the same email in another case', async () => {
      const u = await signUp(srv.url, 'dup');
      const again = await call(srv.url, 'POST', '/api/auth/register', {
        json: { email: u.email.toUpperCase(), name: 'x', password: 'long enough password' },
      });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('conflict');
    });

    it('answers 400 validation_failed with field errors for a bad registration', async () => {
      const r = await call(srv.url, 'POST', '/api/auth/register', {
        json: { email: 'not-an-email', name: '', password: 'short' },
      });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('validation_failed');
      expect(r.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['email', 'name', 'password']);
    });

    it('answers the same 401 invalid_credentials for a wrong password and an unknown email', async () => {
      const u = await signUp(srv.url, 'creds');
      const wrong = await call(srv.url, 'POST', '/api/auth/login', { json: { email: u.email, password: 'wrong password!' } });
      const unknown = await call(srv.url, 'POST', '/api/auth/login', {
        json: { email: 'nobody@example.com', password: 'wrong password!' },
      });
      for (const r of [wrong, unknown]) {
        expect(r.status).toBe(401);
        expect(r.headers.get('content-type')).toBe('application/problem+json');
        expect(r.headers.get('www-authenticate')).toBe('Bearer realm="trading-journal"');
        expect(r.body).toMatchObject({ type: 'about:blank', title: 'Unauthorized', status: 401, code: 'invalid_credentials' });
      }
      expect(wrong.body.detail).toBe(unknown.body.detail);
    });

    it('login and refresh with a missing or mistyped field are 400 validation_failed', async () => {
      const login = await call(srv.url, 'POST', '/api/auth/login', { json: { email: 'a@example.com' } });
      expect(login.status).toBe(400);
      expect(login.body.errors).toEqual([expect.objectContaining({ path: 'password' })]);
      const refresh = await call(srv.url, 'POST', '/api/auth/refresh', { json: { refreshToken: 42 } });
      expect(refresh.status).toBe(400);
      expect(refresh.body.code).toBe('validation_failed');
    });

    it('throttles an account after repeated failed logins: 429 rate_limited with Retry-After', async () => {
      const u = await signUp(srv.url, 'throttle');
      for (let i = 0; i < 3; i++) {
        expect(
          (await call(srv.url, 'POST', '/api/auth/login', { json: { email: u.email, password: 'wrong password!' } })).status,
        ).toBe(401);
      }
      const r = await call(srv.url, 'POST', '/api/auth/login', { json: { email: u.email, password: u.password } });
      expect(r.status).toBe(429);
      expect(r.body.code).toBe('rate_limited');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      const other = await signUp(srv.url, 'unthrottled');
      expect(other.tokens.accessToken).toBeTruthy();
    });

    it('GET /api/auth/me returns the token user', async () => {
      const u = await signUp(srv.url, 'me');
      const r = await call(srv.url, 'GET', '/api/auth/me', { headers: u.auth });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ id: u.id, email: u.email, name: 'me' });
    });

    it('refresh rotates: a new pair, and the old refresh token no longer works', async () => {
      const u = await signUp(srv.url, 'rotate');
      const r1 = await call(srv.url, 'POST', '/api/auth/refresh', { json: { refreshToken: u.tokens.refreshToken } });
      expect(r1.status).toBe(200);
      expect(r1.body).toMatchObject({ expiresIn: 3600, tokenType: 'Bearer', user: { id: u.id } });
      expect(r1.body.refreshToken).not.toBe(u.tokens.refreshToken);
      const me = await call(srv.url, 'GET', '/api/auth/me', { headers: { authorization: `Bearer ${r1.body.accessToken}` } });
      expect(me.status).toBe(200);
      const reuse = await call(srv.url, 'POST', '/api/auth/refresh', { json: { refreshToken: u.tokens.refreshToken } });
      expect(reuse.status).toBe(401);
      expect(reuse.body.code).toBe('invalid_refresh_token');
      expect(reuse.headers.get('www-authenticate')).toContain('Bearer');
    });

    it('reusing a rotated refresh token revokes the whole chain, including the newest token', async () => {
      const u = await signUp(srv.url, 'chain');
      const r1 = await call(srv.url, 'POST', '/api/auth/refresh', { json: { refreshToken: u.tokens.refreshToken } });
      const r2 = await call(srv.url, 'POST', '/api/auth/refresh', { json: { refreshToken: r1.body.refreshToken } });
      expect(r2.status).toBe(200);
      expect((await call(srv.url, 'POST', '/api/auth/refresh', { json: { refreshToken: r1.body.refreshToken } })).status).toBe(
        401,
      );
      const newest = await call(srv.url, 'POST', '/api/auth/refresh', { json: { refreshToken: r2.body.refreshToken } });
      expect(newest.status).toBe(401);
      expect(newest.body.code).toBe('invalid_refresh_token');
    });

    it('a second login is a separate chain that survives the first chain being revoked', async () => {
      const u = await signUp(srv.url, 'twochains');
      const second = await call(srv.url, 'POST', '/api/auth/login', { json: { email: u.email, password: u.password } });
      await call(srv.url, 'POST', '/api/auth/logout', { json: { refreshToken: u.tokens.refreshToken } });
      const r = await call(srv.url, 'POST', '/api/auth/refresh', { json: { refreshToken: second.body.refreshToken } });
      expect(r.status).toBe(200);
    });

    it('logout answers 204 and revokes the refresh token', async () => {
      const u = await signUp(srv.url, 'logout');
      const out = await call(srv.url, 'POST', '/api/auth/logout', { json: { refreshToken: u.tokens.refreshToken } });
      expect(out.status).toBe(204);
      expect(out.text).toBe('');
      const r = await call(srv.url, 'POST', '/api/auth/refresh', { json: { refreshToken: u.tokens.refreshToken } });
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('invalid_refresh_token');
    });

    it('logout with a missing refresh token is 400', async () => {
      const r = await call(srv.url, 'POST', '/api/auth/logout', { json: {} });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([expect.objectContaining({ path: 'refreshToken' })]);
    });

    it('a disabled account gets 403 forbidden on login, refresh and with its access token', async () => {
      const u = await signUp(srv.url, 'disabled');
      await srv.app.core.auth.setDisabled(u.id, true);
      const api = await call(srv.url, 'GET', '/api/trades', { headers: u.auth });
      expect(api.status).toBe(403);
      expect(api.body.code).toBe('forbidden');
      const login = await call(srv.url, 'POST', '/api/auth/login', { json: { email: u.email, password: u.password } });
      expect(login.status).toBe(403);
      const refresh = await call(srv.url, 'POST', '/api/auth/refresh', { json: { refreshToken: u.tokens.refreshToken } });
      expect(refresh.status).toBe(403);
    });
  });
});

describe('registration on a server that does not open it', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(undefined, { openRegistration: false });
  });
  afterAll(() => srv?.close());

  it('answers 403 registration_closed', async () => {
    const r = await call(srv.url, 'POST', '/api/auth/register', {
      json: { email: 'a@example.com', name: 'A', password: 'long enough password' },
    });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ status: 403, code: 'registration_closed' });
  });
});

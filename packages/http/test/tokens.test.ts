import { createSecretKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/http.js';
import { signUp, startTestServer, type TestServer, type TestUser, testServerConfig } from './support/server.js';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('access tokens', () => {
  let srv: TestServer;
  let user: TestUser;
  const now = () => Math.floor(Date.now() / 1000);
  const sign = (claims: Record<string, unknown>, secret = srv.jwtSecret, alg = 'HS256') =>
    new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(createSecretKey(Buffer.from(secret)));
  const me = (token: string) => call(srv.url, 'GET', '/api/auth/me', { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    srv = await startTestServer();
    user = await signUp(srv.url, 'tok');
  });
  afterAll(() => srv?.close());

  it('accepts a well-formed token signed with the server key', async () => {
    const token = await sign({ sub: user.id, typ: 'access', iat: now(), exp: now() + 60, jti: 'x' });
    expect((await me(token)).status).toBe(200);
  });

  it('without a token: 401 unauthorized, WWW-Authenticate: Bearer without an error', async () => {
    const r = await call(srv.url, 'GET', '/api/trades');
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('unauthorized');
    expect(r.headers.get('www-authenticate')).toBe('Bearer realm="trading-journal"');
  });

  it('another scheme (Basic) counts as no token', async () => {
    const r = await call(srv.url, 'GET', '/api/trades', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe('Bearer realm="trading-journal"');
  });

  it('an expired token: 401 token_expired with error="invalid_token"', async () => {
    const token = await sign({ sub: user.id, typ: 'access', iat: now() - 7200, exp: now() - 3600 });
    const r = await me(token);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('token_expired');
    expect(r.headers.get('www-authenticate')).toBe('Bearer realm="trading-journal", error="invalid_token"');
  });

  it('a token signed with another key: 401 unauthorized', async () => {
    const token = await sign(
      { sub: user.id, typ: 'access', iat: now(), exp: now() + 60 },
      'another secret that is long enough!!',
    );
    const r = await me(token);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('unauthorized');
    expect(r.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('a tampered payload (valid token, changed sub) is refused', async () => {
    const [h, , s] = user.tokens.accessToken.split('.');
    const forged = `${h}.${b64({ sub: '00000000-0000-7000-8000-000000000000', typ: 'access', iat: now(), exp: now() + 60 })}.${s}`;
    expect((await me(forged)).status).toBe(401);
  });

  it('alg "none" is refused', async () => {
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: user.id, typ: 'access', iat: now(), exp: now() + 60 })}.`;
    const r = await me(token);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('unauthorized');
  });

  it('another HMAC algorithm (HS512) with the right key is refused: the algorithm is pinned', async () => {
    const token = await sign({ sub: user.id, typ: 'access', iat: now(), exp: now() + 60 }, srv.jwtSecret, 'HS512');
    expect((await me(token)).status).toBe(401);
  });

  it('a token without the access type claim, or with another type, is refused', async () => {
    const untyped = await sign({ sub: user.id, iat: now(), exp: now() + 60 });
    const refreshTyped = await sign({ sub: user.id, typ: 'refresh', iat: now(), exp: now() + 60 });
    expect((await me(untyped)).status).toBe(401);
    expect((await me(refreshTyped)).status).toBe(401);
  });

  it('a token missing exp, iat or sub is refused', async () => {
    const noExp = await sign({ sub: user.id, typ: 'access', iat: now() });
    const noIat = await sign({ sub: user.id, typ: 'access', exp: now() + 60 });
    const noSub = await sign({ typ: 'access', iat: now(), exp: now() + 60 });
    for (const t of [noExp, noIat, noSub]) expect((await me(t)).status).toBe(401);
  });

  it('a token of a user that does not exist is 401', async () => {
    const token = await sign({ sub: '01900000-0000-7000-8000-000000000000', typ: 'access', iat: now(), exp: now() + 60 });
    const r = await me(token);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('unauthorized');
  });

  it('garbage is 401', async () => {
    expect((await me('not.a.jwt')).status).toBe(401);
    expect((await me('x')).status).toBe(401);
  });

  it('a refresh token used as an access token is 401', async () => {
    const r = await me(user.tokens.refreshToken);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('unauthorized');
  });

  it('an access token used as a refresh token is 401 invalid_refresh_token', async () => {
    const r = await call(srv.url, 'POST', '/api/auth/refresh', { json: { refreshToken: user.tokens.accessToken } });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('invalid_refresh_token');
  });

  it('access tokens issued by the server carry sub, iat, exp one hour later, a jti and typ access; the header pins HS256', async () => {
    const [h, p] = user.tokens.accessToken.split('.') as [string, string];
    const header = JSON.parse(Buffer.from(h, 'base64url').toString());
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ sub: user.id, typ: 'access' });
    expect(payload.exp - payload.iat).toBe(3600);
    expect(typeof payload.jti).toBe('string');
  });

  it('an access token keeps working after logout until it expires (logout revokes refresh tokens)', async () => {
    const u = await signUp(srv.url, 'afterlogout');
    await call(srv.url, 'POST', '/api/auth/logout', { json: { refreshToken: u.tokens.refreshToken } });
    expect((await call(srv.url, 'GET', '/api/auth/me', { headers: u.auth })).status).toBe(200);
    expect((await call(srv.url, 'POST', '/api/auth/refresh', { json: { refreshToken: u.tokens.refreshToken } })).status).toBe(
      401,
    );
  });
});

describe('the JWT key', () => {
  it('without TJ_JWT_SECRET, a key is generated once and kept: a restarted server accepts old tokens', async () => {
    const { DATABASES } = await import('../../../test/support/databases.js');
    const { createServer } = await import('@tj/http');
    const opened = await DATABASES[0]!.open();
    const config = testServerConfig(opened);
    try {
      const first = await createServer(config);
      const url1 = await first.listen();
      const u = await signUp(url1, 'keep');
      await first.close();
      const second = await createServer(config);
      const url2 = await second.listen();
      expect((await call(url2, 'GET', '/api/auth/me', { headers: u.auth })).status).toBe(200);
      await second.close();
      expect(await opened.storage.repos.state.getSetting('jwt_secret')).toMatch(/^[\w-]{43}$/);
    } finally {
      await opened.cleanup();
    }
  });

  it('a configured secret shorter than 32 characters is refused at start', async () => {
    const { createServer } = await import('@tj/http');
    await expect(
      createServer({
        databaseUrl: ':memory:',
        port: 0,
        host: '127.0.0.1',
        openRegistration: false,
        allowPrivateWebhooks: false,
        jwtSecret: 'short',
      }),
    ).rejects.toThrow(/at least 32/);
  });
});

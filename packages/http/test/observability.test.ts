import { jsonLogger } from '@tj/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tradeBody } from './support/http.js';
import { signUp, startTestServer, type TestServer } from './support/server.js';

describe('request ids and the access log', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(() => srv?.close());

  it('every response carries an X-Request-Id, errors repeat it in the problem body', async () => {
    const u = await signUp(srv.url, 'ids');
    const replies = [
      await call(srv.url, 'GET', '/api/health'),
      await call(srv.url, 'GET', '/api/trades', { headers: u.auth }),
      await call(srv.url, 'GET', '/api/trades'),
      await call(srv.url, 'GET', '/api/nope'),
      await call(srv.url, 'PUT', '/api/trades'),
      await call(srv.url, 'POST', '/api/trades', { headers: { ...u.auth, 'content-type': 'application/json' }, raw: '{' }),
    ];
    const ids = replies.map((r) => r.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of replies.slice(2)) expect(r.body.requestId).toBe(r.headers.get('x-request-id'));
  });

  it('a sane incoming X-Request-Id is kept; anything else is replaced', async () => {
    const kept = await call(srv.url, 'GET', '/api/health', { headers: { 'x-request-id': 'edge-42.abc:1' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-42.abc:1');
    const replaced = await call(srv.url, 'GET', '/api/health', { headers: { 'x-request-id': 'bad id {"x":1}' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes exactly one access-log line per request, with method, path, status, duration and user', async () => {
    const u = await signUp(srv.url, 'logged');
    const before = srv.logs.length;
    const r = await call(srv.url, 'GET', '/api/trades?limit=5', { headers: u.auth });
    await call(srv.url, 'GET', '/api/nope');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lines = srv.logs.slice(before);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: '/api/trades',
      route: '/api/trades',
      status: 200,
      userId: u.id,
      requestId: r.headers.get('x-request-id'),
      ip: '127.0.0.1',
    });
    expect(typeof lines[0]!.durationMs).toBe('number');
    expect(lines[1]).toMatchObject({ path: '/api/nope', status: 404 });
  });

  it('never logs a token, password or secret', async () => {
    const before = srv.logs.length;
    const u = await signUp(srv.url, 'secretive', 'my very secret password');
    const refreshed = await call(srv.url, 'POST', '/api/auth/refresh', { json: { refreshToken: u.tokens.refreshToken } });
    await call(srv.url, 'POST', '/api/auth/logout', { json: { refreshToken: refreshed.body.refreshToken } });
    await call(srv.url, 'POST', '/api/auth/login', { json: { email: u.email, password: 'wrong but secret pw' } });
    const hook = await call(srv.url, 'POST', '/api/webhooks', {
      headers: u.auth,
      json: { url: 'http://127.0.0.1:9/x', events: ['*'], secret: 'webhook secret of enough length' },
    });
    await call(srv.url, 'GET', '/api/trades', { headers: { authorization: 'Bearer invalid.token.value' } });
    await call(srv.url, 'POST', '/api/trades', { headers: u.auth, json: tradeBody() });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const text = JSON.stringify(srv.logs.slice(before));
    expect(srv.logs.length - before).toBeGreaterThanOrEqual(8);
    for (const secret of [
      'my very secret password',
      'wrong but secret pw',
      u.tokens.accessToken,
      u.tokens.refreshToken,
      refreshed.body.accessToken,
      refreshed.body.refreshToken,
      'webhook secret of enough length',
      hook.body.secret,
      'invalid.token.value',
      srv.jwtSecret,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/authorization/i);
  });
});

describe('jsonLogger', () => {
  it('writes one JSON line per entry with a timestamp', () => {
    const out: string[] = [];
    const logger = jsonLogger({ write: (s: string) => out.push(s) });
    logger.log({ level: 'info', msg: 'request', status: 200 });
    expect(out).toHaveLength(1);
    expect(out[0]!.endsWith('\n')).toBe(true);
    expect(JSON.parse(out[0]!)).toMatchObject({ level: 'info', msg: 'request', status: 200, time: expect.stringMatching(/Z$/) });
  });
});

import { request } from 'node:http';
import { createServer } from '@tj/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call, tradeBody } from './support/http.js';
import { signUp, startTestServer, type TestServer, type TestUser, testServerConfig } from './support/server.js';

const MIB = 1024 * 1024;

function expectProblem(r: { status: number; headers: Headers; body: any }, status: number, code: string) {
  expect(r.status).toBe(status);
  expect(r.headers.get('content-type')).toBe('application/problem+json');
  expect(r.body).toMatchObject({ type: 'about:blank', status, code });
  expect(typeof r.body.title).toBe('string');
  expect(r.body.requestId).toBe(r.headers.get('x-request-id'));
}

describe('protocol errors', () => {
  let srv: TestServer;
  let u: TestUser;
  beforeAll(async () => {
    srv = await startTestServer();
    u = await signUp(srv.url, 'errs');
  });
  afterAll(() => srv?.close());
  const post = (raw: string, contentType?: string) =>
    call(srv.url, 'POST', '/api/trades', {
      headers: { ...u.auth, ...(contentType ? { 'content-type': contentType } : {}) },
      raw,
    });

  it('an unknown route is 404 not_found', async () => {
    expectProblem(await call(srv.url, 'GET', '/api/nothing'), 404, 'not_found');
    expectProblem(await call(srv.url, 'GET', '/api/trades/'), 404, 'not_found');
    expectProblem(await call(srv.url, 'GET', '/'), 404, 'not_found');
  });

  it('a known path with a wrong method is 405 with Allow', async () => {
    const r = await call(srv.url, 'PUT', '/api/trades', { headers: u.auth });
    expectProblem(r, 405, 'method_not_allowed');
    expect(r.headers.get('allow')).toBe('GET, HEAD, POST');
    const one = await call(srv.url, 'POST', '/api/trades/01900000-0000-7000-8000-000000000000', { headers: u.auth });
    expect(one.status).toBe(405);
    expect(one.headers.get('allow')).toBe('GET, HEAD, PATCH, DELETE');
    expect((await call(srv.url, 'DELETE', '/api/health')).headers.get('allow')).toBe('GET, HEAD');
  });

  it('HEAD is answered like GET, without a body', async () => {
    const r = await call(srv.url, 'HEAD', '/api/health');
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
  });

  it('a body declared over 1 MiB is 413 payload_too_large', async () => {
    const big = JSON.stringify(tradeBody({ notes: 'x'.repeat(MIB) }));
    expectProblem(await post(big, 'application/json'), 413, 'payload_too_large');
  });

  it('a chunked body that grows past 1 MiB while streaming is 413', async () => {
    async function* chunks() {
      for (let i = 0; i < 20; i++) yield new TextEncoder().encode(' '.repeat(128 * 1024));
    }
    const res = await fetch(`${srv.url}/api/trades`, {
      method: 'POST',
      headers: { ...u.auth, 'content-type': 'application/json' },
      body: chunks(),
      duplex: 'half',
    } as unknown as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('payload_too_large');
  });

  it('a body just under 1 MiB is read (and judged by validation, 400)', async () => {
    const body = JSON.stringify(tradeBody({ notes: 'x'.repeat(MIB - 400) }));
    expect(Buffer.byteLength(body)).toBeLessThan(MIB);
    const r = await post(body, 'application/json');
    expectProblem(r, 400, 'validation_failed');
    expect(r.body.errors[0].path).toBe('notes');
  });

  it('a body that is not application/json is 415, also without a content type', async () => {
    expectProblem(await post(JSON.stringify(tradeBody()), 'text/plain'), 415, 'unsupported_media_type');
    expectProblem(await post('instrument=ES', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type');
    expectProblem(await post(JSON.stringify(tradeBody())), 415, 'unsupported_media_type');
  });

  it('application/json with a charset parameter is accepted', async () => {
    expect((await post(JSON.stringify(tradeBody()), 'application/json; charset=utf-8')).status).toBe(201);
  });

  it('malformed JSON is 400 invalid_json', async () => {
    expectProblem(await post('{"instrument": "ES",', 'application/json'), 400, 'invalid_json');
    expectProblem(await post("{'single': 'quotes'}", 'application/json'), 400, 'invalid_json');
  });

  it('JSON that is not an object is 400 validation_failed', async () => {
    expectProblem(await post('[1,2,3]', 'application/json'), 400, 'validation_failed');
    expectProblem(await post('"trade"', 'application/json'), 400, 'validation_failed');
    expectProblem(await post('null', 'application/json'), 400, 'validation_failed');
  });

  it('a __proto__ key is an unknown field, not a prototype change', async () => {
    const r = await post('{"__proto__": {"admin": true}, "instrument": "ES"}', 'application/json');
    expect(r.status).toBe(400);
  });

  it('answers 413 on a connection that then closes, without hanging the client', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${srv.url}/api/trades`, {
        method: 'POST',
        headers: { ...u.auth, 'content-type': 'application/json', 'content-length': String(50 * MIB) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(' '.repeat(1024));
    });
    expect(status).toBe(413);
  });
});

describe('unexpected failures', () => {
  it('a failing database gives 500 internal_error without internals, logged with the request id; health is 503', async () => {
    const opened = await DATABASES[0]!.open();
    const logs: Array<Record<string, unknown>> = [];
    const app = await createServer(testServerConfig(opened, (e) => logs.push(e)));
    try {
      const url = await app.listen();
      const u = await signUp(url, 'broken');
      await opened.storage.close();
      const r = await call(url, 'POST', '/api/trades', { headers: u.auth, json: tradeBody() });
      expectProblem(r, 500, 'internal_error');
      expect(r.body.title).toBe('Internal Server Error');
      expect(r.text).not.toMatch(/sqlite|database|kysely|stack|at \//i);
      const logged = logs.find((l) => l.level === 'error' && l.requestId === r.body.requestId);
      expect(logged?.error).toEqual(expect.any(String));
      const health = await call(url, 'GET', '/api/health');
      expectProblem(health, 503, 'unavailable');
    } finally {
      await app.close();
      await opened.cleanup().catch(() => {});
    }
  });
});

describe.each(DATABASES)('health on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startTestServer(db);
    });
    afterAll(() => srv?.close());
    it('answers 200 {status: ok} without a token', async () => {
      const r = await call(srv.url, 'GET', '/api/health');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ status: 'ok' });
    });
  });
});

import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { signUp, startTestServer, type TestServer, type TestUser } from './support/server.js';

const MIB = 1024 * 1024;

/** Writes raw bytes on a new connection and reads everything until the server closes it. */
function rawExchange(url: string, data: string, options: { keepOpenMs?: number } = {}): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(data));
    let text = '';
    socket.on('data', (d) => {
      text += d.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
    if (options.keepOpenMs === undefined) socket.setTimeout(5_000, () => socket.destroy());
  });
}

/** Splits a raw HTTP response into its status, headers and JSON body. */
function parseRaw(raw: string): { status: number; headers: Record<string, string>; body: any } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: body ? JSON.parse(body) : undefined };
}

/**
 * POSTs `size` bytes with a Content-Length (or chunked). Resolves with
 * the answer once the request is completely done; any socket error, even after the answer arrived
 * (EPIPE, ECONNRESET), rejects.
 */
function upload(
  url: string,
  auth: Record<string, string>,
  size: number,
  chunked: boolean,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/trades`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(size) }) },
    });
    let answer: { status: number; body: string } | undefined;
    let failure: Error | undefined;
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => {
        answer = { status: res.statusCode ?? 0, body };
      });
    });
    req.on('error', (e) => {
      failure = e;
    });
    req.on('close', () => {
      // Let a late socket error surface before judging.
      setTimeout(() => (failure || !answer ? reject(failure ?? new Error('no answer')) : resolve(answer)), 50);
    });
    // Queued at once (Node's client stops forwarding 'drain' once an answer is complete).
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    for (let sent = 0; sent < size; sent += chunk.length) req.write(chunk);
    req.end();
  });
}

describe.each(DATABASES)('HTTP edge cases on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    let srv: TestServer;
    let u: TestUser;
    beforeAll(async () => {
      srv = await startTestServer(db, { requestTimeoutMs: 1_000 });
      u = await signUp(srv.url, 'edge');
    });
    afterAll(() => srv?.close());

    it('an oversized body gets its 413 through, never a reset, again and again', async () => {
      for (let i = 0; i < 5; i++) {
        const declared = await upload(srv.url, u.auth, 10 * MIB, false);
        expect(declared.status).toBe(413);
        expect(JSON.parse(declared.body)).toMatchObject({ code: 'payload_too_large' });
        const chunked = await upload(srv.url, u.auth, 10 * MIB, true);
        expect(chunked.status).toBe(413);
      }
      // The same through fetch, which reads the answer while it still sends.
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${srv.url}/api/trades`, {
          method: 'POST',
          headers: { ...u.auth, 'content-type': 'application/json' },
          body: Buffer.alloc(10 * MIB, 0x20),
        });
        expect(res.status).toBe(413);
        expect((await res.json()).code).toBe('payload_too_large');
      }
    });

    it('Node’s own 431 (headers too large) is a problem+json answer', async () => {
      const r = parseRaw(
        await rawExchange(srv.url, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      );
      expect(r.status).toBe(431);
      expect(r.headers['content-type']).toBe('application/problem+json');
      expect(r.body).toMatchObject({ status: 431, code: 'headers_too_large', title: 'Request Header Fields Too Large' });
      expect(r.body.requestId).toBe(r.headers['x-request-id']);
    });

    it('Node’s own 400 (bad framing) is a problem+json answer', async () => {
      for (const raw of [
        'GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
        'POST /api/trades HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
        'NOT HTTP AT ALL\r\n\r\n',
      ]) {
        const r = parseRaw(await rawExchange(srv.url, raw));
        expect(r.status).toBe(400);
        expect(r.headers['content-type']).toBe('application/problem+json');
        expect(r.body).toMatchObject({ status: 400, code: 'malformed_request' });
      }
    });

    it('Node’s own 408 (a request that never finishes arriving) is a problem+json answer', async () => {
      const raw = `POST /api/trades HTTP/1.1\r\nHost: x\r\nAuthorization: ${u.auth.authorization}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a"`;
      const r = parseRaw(await rawExchange(srv.url, raw, { keepOpenMs: 5_000 }));
      expect(r.status).toBe(408);
      expect(r.body).toMatchObject({ status: 408, code: 'request_timeout', title: 'Request Timeout' });
    });

    it('a client that disconnects mid-request is logged below error level', async () => {
      const before = srv.logs.length;
      await new Promise<void>((resolve) => {
        const { port } = new URL(srv.url);
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `POST /api/trades HTTP/1.1\r\nHost: x\r\nAuthorization: ${u.auth.authorization}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"instrument":`,
          );
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 300);
        });
      });
      const deadline = Date.now() + 10_000;
      while (!srv.logs.slice(before).some((l) => l.msg === 'client disconnected') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const fresh = srv.logs.slice(before);
      expect(fresh.some((l) => l.msg === 'client disconnected' && l.level === 'info')).toBe(true);
      expect(fresh.filter((l) => l.level === 'error')).toEqual([]);
    });
  });
});

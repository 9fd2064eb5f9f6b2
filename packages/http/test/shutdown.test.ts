import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type ClientRequest, get, type IncomingMessage, request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tempSqlitePath } from '../../../test/support/databases.js';
import { tradeBody } from './support/http.js';
import { signUp, startTestServer } from './support/server.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Starts a POST with `Expect: 100-continue`: `arrived` resolves once the server has parsed the
 * request and is waiting for its body (it answered 100 Continue); `finish()` sends the body.
 */
function pendingPost(url: string, auth: Record<string, string>) {
  const body = JSON.stringify(tradeBody());
  const req: ClientRequest = request(`${url}/api/trades`, {
    method: 'POST',
    agent: false,
    headers: {
      ...auth,
      expect: '100-continue',
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    },
  });
  const arrived = new Promise<void>((resolve) => req.on('continue', () => resolve()));
  const response = new Promise<{ res: IncomingMessage; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ res, text }));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  return {
    arrived,
    finish() {
      req.end(body);
      return response;
    },
  };
}

/** True when a new connection to `url` is refused. */
function refused(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = get(`${url}/api/health`, { agent: false }, (res) => {
      res.resume();
      resolve(false);
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });
}

describe('graceful shutdown', () => {
  it('close() stops accepting connections but finishes the request in flight', async () => {
    const srv = await startTestServer();
    try {
      const u = await signUp(srv.url, 'inflight');
      const slow = pendingPost(srv.url, u.auth);
      await slow.arrived;
      const closed = srv.app.close();
      expect(await refused(srv.url)).toBe(true);
      const { res, text } = await slow.finish();
      expect(res.statusCode).toBe(201);
      expect(res.headers.connection).toBe('close');
      expect(JSON.parse(text).instrument).toBe('ES');
      await closed;
    } finally {
      await srv.close();
    }
  });

  describe('SIGTERM on `startServer`', () => {
    let child: ChildProcess | undefined;
    afterEach(() => {
      if (child && child.exitCode === null) child.kill('SIGKILL');
    });

    it('finishes in-flight requests, closes the database and exits by itself', async () => {
      const { file } = tempSqlitePath();
      const script = `
        import { startServer } from '@tj/http';
        await startServer({ databaseUrl: ${JSON.stringify(file)}, port: 0, host: '127.0.0.1', openRegistration: true,
          allowPrivateWebhooks: true, passwordCost: { N: 1024, r: 8, p: 1 } });`;
      child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
      const lines: Array<Record<string, unknown>> = [];
      const listening = new Promise<string>((resolve) => {
        createInterface({ input: child!.stdout! }).on('line', (line) => {
          const entry = JSON.parse(line) as Record<string, unknown>;
          lines.push(entry);
          if (entry.msg === 'listening') resolve(entry.url as string);
        });
      });
      const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
      const url = await listening;
      const u = await signUp(url, 'sigterm');
      const slow = pendingPost(url, u.auth);
      await slow.arrived;
      child.kill('SIGTERM');
      const { res } = await slow.finish();
      expect(res.statusCode).toBe(201);
      expect(await exited).toBe(0);
      expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['listening', 'shutting down', 'stopped']));
      expect(lines.filter((l) => l.msg === 'request' && l.path === '/api/trades')).toEqual([
        expect.objectContaining({ status: 201 }),
      ]);
      expect(existsSync(file)).toBe(true);
      expect(existsSync(`${file}-wal`)).toBe(false);
    });
  });
});

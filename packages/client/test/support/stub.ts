/**
 * A loopback stand-in for transport edge cases the real server does not produce on demand (a 503,
 * a dropped connection, an answer that never comes). Each request takes the next scripted step;
 * when the script runs out, requests are proxied to the real server unchanged.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the stub does with one request: proxy it, drop the connection, never answer, `lose` it (the
 * real server handles it, then the connection drops: an answer lost on the way), or a canned answer.
 */
export type StubStep = 'proxy' | 'drop' | 'hang' | 'lose' | { status: number; headers?: Record<string, string>; body?: unknown };

/** A running stub. */
export interface Stub {
  url: string;
  /** Requests seen, in order: method, path and the time they arrived (performance.now()). */
  seen: { method: string; path: string; at: number; idempotencyKey?: string | undefined; userAgent?: string | undefined }[];
  close(): Promise<void>;
}

const HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'upgrade']);

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts a stub on port 0 in front of `target` (the real server's base URL). */
export async function startStub(target: string, script: StubStep[]): Promise<Stub> {
  const seen: Stub['seen'] = [];
  const hanging = new Set<IncomingMessage>();
  const server: Server = createServer(async (req, res) => {
    seen.push({
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0] as string,
      at: performance.now(),
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      userAgent: req.headers['user-agent'],
    });
    const step = script.shift() ?? 'proxy';
    const body = await readBody(req);
    if (step === 'drop') return void req.socket.destroy();
    if (step === 'hang') return void hanging.add(req);
    if (step !== 'proxy' && step !== 'lose') {
      res.writeHead(step.status, { 'content-type': 'application/problem+json', ...step.headers });
      return void res.end(step.body === undefined ? '' : JSON.stringify(step.body));
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && !HOP.has(name)) headers.set(name, value);
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method ?? 'GET',
      headers,
      body: body.length > 0 ? new Uint8Array(body) : null,
    });
    if (step === 'lose') {
      await answer.arrayBuffer();
      return void req.socket.destroy();
    }
    const forwarded: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!HOP.has(name)) forwarded[name] = value;
    });
    res.writeHead(answer.status, forwarded);
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        for (const req of hanging) req.socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

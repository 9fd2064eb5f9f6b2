import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Date.now() when the whole body had arrived. */
  at: number;
}

/** How a receiver answers: a status with headers and body (after `delayMs`), or `hang` (never answer). */
export type Reply = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number } | 'hang';

/** A real HTTP receiver on loopback. */
export interface Receiver {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  url: string;
  received: Received[];
  /** Resolves once `n` requests have arrived (rejects after `withinMs`, default 20 s). */
  waitFor(n: number, withinMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a receiver on 127.0.0.1 that records every request and answers with `reply(request, index)`
 * (default 200).
 */
export async function startReceiver(reply: (r: Received, index: number) => Reply = () => ({ status: 200 })): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      const index = received.push(r) - 1;
      for (const w of waiters.filter((w) => received.length >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      const answer = reply(r, index);
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      const send = () => {
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    waitFor(n, withinMs = 20_000) {
      if (received.length >= n) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver got ${received.length} of ${n} requests`)), withinMs);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

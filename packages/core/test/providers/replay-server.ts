/**
 * A local HTTP server (127.0.0.1, an ephemeral port) that replays scripted answers, in order,
 * and records every request it gets: what the provider tests run against instead of the service.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** One scripted answer: a status, headers, and a body (text, or a fixture file's content). */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** A file of the fixture directory to answer with (its content type from the extension). */
  file?: string;
  /** Wait this long before answering (for timeouts). */
  delayMs?: number;
  /** Send the body without a Content-Length (chunked). */
  chunked?: boolean;
}

/** A request the server got. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface ReplayServer {
  /** `http://127.0.0.1:<port>` plus the prefix given. */
  baseUrl: string;
  requests: SeenRequest[];
  /** Queue answers for the next requests. */
  script(...replies: Reply[]): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { csv: 'text/csv', json: 'application/json', html: 'text/html' };

/** Starts a replay server whose files come from `fixtures` and whose base URL ends in `prefix`. */
export async function startReplayServer(fixtures: string, prefix = ''): Promise<ReplayServer> {
  const queue: Reply[] = [];
  const requests: SeenRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers });
    const reply = queue.shift() ?? { status: 418, body: 'no answer scripted for this request' };
    const ext = reply.file?.split('.').pop() ?? '';
    const body = reply.file === undefined ? (reply.body ?? '') : readFileSync(join(fixtures, reply.file), 'utf8');
    const headers: Record<string, string> = { 'content-type': TYPES[ext] ?? 'text/plain', ...reply.headers };
    if (!reply.chunked) headers['content-length'] = String(Buffer.byteLength(body));
    const send = () => {
      res.writeHead(reply.status, headers);
      res.end(body);
    };
    if (reply.delayMs === undefined) return send();
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) send();
    }, reply.delayMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${prefix}`,
    requests,
    script: (...replies) => queue.push(...replies),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port on 127.0.0.1 nothing listens on (opened, then closed). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

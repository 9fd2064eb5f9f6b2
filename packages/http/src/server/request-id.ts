import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SANE = /^[\w.:-]{1,128}$/;

/** The request's id: a sane incoming `X-Request-Id` (from a proxy), else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE.test(incoming) ? incoming : randomUUID();
}

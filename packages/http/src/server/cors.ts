import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';
import vary from 'vary';
import { HttpError } from '../errors/problem.js';

const ALLOW_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const ALLOW_HEADERS = ['authorization', 'content-type', 'idempotency-key', 'x-request-id'];
const EXPOSE_HEADERS = [
  'idempotent-replayed',
  'location',
  'ratelimit',
  'ratelimit-policy',
  'retry-after',
  'www-authenticate',
  'x-request-id',
];

/** Cross-origin access for browser apps: off unless origins are configured. */
export interface Cors {
  /**
   * Adds the CORS headers an allowed origin needs and answers its preflight (returns true). A
   * preflight from any other origin throws a 403 `forbidden` without CORS headers.
   */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
}

/** A CORS preflight: OPTIONS with an Origin and Access-Control-Request-Method. */
function isPreflight(req: IncomingMessage): boolean {
  return (
    req.method === 'OPTIONS' && req.headers.origin !== undefined && req.headers['access-control-request-method'] !== undefined
  );
}

/**
 * CORS for the listed origins (exact `scheme://host[:port]` strings, or `*` for any), with the
 * `cors` package. Tokens travel in the Authorization header, never in cookies, so no credentials
 * mode is needed. An origin not listed gets no CORS headers, so the browser blocks the answer;
 * every answer that depends on the Origin says so in `Vary`, and preflight answers also vary by
 * the requested method and headers.
 *
 * @example const c = createCors(['https://app.example.com']);
 */
export function createCors(origins: readonly string[] = []): Cors {
  const any = origins.includes('*');
  const allowed = new Set(origins);
  const middleware = cors({
    origin: any ? '*' : [...allowed],
    methods: ALLOW_METHODS,
    allowedHeaders: ALLOW_HEADERS,
    exposedHeaders: EXPOSE_HEADERS,
    maxAge: 600,
    optionsSuccessStatus: 204,
  });
  const apply = (req: IncomingMessage, res: ServerResponse) =>
    middleware(req as Parameters<typeof middleware>[0], res as Parameters<typeof middleware>[1], () => {});
  return {
    handle(req, res) {
      const origin = req.headers.origin;
      const listed = origin !== undefined && (any || allowed.has(origin));
      if (!isPreflight(req)) {
        if (listed && req.method !== 'OPTIONS') apply(req, res);
        else if (origins.length > 0 && !any) vary(res, 'Origin');
        return false;
      }
      vary(res, 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
      if (!listed) {
        const why =
          origins.length === 0
            ? 'this server allows no cross-origin calls'
            : `the origin ${String(origin).slice(0, 200)} is not allowed`;
        throw new HttpError('forbidden', `CORS preflight refused: ${why}`);
      }
      apply(req, res);
      return true;
    },
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOW_METHODS = 'GET, POST, PATCH, DELETE';
const ALLOW_HEADERS = 'authorization, content-type, x-request-id';
const EXPOSE_HEADERS = 'location, ratelimit, ratelimit-policy, retry-after, www-authenticate, x-request-id';

/** Cross-origin access for browser apps: off unless origins are configured. */
export interface Cors {
  /** Adds the CORS headers an allowed origin needs; answers a preflight and returns true. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
}

/**
 * CORS for the listed origins (exact `scheme://host[:port]` strings, or `*` for any). Tokens travel
 * in the Authorization header, never in cookies, so no credentials mode is needed. An origin not
 * listed gets no CORS headers and the browser blocks the answer.
 *
 * @example const cors = createCors(['https://app.example.com']);
 */
export function createCors(origins: readonly string[] = []): Cors {
  const any = origins.includes('*');
  const allowed = new Set(origins);
  return {
    handle(req, res) {
      if (origins.length === 0) return false;
      const origin = req.headers.origin;
      if (typeof origin !== 'string' || !(any || allowed.has(origin))) return false;
      res.setHeader('access-control-allow-origin', any ? '*' : origin);
      if (!any) res.setHeader('vary', 'origin');
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
        res.setHeader('access-control-allow-methods', ALLOW_METHODS);
        res.setHeader('access-control-allow-headers', ALLOW_HEADERS);
        res.setHeader('access-control-max-age', '600');
        res.statusCode = 204;
        res.end();
        return true;
      }
      res.setHeader('access-control-expose-headers', EXPOSE_HEADERS);
      return false;
    },
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Core, CoreError, validationError } from '@tj/core';
import type { AccessTokens } from '../auth/access-tokens.js';
import { bearerToken } from '../auth/bearer.js';
import { HttpError, toProblem } from '../errors/problem.js';
import { readJsonBody } from '../io/body.js';
import { parseQuery } from '../io/query.js';
import { type RateLimiter, rateLimitedError } from '../rate-limit/limiter.js';
import type { Route, RouteContext } from '../routes/route.js';
import type { Cors } from './cors.js';
import type { Logger } from './logger.js';
import { sendJson } from './respond.js';
import { requestIdOf } from './request-id.js';
import { createRouter } from './router.js';

/** What the request handler runs on. */
export interface HandlerOptions {
  core: Core;
  routes: Route[];
  tokens: AccessTokens;
  /** The general rate limit; undefined turns it off. */
  limiter: RateLimiter | undefined;
  logger: Logger;
  /** Cross-origin access for browser apps. */
  cors: Cors;
  settings: RouteContext['settings'];
  /** True once shutdown began: answers carry `Connection: close`. */
  isClosing(): boolean;
}

/** What one request learned, for its access-log line. */
interface RequestState {
  requestId: string;
  userId?: string;
  bearerSent: boolean;
  route?: Route;
}

const PROBLEM_JSON = 'application/problem+json';

function isEmptyObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;
}

/**
 * The node:http request listener: request id, routing (404/405), bearer auth, rate limit, query
 * and body parsing, one core call per route, RFC 9457 problems for every error, and one JSON
 * access-log line per request (method, path, status, duration, user: never a token or body).
 */
export function createRequestHandler(options: HandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { core, tokens, limiter, logger, settings } = options;
  const router = createRouter(options.routes);

  async function limit(res: ServerResponse, key: string): Promise<void> {
    if (!limiter) return;
    const decision = await limiter.check(key);
    for (const name in decision.headers) res.setHeader(name, decision.headers[name] as string);
    if (decision.limited) throw rateLimitedError(decision.retryAfterSeconds);
  }

  async function authenticate(req: IncomingMessage, res: ServerResponse, state: RequestState): Promise<string> {
    const token = bearerToken(req.headers.authorization);
    state.bearerSent = token !== undefined;
    try {
      if (token === undefined) throw new CoreError('unauthorized', 'a bearer access token is required');
      return await tokens.verify(token, core.auth.authenticate);
    } catch (e) {
      if (state.route?.rateLimited !== false) await limit(res, `ip:${req.socket.remoteAddress}`);
      throw e;
    }
  }

  async function serve(req: IncomingMessage, res: ServerResponse, state: RequestState): Promise<void> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const method = req.method ?? 'GET';
    const match = router.find(method, path);
    if (!match) {
      const allow = router.allowed(path);
      if (allow.length === 0) throw new CoreError('not_found', 'no such route');
      throw new HttpError('method_not_allowed', `${method} is not allowed here`, { allow: allow.join(', ') });
    }
    const { route } = match;
    state.route = route;
    let userId = '';
    if (route.auth) {
      userId = await authenticate(req, res, state);
      state.userId = userId;
    }
    if (route.rateLimited !== false) await limit(res, route.auth ? `user:${userId}` : `ip:${req.socket.remoteAddress}`);
    const query = parseQuery(q === -1 ? '' : url.slice(q + 1), route.query !== undefined);
    let body: unknown;
    if (method === 'POST' || method === 'PATCH') {
      body = await readJsonBody(req);
      if (route.body && body === undefined) throw validationError([{ path: '', message: 'a JSON request body is required' }]);
      if (!route.body && body !== undefined && !isEmptyObject(body)) {
        throw validationError([{ path: '', message: 'this endpoint takes no request body' }]);
      }
    }
    const result = await route.handle({ core, userId, params: match.params, query, body, settings });
    sendJson(res, result.status, result.body, result.headers);
  }

  function fail(res: ServerResponse, state: RequestState, error: unknown): void {
    const problem = toProblem(error, state.requestId, state.bearerSent);
    if (problem.unexpected) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      logger.log({ level: 'error', msg: 'unexpected error', requestId: state.requestId, error: message });
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendJson(res, problem.status, problem.body, problem.headers, PROBLEM_JSON);
  }

  return (req, res) => {
    const started = performance.now();
    const state: RequestState = { requestId: requestIdOf(req), bearerSent: false };
    res.setHeader('x-request-id', state.requestId);
    res.setHeader('cache-control', 'no-store');
    if (options.isClosing()) res.setHeader('connection', 'close');
    res.once('close', () => {
      logger.log({
        level: 'info',
        msg: 'request',
        requestId: state.requestId,
        method: req.method,
        path: (req.url ?? '').split('?', 1)[0],
        route: state.route?.path,
        status: res.statusCode,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
        userId: state.userId,
        ip: req.socket.remoteAddress,
        ...(res.writableFinished ? {} : { aborted: true }),
      });
    });
    if (options.cors.handle(req, res)) return;
    serve(req, res, state).catch((e: unknown) => fail(res, state, e));
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Core, CoreError } from '@tj/core';
import { grants, isApiKey, type Principal, sessionPrincipal, validationError } from '@tj/core/internal';
import type { AccessTokens } from '../auth/access-tokens.js';
import { bearerToken } from '../auth/bearer.js';
import { BEARER_CHALLENGE, HttpError, toProblem } from '../errors/problem.js';
import { discardBody, readJsonBody } from '../io/body.js';
import { parseQuery } from '../io/query.js';
import { openUpload, type Upload } from '../io/upload.js';
import { type DigestedUpload, digested } from '../io/upload-digest.js';
import { type RateLimiter, rateLimitedError } from '../rate-limit/limiter.js';
import type { Route, RouteContext, RouteResult } from '../routes/route.js';
import { type ArrivalDeadline, arrivalDeadline } from './arrival.js';
import type { Cors } from './cors.js';
import { runIdempotent } from './idempotent.js';
import type { Logger } from './logger.js';
import { sendJson, sendText } from './respond.js';
import { requestIdOf } from './request-id.js';
import { createRouter } from './router.js';

/** What the request handler runs on. */
export interface HandlerOptions {
  core: Core;
  routes: Route[];
  tokens: AccessTokens;
  /** Rate limits of authenticated calls (per user) and of the others (per client address); undefined turns one off. */
  limiters: { user: RateLimiter | undefined; ip: RateLimiter | undefined };
  logger: Logger;
  /** Cross-origin access for browser apps. */
  cors: Cors;
  /** The client's address: the socket's, or from `X-Forwarded-For` when the socket is a trusted proxy. */
  clientAddress(req: IncomingMessage): string;
  settings: RouteContext['settings'];
  /** True once shutdown began: answers carry `Connection: close`. */
  isClosing(): boolean;
  /** How long a body may take to arrive, or an upload go without a byte, before a 408 (ms; 0: no limit). */
  arrivalTimeoutMs: number;
  /** How deep a JSON body may nest arrays and objects (default `DEFAULTS.inputLimits.maxDepth`). */
  maxJsonDepth?: number;
}

/** What one request learned, for its access-log line. */
interface RequestState {
  requestId: string;
  ip: string;
  principal?: Principal;
  bearerSent: boolean;
  route?: Route;
  arrival?: ArrivalDeadline;
  /** The body did not arrive in time: the 408 is sent and the request torn down. */
  timedOut?: boolean;
  /** An upload route's body began to be read (before that, a refusal closes the connection). */
  uploadOpened?: boolean;
}

const PROBLEM_JSON = 'application/problem+json';

/** How long, and for how many more bytes, a refused upload's connection lingers after its answer. */
const LINGER_MS = 1000;
const LINGER_BYTES = 256 * 1024;

function isEmptyObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;
}

/** True when a failure only means the client went away mid-request (not a server fault). */
function isClientAbort(error: unknown, req: IncomingMessage): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'ECONNABORTED' || (req.destroyed && !req.complete);
}

/**
 * The node:http request listener: request id, CORS, routing (404/405), bearer auth (access tokens
 * and API keys, with per-route scopes), rate limits, query and body parsing, Idempotency-Key on the
 * routes that create, one core call per route, RFC 9457 problems for every error, and one JSON
 * access-log line per request (method, path, status, duration, user, API key id, client address:
 * never a token or body).
 */
export function createRequestHandler(options: HandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { core, tokens, limiters, logger, settings } = options;
  const router = createRouter(options.routes);

  async function limit(res: ServerResponse, limiter: RateLimiter | undefined, key: string): Promise<void> {
    if (!limiter) return;
    const decision = await limiter.check(key);
    for (const name in decision.headers) res.setHeader(name, decision.headers[name] as string);
    if (decision.limited) throw rateLimitedError(decision.retryAfterSeconds);
  }

  async function verify(token: string): Promise<Principal> {
    if (isApiKey(token)) return core.apiKeys.authenticate(token);
    return sessionPrincipal(await tokens.verify(token, core.auth.authenticate));
  }

  async function authenticate(req: IncomingMessage, res: ServerResponse, state: RequestState): Promise<Principal> {
    const token = bearerToken(req.headers.authorization);
    state.bearerSent = token !== undefined;
    try {
      if (token === undefined) throw new CoreError('unauthorized', 'a bearer access token or API key is required');
      return await verify(token);
    } catch (e) {
      if (state.route?.rateLimited !== false) await limit(res, limiters.ip, `ip:${state.ip}`);
      throw e;
    }
  }

  function authorize(route: Route, principal: Principal): void {
    if (!route.scope || grants(principal, route.scope)) return;
    throw new HttpError('insufficient_scope', `this API key lacks the "${route.scope}" scope this operation needs`, {
      'www-authenticate': `${BEARER_CHALLENGE}, error="insufficient_scope", scope="${route.scope}"`,
    });
  }

  async function readBody(req: IncomingMessage, route: Route): Promise<unknown> {
    const body = await readJsonBody(req, undefined, options.maxJsonDepth);
    if (route.body && body === undefined) throw validationError([{ path: '', message: 'a JSON request body is required' }]);
    if (!route.body && body !== undefined && !isEmptyObject(body)) {
      throw validationError([{ path: '', message: 'this endpoint takes no request body' }]);
    }
    return body;
  }

  async function serve(req: IncomingMessage, res: ServerResponse, state: RequestState): Promise<void> {
    if (options.cors.handle(req, res)) return;
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
    let principal: Principal | undefined;
    if (route.auth) {
      principal = await authenticate(req, res, state);
      state.principal = principal;
      authorize(route, principal);
    }
    if (route.rateLimited !== false) {
      await limit(res, principal ? limiters.user : limiters.ip, principal ? `user:${principal.userId}` : `ip:${state.ip}`);
    }
    const query = parseQuery(q === -1 ? '' : url.slice(q + 1), route.query !== undefined);
    const body =
      (method === 'POST' || method === 'PUT' || method === 'PATCH') && !route.upload ? await readBody(req, route) : undefined;
    const key = req.headers['idempotency-key'];
    const idempotent = route.idempotent === true && principal !== undefined && typeof key === 'string';
    // Only now, authenticated, authorised and within its limits, is an upload's body read: from
    // here on it may take as long as it keeps arriving.
    let opened: Promise<Upload> | undefined;
    let hashed: DigestedUpload | undefined;
    const upload = () => {
      if (opened === undefined) {
        state.uploadOpened = true;
        state.arrival?.streaming();
        opened = openUpload(req, query.fileName, settings.maxUploadBytes).then((u) => {
          if (!idempotent) return u;
          hashed = digested(u);
          return hashed.upload;
        });
      }
      return opened;
    };
    const ctx: RouteContext = {
      core,
      userId: principal?.userId ?? '',
      principal,
      params: match.params,
      query,
      body,
      upload,
      settings,
    };
    let result: RouteResult;
    if (idempotent) {
      // An upload's key is bound to its options, and to its file by the digest read as it streams.
      const bodyDigest = async () => {
        await upload();
        return (hashed as DigestedUpload).digest();
      };
      result = await runIdempotent(
        core,
        {
          userId: (principal as Principal).userId,
          key: key as string,
          method,
          path,
          body: route.upload ? { query } : body,
          ...(route.upload && { bodyDigest }),
        },
        () => route.handle(ctx),
        (e) => logger.log({ level: 'error', msg: 'idempotency record not stored', requestId: state.requestId, error: String(e) }),
      );
    } else {
      result = await route.handle(ctx);
    }
    if (route.upload && !req.complete) discardBody(req);
    if (result.text) sendText(res, result.status, result.text, result.headers);
    else sendJson(res, result.status, result.body, result.headers);
  }

  function fail(req: IncomingMessage, res: ServerResponse, state: RequestState, error: unknown): void {
    if (state.timedOut) return;
    if (isClientAbort(error, req)) {
      logger.log({ level: 'info', msg: 'client disconnected', requestId: state.requestId });
      res.destroy();
      return;
    }
    const problem = toProblem(error, state.requestId, state.bearerSent);
    if (problem.unexpected) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      logger.log({ level: 'error', msg: 'unexpected error', requestId: state.requestId, error: message });
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // An upload that failed while it was read (a bound, a bad row): read and drop the rest, so the
    // client, still sending, receives the answer.
    if (state.uploadOpened && !req.complete) discardBody(req);
    if (state.route?.upload && !state.uploadOpened && !req.complete) {
      // Refused before its body was read (no or a bad token, a scope, a limit, a bad option): the
      // file is not read; the answer goes out and the connection closes with it, after a short
      // lingering close (what arrives meanwhile is dropped, so the client can read the answer).
      res.setHeader('connection', 'close');
      res.once('finish', () => {
        discardBody(req, LINGER_BYTES);
        setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
      });
    }
    sendJson(res, problem.status, problem.body, problem.headers, PROBLEM_JSON);
  }

  return (req, res) => {
    const started = performance.now();
    const state: RequestState = { requestId: requestIdOf(req), ip: options.clientAddress(req), bearerSent: false };
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
        userId: state.principal?.userId,
        apiKey: state.principal?.apiKeyId,
        ip: state.ip,
        ...(res.writableFinished ? {} : { aborted: true }),
      });
    });
    state.arrival = arrivalDeadline(req, options.arrivalTimeoutMs, () => {
      state.timedOut = true;
      if (!res.headersSent) {
        const problem = toProblem(new HttpError('request_timeout', 'the request did not arrive in time'), state.requestId, false);
        res.setHeader('connection', 'close');
        sendJson(res, problem.status, problem.body, problem.headers, PROBLEM_JSON);
        res.once('finish', () => req.destroy());
      } else req.destroy();
    });
    serve(req, res, state).catch((e: unknown) => fail(req, res, state, e));
  };
}

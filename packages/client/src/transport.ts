import { type CallScope, openCallScope, raceSignal } from './call-scope.js';
import { ClientErrorCode, redactUrl, TjApiError } from './errors.js';
import { readFailure } from './response.js';
import { backoffMs, type RetryPolicy, retryAfterMs, SAFE_METHODS, sleep, withJitter } from './retry.js';
import type { Session } from './session.js';

/** Options every client method accepts as its last argument. */
export interface CallOptions {
  /** Cancels the call (the promise rejects with a TjApiError of code `aborted`). */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call, in ms, covering retries and waits; 0 = none. */
  timeoutMs?: number;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /**
   * The `Idempotency-Key` of a creating call (default: a new random UUID per call, sent on every
   * attempt). Pass your own to make a create safe to repeat across restarts of your app.
   */
  idempotencyKey?: string;
}

/** One API request as the resource modules describe it. */
export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below `/api`, e.g. `/trades/123`. */
  path: string;
  query?: object | undefined;
  /** JSON body. */
  body?: unknown;
  /** A raw body (a file upload) and its media type, sent as is instead of JSON. */
  upload?: { body: Blob | string | Uint8Array | ReadableStream<Uint8Array>; contentType: string };
  /** Sends the bearer token and refreshes it when needed; default true. */
  auth?: boolean;
  /** `text` answers the body as a string (an HTML page) instead of parsed JSON; default `json`. */
  responseType?: 'json' | 'text';
  /**
   * A creating POST that the server makes idempotent: it carries an `Idempotency-Key` (the same on
   * every attempt), so it is retried after network errors too, and after 409 `idempotency_key_in_use`.
   */
  idempotent?: boolean;
}

/** What the transport needs from the client. */
export interface TransportConfig {
  baseUrl: string;
  fetch: typeof fetch;
  session: Session;
  retry: RetryPolicy;
  timeoutMs: number;
  headers: Record<string, string>;
  /** An API key to send instead of the session's access token (never refreshed). */
  apiKey?: string | undefined;
}

/** A function that performs one API call and answers its parsed JSON body (undefined for 204). */
export type Send = <T>(spec: RequestSpec, options?: CallOptions) => Promise<T>;

/** Builds the request function: bearer auth with one refresh-and-retry on `token_expired`, retries, timeout. */
export function createTransport(config: TransportConfig): Send {
  return async function send<T>(spec: RequestSpec, options: CallOptions = {}): Promise<T> {
    const target = buildUrl(config.baseUrl, spec.path, spec.query);
    const url = redactUrl(target);
    const scope = openCallScope(options.timeoutMs ?? config.timeoutMs, options.signal);
    try {
      return (await attemptAll(config, spec, { target, url }, options, scope)) as T;
    } catch (e) {
      throw scope.signal.aborted ? abortError(spec.method, url, scope, e) : e;
    } finally {
      scope.dispose();
    }
  };
}

/** Sends `spec` to `to.target` until it succeeds or fails for good; errors name `to.url` (no credentials). */
async function attemptAll(
  config: TransportConfig,
  spec: RequestSpec,
  to: { target: string; url: string },
  options: CallOptions,
  scope: CallScope,
) {
  const { url } = to;
  const useAuth = spec.auth ?? true;
  const idempotencyKey = spec.idempotent ? (options.idempotencyKey ?? globalThis.crypto.randomUUID()) : undefined;
  // A request is safe to repeat when it changes nothing, or when its Idempotency-Key makes the server answer a repeat once.
  // A streamed upload is consumed by its first attempt: it is never sent twice.
  const streamed = typeof ReadableStream !== 'undefined' && spec.upload?.body instanceof ReadableStream;
  const repeatable = !streamed && (SAFE_METHODS.has(spec.method) || idempotencyKey !== undefined);
  let renewed = config.apiKey !== undefined;
  for (let retry = 0; ; ) {
    const token = useAuth ? (config.apiKey ?? (await raceSignal(config.session.accessToken(), scope.signal))) : undefined;
    let response: Response;
    try {
      const headers = headersFor(config, spec, options, token);
      if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
      response = await config.fetch(to.target, {
        method: spec.method,
        headers,
        body: bodyOf(spec),
        signal: scope.signal,
        // A stream body is sent as it is read (Node's fetch and browsers that stream uploads need this).
        ...(streamed && { duplex: 'half' }),
      } as RequestInit);
    } catch (cause) {
      if (scope.signal.aborted) throw cause;
      const error = new TjApiError({
        status: 0,
        code: ClientErrorCode.networkError,
        message: `${spec.method} ${url} failed: network error`,
        method: spec.method,
        url,
        cause,
      });
      if (!repeatable || retry >= config.retry.retries) throw error;
      await wait(backoffMs(retry++, config.retry), error, scope);
      continue;
    }
    if (response.ok) return spec.responseType === 'text' ? response.text() : readBody(response, spec.method, url);
    const error = await readFailure(response, spec.method, url);
    if (useAuth && !renewed && !streamed && error.status === 401 && error.code === 'token_expired') {
      renewed = true;
      if (await raceSignal(config.session.renewAfterRejection(token), scope.signal)) continue;
    }
    const busy = error.status === 409 && error.code === 'idempotency_key_in_use';
    if ((error.status === 429 || error.status === 503 || busy) && !streamed && retry < config.retry.retries) {
      const asked = retryAfterMs(response.headers.get('retry-after')) ?? secondsToMs(error.retryAfterSeconds);
      if (asked !== undefined && asked > config.retry.maxRetryAfterMs) throw error;
      await wait(asked === undefined ? backoffMs(retry, config.retry) : withJitter(asked), error, scope);
      retry++;
      continue;
    }
    throw error;
  }
}

/** Sleeps before a retry, or gives up with `error` when the wait would outlast the call's deadline. */
async function wait(ms: number, error: TjApiError, scope: CallScope): Promise<void> {
  if (Date.now() + ms >= scope.deadline) throw error;
  await sleep(ms, scope.signal);
}

function secondsToMs(seconds: number | undefined): number | undefined {
  return seconds === undefined ? undefined : seconds * 1000;
}

function headersFor(
  config: TransportConfig,
  spec: RequestSpec,
  options: CallOptions,
  token: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {
    accept: spec.responseType === 'text' ? 'text/html, application/problem+json' : 'application/json, application/problem+json',
    ...config.headers,
    ...options.headers,
  };
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  if (spec.upload !== undefined) headers['content-type'] = spec.upload.contentType;
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

function bodyOf(spec: RequestSpec): BodyInit | null {
  if (spec.upload !== undefined) return spec.upload.body as BodyInit;
  if (spec.body === undefined) return null;
  return JSON.stringify(spec.body);
}

async function readBody(response: Response, method: string, url: string): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new TjApiError({
      status: response.status,
      code: ClientErrorCode.invalidResponse,
      message: `${method} ${url}: response is not JSON`,
      method,
      url,
      cause,
    });
  }
}

function abortError(method: string, url: string, scope: CallScope, cause: unknown): TjApiError {
  if (cause instanceof TjApiError && cause.status !== 0) return cause;
  const code = scope.timedOut() ? ClientErrorCode.timeout : ClientErrorCode.aborted;
  const message = `${method} ${url} ${code === 'timeout' ? 'timed out' : 'was aborted'}`;
  return new TjApiError({ status: 0, code, message, method, url, cause: scope.signal.reason ?? cause });
}

/** `{baseUrl}/api{path}?{query}`; undefined and null query values are left out, arrays repeat the key. */
export function buildUrl(baseUrl: string, path: string, query?: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    // A list goes as one comma-separated value, as the server reads lists (a repeated parameter is a 400).
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return `${baseUrl.replace(/\/+$/, '')}/api${path}${search ? `?${search}` : ''}`;
}

import type { ErrorCode, FieldError, Problem } from './types.js';

/** Codes the client itself gives to failures that have no server answer (status 0) or no problem body. */
export const ClientErrorCode = {
  networkError: 'network_error',
  timeout: 'timeout',
  aborted: 'aborted',
  invalidResponse: 'invalid_response',
} as const;

/** One of {@link ClientErrorCode}'s values, or `http_<status>` for an error answer without a problem body. */
export type ClientErrorCode = (typeof ClientErrorCode)[keyof typeof ClientErrorCode] | `http_${number}`;

/**
 * The `code` of a {@link TjApiError}: one of the server's codes (`ErrorCode` of @tj/schemas) or one
 * of the client's own. A newer server may send a code this SDK does not know yet; it arrives as
 * sent, so keep a default branch when switching on it.
 */
export type TjApiErrorCode = ErrorCode | ClientErrorCode;

/** What a {@link TjApiError} is made from. */
export interface TjApiErrorInit {
  status: number;
  code: TjApiErrorCode;
  message: string;
  method: string;
  url: string;
  problem?: Problem | undefined;
  retryAfterSeconds?: number | undefined;
  cause?: unknown;
}

/**
 * The one error every client call rejects with: the HTTP status (0 when no answer arrived: network
 * failure, timeout, abort), the server's stable `code` (or one of {@link ClientErrorCode}), the
 * RFC 9457 problem body, and the request's method and URL. Request headers are never kept, so the
 * `Authorization` header cannot leak through logs of the error.
 *
 * @example
 * try {
 *   await client.trades.get(id);
 * } catch (e) {
 *   if (e instanceof TjApiError && e.code === 'not_found') console.log('gone');
 * }
 */
export class TjApiError extends Error {
  override readonly name = 'TjApiError';
  readonly status: number;
  readonly code: TjApiErrorCode;
  readonly problem: Problem | undefined;
  readonly method: string;
  readonly url: string;
  /** Seconds the server asked us to wait (429, 503), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: TjApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.problem = init.problem;
    this.method = init.method;
    this.url = redactUrl(init.url);
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** Field errors of a `validation_failed` answer (empty otherwise). */
  get fieldErrors(): FieldError[] {
    return this.problem?.errors ?? [];
  }

  /** A plain object for logs (`JSON.stringify(error)`). */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      code: this.code,
      method: this.method,
      url: this.url,
      problem: this.problem,
    };
  }
}

/** True when `e` is a {@link TjApiError}, optionally with the given code. */
export function isTjApiError(e: unknown, code?: TjApiErrorCode): e is TjApiError {
  return e instanceof TjApiError && (code === undefined || e.code === code);
}

/** Drops credentials from a URL's userinfo part. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (!u.username && !u.password) return url;
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url;
  }
}

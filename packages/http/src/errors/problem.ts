import { adviceInApiWords, CoreError, ErrorCode, type FieldError, type Problem } from '@tj/core';
import { excerpt } from '@tj/core/internal';
import { STATUS_OF_CODE, statusTitle } from './status.js';

/** A CoreError raised by the HTTP layer itself, with response headers it needs (`Allow`, `WWW-Authenticate`). */
export class HttpError extends CoreError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    errors?: FieldError[],
  ) {
    super(code, message, errors);
  }
}

/** What an error becomes on the wire. */
export interface ProblemResponse {
  status: number;
  headers: Record<string, string>;
  body: Problem;
  /** True when the error was not an expected one: log it, answer only `internal_error`. */
  unexpected: boolean;
}

/** The `WWW-Authenticate` challenge of this API (RFC 6750), before any `error` parameter. */
export const BEARER_CHALLENGE = 'Bearer realm="trading-journal"';

/** Longest detail, and longest field message, a problem carries (messages may quote a file's cells). */
const MAX_DETAIL = 4096;
const MAX_FIELD_MESSAGE = 1024;
/** Most field errors a problem lists. */
const MAX_FIELD_ERRORS = 100;

/** An error's message, and what to do about it in the API's words (its endpoints and parameters). */
function detailOf(error: CoreError): string {
  return error.advice && error.advice.length > 0 ? `${error.message}; ${adviceInApiWords(error.advice)}` : error.message;
}

/**
 * Turns any thrown value into an RFC 9457 problem. CoreErrors keep their code, message and
 * field errors (shortened past a few KiB: a message may quote an uploaded file's cell); anything
 * else is a bug and becomes a bare 500 `internal_error`.
 */
export function toProblem(error: unknown, requestId: string, bearerSent: boolean): ProblemResponse {
  if (!(error instanceof CoreError) || error.code === ErrorCode.internalError) {
    const body: Problem = {
      type: 'about:blank',
      title: statusTitle(500),
      status: 500,
      code: ErrorCode.internalError,
      detail: 'an unexpected error occurred; quote the request id when reporting it',
      requestId,
    };
    return { status: 500, headers: {}, body, unexpected: true };
  }
  const status = STATUS_OF_CODE[error.code];
  const headers: Record<string, string> = error instanceof HttpError ? { ...error.headers } : {};
  if (status === 401 && !headers['www-authenticate']) {
    const badToken = bearerSent && (error.code === ErrorCode.unauthorized || error.code === ErrorCode.tokenExpired);
    headers['www-authenticate'] = badToken ? `${BEARER_CHALLENGE}, error="invalid_token"` : BEARER_CHALLENGE;
  }
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(Math.max(0, error.retryAfterSeconds));
  const body: Problem = {
    type: 'about:blank',
    title: statusTitle(status),
    status,
    code: error.code,
    detail: excerpt(detailOf(error), MAX_DETAIL),
    requestId,
  };
  if (error.advice && error.advice.length > 0) body.advice = [...error.advice];
  if (error.errors && error.errors.length > 0) {
    body.errors = error.errors
      .slice(0, MAX_FIELD_ERRORS)
      .map((f) => ({ path: excerpt(f.path, MAX_FIELD_MESSAGE), message: excerpt(f.message, MAX_FIELD_MESSAGE) }));
  }
  if (error.extensions) Object.assign(body, error.extensions);
  return { status, headers, body, unexpected: status === 500 };
}

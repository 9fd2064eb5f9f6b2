import type { ErrorCode } from '@tj/core';

/**
 * The HTTP status of every core error code. Exhaustive on purpose: a code added to core that
 * nobody mapped here fails to compile.
 */
export const STATUS_OF_CODE: Record<ErrorCode, number> = {
  invalid_json: 400,
  validation_failed: 400,
  unauthorized: 401,
  token_expired: 401,
  invalid_credentials: 401,
  invalid_refresh_token: 401,
  otp_required: 401,
  invalid_otp: 401,
  forbidden: 403,
  insufficient_scope: 403,
  registration_closed: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  idempotency_key_in_use: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  rate_limited: 429,
  headers_too_large: 431,
  malformed_request: 400,
  internal_error: 500,
  unavailable: 503,
};

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The reason phrase of an error status, for a problem body's `title`. */
export function statusTitle(status: number): string {
  return TITLES[status] ?? 'Error';
}

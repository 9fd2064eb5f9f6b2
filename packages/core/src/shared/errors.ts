import type { FieldError } from '@tj/schemas';

/** Stable machine-readable error codes shared by core, the HTTP server, the SDK and the CLI. */
export const ErrorCode = {
  invalidJson: 'invalid_json',
  validationFailed: 'validation_failed',
  unauthorized: 'unauthorized',
  tokenExpired: 'token_expired',
  invalidCredentials: 'invalid_credentials',
  invalidRefreshToken: 'invalid_refresh_token',
  /** The password was right; the account also needs a one-time code (see `POST /api/auth/login/otp`). */
  otpRequired: 'otp_required',
  /** A one-time code (TOTP or recovery code) that is wrong, already used, or whose login step expired. */
  invalidOtp: 'invalid_otp',
  forbidden: 'forbidden',
  /** An API key without the scope the operation needs. */
  insufficientScope: 'insufficient_scope',
  registrationClosed: 'registration_closed',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  /** The request did not arrive in time (the server's request timeout). */
  requestTimeout: 'request_timeout',
  conflict: 'conflict',
  /** A request with this Idempotency-Key is still being processed. */
  idempotencyKeyInUse: 'idempotency_key_in_use',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  /** An Idempotency-Key used before with a different request. */
  idempotencyKeyReused: 'idempotency_key_reused',
  rateLimited: 'rate_limited',
  /** The request's header section is too large. */
  headersTooLarge: 'headers_too_large',
  /** A request that is not valid HTTP (bad framing). */
  malformedRequest: 'malformed_request',
  unavailable: 'unavailable',
  internalError: 'internal_error',
} as const;

/** One of the values of {@link ErrorCode}. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** One failed field of a validation error (its schema is in @tj/schemas). */
export type { FieldError };

/**
 * The one error type core throws for expected failures; adapters map `code` to a status.
 *
 * @example throw new CoreError('not_found', 'trade not found');
 */
export class CoreError extends Error {
  override readonly name = 'CoreError';
  /** Extra members of the problem body (e.g. `otpToken` with `otp_required`); never secrets of others. */
  readonly extensions: Record<string, string> | undefined;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly retryAfterSeconds?: number,
    options?: { cause?: unknown; extensions?: Record<string, string> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.extensions = options?.extensions;
  }
}

/** Builds a `validation_failed` error from field errors; the message lists them. */
export function validationError(errors: FieldError[]): CoreError {
  const detail = errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ');
  return new CoreError(ErrorCode.validationFailed, detail, errors);
}

/** A `not_found` error for a kind of record, e.g. `notFound('trade')`. */
export function notFound(what: string): CoreError {
  return new CoreError(ErrorCode.notFound, `${what} not found`);
}

/** True when `e` is a CoreError with the given code. */
export function isCoreError(e: unknown, code?: ErrorCode): e is CoreError {
  return e instanceof CoreError && (code === undefined || e.code === code);
}

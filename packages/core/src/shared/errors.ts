/** Stable machine-readable error codes shared by core, the HTTP server, the SDK and the CLI. */
export const ErrorCode = {
  invalidJson: 'invalid_json',
  validationFailed: 'validation_failed',
  unauthorized: 'unauthorized',
  tokenExpired: 'token_expired',
  invalidCredentials: 'invalid_credentials',
  invalidRefreshToken: 'invalid_refresh_token',
  forbidden: 'forbidden',
  registrationClosed: 'registration_closed',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  unavailable: 'unavailable',
  internalError: 'internal_error',
} as const;

/** One of the values of {@link ErrorCode}. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** One failed field of a validation error. */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * The one error type core throws for expected failures; adapters map `code` to a status.
 *
 * @example throw new CoreError('not_found', 'trade not found');
 */
export class CoreError extends Error {
  override readonly name = 'CoreError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly retryAfterSeconds?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
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

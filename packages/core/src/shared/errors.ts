import { type Advice, ErrorCode, type FieldError } from '@tj/schemas';

/** The API's error codes (declared with their HTTP statuses in @tj/schemas). */
export { ErrorCode };

/** One failed field of a validation error (its schema is in @tj/schemas). */
export type { FieldError };
/** What a person can do about an error, in no client's words (the HTTP API words it as parameters, the CLI as flags). */
export type { Advice };

/**
 * The one error type core throws for expected failures; adapters map `code` to a status.
 *
 * @example throw new CoreError('not_found', 'trade not found');
 */
export class CoreError extends Error {
  override readonly name = 'CoreError';
  /** Extra members of the problem body (e.g. `otpToken` with `otp_required`); never secrets of others. */
  readonly extensions: Record<string, string> | undefined;
  /** What the person can do about it, as data: each client words it (the API as parameters, the CLI as flags). */
  readonly advice: readonly Advice[] | undefined;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly retryAfterSeconds?: number,
    options?: { cause?: unknown; extensions?: Record<string, string>; advice?: readonly Advice[] },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.extensions = options?.extensions;
    this.advice = options?.advice;
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

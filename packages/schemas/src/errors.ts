/**
 * The API's error codes: one entry per code, with the HTTP status it answers. Core throws most of
 * them, the HTTP layer the rest; the server maps each to its status from here, the SDK types
 * `TjApiError.code` with them and the CLI compares with them.
 */

/** Every error code of the API by name, with its stable wire value (a problem body's `code`) and HTTP status. */
export const ERROR_CODES = {
  /** A request body that is not well-formed JSON (or not UTF-8). */
  invalidJson: { code: 'invalid_json', status: 400 },
  /** Input that failed validation; the problem's `errors` lists each field. */
  validationFailed: { code: 'validation_failed', status: 400 },
  /** No access token, or one that is malformed, badly signed, of the wrong type, or of a disabled user. */
  unauthorized: { code: 'unauthorized', status: 401 },
  /** An access token past its expiry: refresh it. */
  tokenExpired: { code: 'token_expired', status: 401 },
  /** A wrong email or password at login. */
  invalidCredentials: { code: 'invalid_credentials', status: 401 },
  /** A refresh token that is unknown, expired, revoked or already used. */
  invalidRefreshToken: { code: 'invalid_refresh_token', status: 401 },
  /** The password was right; the account also needs a one-time code (see `POST /api/auth/login/otp`). */
  otpRequired: { code: 'otp_required', status: 401 },
  /** A one-time code (TOTP or recovery code) that is wrong, already used, or whose login step expired. */
  invalidOtp: { code: 'invalid_otp', status: 401 },
  /** Authenticated but refused: a disabled account, a refused CORS preflight. */
  forbidden: { code: 'forbidden', status: 403 },
  /** An API key without the scope the operation needs. */
  insufficientScope: { code: 'insufficient_scope', status: 403 },
  /** Registration of new users is closed on this server. */
  registrationClosed: { code: 'registration_closed', status: 403 },
  /** No such resource for this user (another user's record is a 404 too). */
  notFound: { code: 'not_found', status: 404 },
  /** A known path with a method it does not take (the answer's `Allow` lists those it does). */
  methodNotAllowed: { code: 'method_not_allowed', status: 405 },
  /** The request did not arrive in time (the server's request timeout). */
  requestTimeout: { code: 'request_timeout', status: 408 },
  /** A uniqueness conflict, such as a second journal entry for the same date. */
  conflict: { code: 'conflict', status: 409 },
  /** A short id that several of the user's records of one kind share: give the full id (the detail lists them). */
  ambiguousId: { code: 'ambiguous_id', status: 409 },
  /** A request with this Idempotency-Key is still being processed. */
  idempotencyKeyInUse: { code: 'idempotency_key_in_use', status: 409 },
  /** A body, upload or input over one of the server's bounds (the detail names it). */
  payloadTooLarge: { code: 'payload_too_large', status: 413 },
  /** A body of a media type the route does not take. */
  unsupportedMediaType: { code: 'unsupported_media_type', status: 415 },
  /** An Idempotency-Key used before with a different request. */
  idempotencyKeyReused: { code: 'idempotency_key_reused', status: 422 },
  /** Too many requests; `Retry-After` says when to try again. */
  rateLimited: { code: 'rate_limited', status: 429 },
  /** The request's header section is too large. */
  headersTooLarge: { code: 'headers_too_large', status: 431 },
  /** A request that is not valid HTTP (bad framing). */
  malformedRequest: { code: 'malformed_request', status: 400 },
  /** An outside service the request needed (an FX rate provider) failed or answered nonsense; the detail says which, in plain words. */
  upstreamFailed: { code: 'upstream_failed', status: 502 },
  /** The service cannot answer now (database busy or down, webhooks not configured); try again later. */
  unavailable: { code: 'unavailable', status: 503 },
  /** A bug on the server: the body says only that, with the request id to quote. */
  internalError: { code: 'internal_error', status: 500 },
} as const satisfies Record<string, { readonly code: string; readonly status: number }>;

type Table = typeof ERROR_CODES;

/** Stable machine-readable error codes shared by core, the HTTP server, the SDK and the CLI. */
export const ErrorCode = Object.fromEntries(Object.entries(ERROR_CODES).map(([name, entry]) => [name, entry.code])) as {
  readonly [Name in keyof Table]: Table[Name]['code'];
};

/** One of the values of {@link ErrorCode}. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

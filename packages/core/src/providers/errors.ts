/**
 * The one error every outside provider (FX rates, market data, broker APIs) throws, whatever went
 * wrong: what kind of failure it was, in words a user can act on, never a key, token or URL.
 */

/**
 * What went wrong, as the user can act on it.
 * - `auth`: the provider refused the credentials or access (HTTP 401/403); fix the key.
 * - `rate-limited`: too many requests (HTTP 429); wait (`retryAfterMs` when the provider said).
 * - `unavailable`: the provider could not be reached, timed out or failed (5xx); try again later.
 * - `malformed`: the answer could not be read (not the documented shape, or too large).
 * - `not-found`: the provider has no such thing (HTTP 404 that does not mean "no data").
 * - `bad-request`: the request itself was refused (other 4xx) or invalid before sending.
 */
export type ProviderErrorKind = 'auth' | 'rate-limited' | 'unavailable' | 'malformed' | 'not-found' | 'bad-request';

/** Every kind, in a fixed order (for tables and exhaustive checks). */
export const PROVIDER_ERROR_KINDS: readonly ProviderErrorKind[] = [
  'auth',
  'rate-limited',
  'unavailable',
  'malformed',
  'not-found',
  'bad-request',
];

/** The optional facts a provider error carries. */
export interface ProviderErrorDetails {
  /** The HTTP status of the last answer, when there was one. */
  status?: number;
  /** How long the provider asked us to wait before trying again (from `Retry-After`), in ms. */
  retryAfterMs?: number;
  /** How many requests were made before giving up (1 when none was retried). */
  attempts?: number;
}

/**
 * A provider's failure. `kind` says what the user can do, `provider` names the source (`ecb`),
 * the message is plain words. It never holds a URL, a query string, a header or a credential, and
 * carries no `cause` (a fetch error's text can quote the URL), so it is safe to log and to return.
 *
 * @example throw new ProviderError('ecb', 'unavailable', 'the service is unavailable (HTTP 503)', { status: 503 });
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  /** What kind of failure this was. */
  readonly kind: ProviderErrorKind;
  /** The provider's short name (`ecb`). */
  readonly provider: string;
  /** The HTTP status of the last answer, when there was one. */
  readonly status: number | undefined;
  /** The wait the provider asked for, in ms, when it said. */
  readonly retryAfterMs: number | undefined;
  /** Requests made before giving up. */
  readonly attempts: number | undefined;

  /** A failure of `provider`; the message is prefixed with the provider's name. */
  constructor(provider: string, kind: ProviderErrorKind, message: string, details: ProviderErrorDetails = {}) {
    super(`${provider}: ${message}`);
    this.kind = kind;
    this.provider = provider;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
    this.attempts = details.attempts;
  }
}

/** Whether `error` is a provider's failure. */
export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}

/**
 * The kind of a final HTTP status that is not a success (401/403 auth, 404 not-found, 429
 * rate-limited, 5xx unavailable, any other 4xx bad-request); whether to retry is decided apart.
 */
export function kindOfStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'unavailable';
  return 'bad-request';
}

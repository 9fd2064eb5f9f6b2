/**
 * The rules every outside provider follows (FX rates now; market data and broker APIs later):
 * the one error they throw, and the GET that retries, times out and bounds what it reads.
 */
export {
  isProviderError,
  PROVIDER_ERROR_KINDS,
  ProviderError,
  type ProviderErrorDetails,
  type ProviderErrorKind,
  kindOfStatus,
} from './errors.js';
export {
  abortableSleep,
  type FetchLike,
  type GetOptions,
  PROVIDER_HTTP_DEFAULTS,
  PROVIDER_USER_AGENT,
  type ProviderAnswer,
  type ProviderHttp,
  type ProviderHttpOptions,
  providerHttp,
  type Sleep,
} from './http.js';
export { backoffMs, isRetryableStatus, retryAfterMs, safeDetail } from './retry.js';

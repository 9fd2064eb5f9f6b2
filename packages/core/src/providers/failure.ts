import { CoreError, ErrorCode, validationError } from '../shared/errors.js';
import { isProviderError } from './errors.js';

/** How a kind of provider's failures read in the API. */
export interface FailureWords {
  /** What the provider is, first words of each message (`rate provider`, `bar provider`). */
  provider: string;
  /** The input a refused request blames (`currencies`, `instrument`). */
  field: string;
  /** True when the provider's "not found" means the input names nothing it has (a ticker), not a wrong address. */
  notFoundIsInput?: boolean;
}

/**
 * A provider's failure as the API answers it: a request the provider refuses as malformed is a
 * 400 on `words.field`, a provider busy or down a 503 with Retry-After when it said one, anything
 * else it did wrong (a bad key, an address that is not its API, a body we cannot read) a 502;
 * each in plain words naming the provider (ProviderError messages never hold a URL or a
 * credential). Errors that are not the provider's (bugs) pass through unchanged.
 *
 * @example throw providerFailure(e, { provider: 'bar provider', field: 'instrument', notFoundIsInput: true });
 */
export function providerFailure(e: unknown, words: FailureWords): unknown {
  if (!isProviderError(e)) return e;
  const detail = `${words.provider} ${e.message}`;
  if (e.kind === 'bad-request' || (e.kind === 'not-found' && words.notFoundIsInput === true)) {
    return validationError([{ path: words.field, message: detail }]);
  }
  if (e.kind === 'rate-limited' || e.kind === 'unavailable') {
    const seconds = e.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(e.retryAfterMs / 1000));
    return new CoreError(ErrorCode.unavailable, detail, undefined, seconds);
  }
  return new CoreError(ErrorCode.upstreamFailed, detail);
}

import { isProviderError } from '../providers/errors.js';
import { CoreError, ErrorCode, validationError } from '../shared/errors.js';

/**
 * A provider's failure as the API answers it: a request the provider refuses as malformed is a
 * 400, a provider busy or down a 503 with Retry-After when it said one, anything else it did
 * wrong (a bad key, an address that is not its API, a body we cannot read) a 502; each in plain
 * words naming the provider (ProviderError messages never hold a URL or a credential). Errors
 * that are not the provider's (bugs) pass through unchanged.
 */
export function providerFailure(e: unknown): unknown {
  if (!isProviderError(e)) return e;
  const detail = `rate provider ${e.message}`;
  switch (e.kind) {
    case 'bad-request':
      return validationError([{ path: 'currencies', message: detail }]);
    case 'rate-limited':
    case 'unavailable': {
      const seconds = e.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(e.retryAfterMs / 1000));
      return new CoreError(ErrorCode.unavailable, detail, undefined, seconds);
    }
    default:
      return new CoreError(ErrorCode.upstreamFailed, detail);
  }
}

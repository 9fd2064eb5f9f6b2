import { isProviderError } from '../providers/errors.js';
import { CoreError, ErrorCode, validationError } from '../shared/errors.js';

/**
 * A bar provider's failure as the API answers it (like the FX providers'): a request the provider
 * refuses is a 400 on `instrument`, a provider busy or down a 503 with Retry-After when it said
 * one, anything else (a refused key, an answer we cannot read) a 502; each in plain words naming
 * the provider and never holding the key. Errors that are not the provider's pass through.
 */
export function barProviderFailure(e: unknown): unknown {
  if (!isProviderError(e)) return e;
  const detail = `bar provider ${e.message}`;
  switch (e.kind) {
    case 'bad-request':
    case 'not-found':
      return validationError([{ path: 'instrument', message: detail }]);
    case 'rate-limited':
    case 'unavailable': {
      const seconds = e.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(e.retryAfterMs / 1000));
      return new CoreError(ErrorCode.unavailable, detail, undefined, seconds);
    }
    default:
      return new CoreError(ErrorCode.upstreamFailed, detail);
  }
}

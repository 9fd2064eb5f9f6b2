import { CoreError, ErrorCode, validationError } from '../shared/errors.js';

/** What a provider's failure says (providers/errors.ts `ProviderError`), read by shape. */
interface Failure {
  kind: string;
  message: string;
  retryAfterMs?: number | undefined;
}

function isFailure(e: unknown): e is Failure {
  return e instanceof Error && typeof (e as { kind?: unknown }).kind === 'string';
}

/**
 * A provider's failure as the API answers it: the provider refusing the request (an unknown
 * currency) is a 400, busy or down a 503 with Retry-After when it said one, anything else it did
 * wrong (a bad key, a body we cannot read) a 502; each in plain words naming the provider.
 * Errors that are not the provider's (bugs) pass through unchanged.
 */
export function providerFailure(provider: string, e: unknown): unknown {
  if (!isFailure(e)) return e;
  const detail = `the ${provider.toUpperCase()} rate provider: ${e.message}`;
  switch (e.kind) {
    case 'bad-request':
    case 'not-found':
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

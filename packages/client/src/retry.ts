/**
 * How a client retries: on 429 and 503 (any method), on network errors (safe methods, and creating
 * POSTs, which carry an Idempotency-Key), and on 409 `idempotency_key_in_use`.
 */
export interface RetryOptions {
  /** Retries after the first attempt; default 2. 0 turns retrying off. */
  retries?: number;
  /** First backoff step in ms (doubled each retry, full jitter); default 250. */
  baseDelayMs?: number;
  /** Cap of one backoff step in ms; default 8000. */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this (ms) is not waited for: the call fails at once; default 60000. */
  maxRetryAfterMs?: number;
}

/** Retry settings with every default filled in. */
export type RetryPolicy = Required<RetryOptions>;

/** The policy a client uses: the defaults overridden by `options`. */
export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  return {
    retries: options.retries ?? 2,
    baseDelayMs: options.baseDelayMs ?? 250,
    maxDelayMs: options.maxDelayMs ?? 8000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
  };
}

/** Methods that are safe to repeat after a network error (the request may have been processed): safe ones, and PUT (idempotent: it replaces). */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT']);

/** Exponential backoff with full jitter for retry number `retry` (0-based). */
export function backoffMs(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(random() * ceiling);
}

/** The wait a server asked for: `Retry-After` as seconds or an HTTP date, in ms; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Honours a server's wait, adding up to 10% (at most 500 ms) of jitter so that clients do not return in lockstep. */
export function withJitter(ms: number, random: () => number = Math.random): number {
  return Math.round(ms + random() * Math.min(ms * 0.1, 500));
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

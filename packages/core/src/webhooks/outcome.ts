import { parseRetryAfter } from './retry.js';
import type { SendResult } from './ports.js';

/** Statuses whose `Retry-After` the retry schedule honours. */
export const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** How an attempt ended: delivered, gone (410: the webhook is deactivated), or failed (retry). */
export type AttemptVerdict =
  | { kind: 'delivered' }
  | { kind: 'gone'; error: string }
  | { kind: 'failed'; error: string; retryAfterMs: number | null };

/**
 * Classifies one attempt: any 2xx is delivered; 410 is gone; everything else, 3xx included
 * (redirects are not followed), and no answer at all, is a failure.
 *
 * @example classifyAttempt({ statusCode: 302, retryAfter: null, durationMs: 3, error: null }, now).kind // 'failed'
 */
export function classifyAttempt(result: SendResult, now: number): AttemptVerdict {
  const status = result.statusCode;
  if (status === null) return { kind: 'failed', error: result.error ?? 'no answer', retryAfterMs: null };
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  if (status === 410) return { kind: 'gone', error: 'answered 410 Gone: the webhook was deactivated' };
  const retryAfterMs = RETRY_AFTER_STATUSES.has(status) ? parseRetryAfter(result.retryAfter, now) : null;
  const error = status >= 300 && status < 400 ? `answered ${status}: redirects are not followed` : `answered ${status}`;
  return { kind: 'failed', error, retryAfterMs };
}

import { CoreError } from '@tj/core';
import type { RateLimitStore } from './store.js';

/** Rate-limit settings: `limit` requests per `windowSeconds` per user (or per client address). */
export interface RateLimitSettings {
  limit: number;
  windowSeconds: number;
}

/** The outcome of counting one request: the IETF RateLimit header fields to send, and whether to refuse. */
export interface RateLimitDecision {
  headers: Record<string, string>;
  limited: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts requests per key and answers the IETF `RateLimit-Policy` / `RateLimit` fields
 * (draft-ietf-httpapi-ratelimit-headers), plus whether the request is over the limit.
 *
 * @example const d = await createRateLimiter(store, { limit: 600, windowSeconds: 60 }).check('user:42');
 */
export function createRateLimiter(store: RateLimitStore, settings: RateLimitSettings) {
  const windowMs = settings.windowSeconds * 1000;
  const policy = `"default";q=${settings.limit};w=${settings.windowSeconds}`;
  return {
    async check(key: string, now = Date.now()): Promise<RateLimitDecision> {
      const { count, resetAt } = await store.hit(key, windowMs, now);
      const reset = Math.max(1, Math.ceil((resetAt - now) / 1000));
      const remaining = Math.max(0, settings.limit - count);
      return {
        headers: { 'ratelimit-policy': policy, ratelimit: `"default";r=${remaining};t=${reset}` },
        limited: count > settings.limit,
        retryAfterSeconds: reset,
      };
    },
  };
}

/** The error of a request over its limit. */
export function rateLimitedError(retryAfterSeconds: number): CoreError {
  return new CoreError('rate_limited', 'too many requests, slow down', undefined, retryAfterSeconds);
}

/** A limiter. */
export type RateLimiter = ReturnType<typeof createRateLimiter>;

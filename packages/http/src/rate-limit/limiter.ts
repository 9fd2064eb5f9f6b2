import { CoreError } from '@tj/core';
import { gcraStatus, rateInterval } from '@tj/core/internal';
import type { RateLimitStore } from './store.js';

/** One rate limit: `limit` requests per `windowSeconds`, per user (or per client address). */
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
 * Counts requests per key with GCRA (a steady `limit` per window with bursts up to `limit`, and no
 * window boundary to exploit) and answers the IETF `RateLimit-Policy` / `RateLimit` fields
 * (draft-ietf-httpapi-ratelimit-headers): `r` requests left now, `t` seconds until the budget is
 * full again (on a 429: until the next request is allowed).
 *
 * @example const d = await createRateLimiter(store, { limit: 600, windowSeconds: 60 }).check('user:42');
 */
export function createRateLimiter(store: RateLimitStore, settings: RateLimitSettings) {
  const windowMs = settings.windowSeconds * 1000;
  const interval = rateInterval({ limit: settings.limit, windowMs });
  const policy = `"default";q=${settings.limit};w=${settings.windowSeconds}`;
  return {
    async check(key: string, now = Date.now()): Promise<RateLimitDecision> {
      const hit = await store.hit(key, now, interval, windowMs);
      const status = gcraStatus(hit.tat, now, interval, windowMs);
      const state = hit.allowed ? `r=${status.remaining};t=${status.resetSeconds}` : `r=0;t=${status.retryAfterSeconds}`;
      return {
        headers: { 'ratelimit-policy': policy, ratelimit: `"default";${state}` },
        limited: !hit.allowed,
        retryAfterSeconds: status.retryAfterSeconds,
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

import type { RateHit } from '@tj/core';
import { gcraStep } from '@tj/core/internal';
import type { RateLimitStore } from './store.js';

/** The memory store answers at once. */
export interface MemoryRateLimitStore extends RateLimitStore {
  hit(key: string, now: number, intervalMs: number, windowMs: number): RateHit;
}

/**
 * GCRA state in this process's memory (for one process, e.g. on SQLite). Keys whose bucket has
 * refilled are swept once a minute, so memory stays bounded by the keys active in the last window.
 *
 * @example const store = memoryRateLimitStore(); store.hit('user:1', Date.now(), 100, 60_000);
 */
export function memoryRateLimitStore(): MemoryRateLimitStore {
  const tats = new Map<string, number>();
  let swept = 0;
  return {
    hit(key, now, intervalMs, windowMs) {
      if (now - swept >= 60_000) {
        swept = now;
        for (const [k, tat] of tats) if (tat < now) tats.delete(k);
      }
      const step = gcraStep(tats.get(key), now, intervalMs, windowMs);
      if (step.allowed) tats.set(key, step.tat);
      return step;
    },
  };
}

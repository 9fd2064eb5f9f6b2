import type { Storage } from '@tj/core';
import { type RateLimitStore, windowStartOf } from './store.js';

const PREFIX = 'rl:';

/**
 * Fixed-window counters in the database's shared counters, so several server processes on one
 * PostgreSQL database share their limits. Expired counters are purged once per window.
 *
 * @example const store = databaseRateLimitStore(storage);
 */
export function databaseRateLimitStore(storage: Storage): RateLimitStore {
  let purgedWindow = -1;
  return {
    async hit(key, windowMs, now) {
      const start = windowStartOf(now, windowMs);
      const resetAt = start + windowMs;
      if (start !== purgedWindow) {
        purgedWindow = start;
        storage.repos.state.purgeCounters(now).catch(() => {});
      }
      const count = await storage.repos.state.hit(PREFIX + key, start, resetAt);
      return { count, resetAt };
    },
  };
}

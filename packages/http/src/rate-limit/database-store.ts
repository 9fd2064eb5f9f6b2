import type { Storage } from '@tj/core';
import type { RateLimitStore } from './store.js';

const PREFIX = 'rl:';

/**
 * GCRA state in the database (one atomic upsert per hit), so several server processes on one
 * PostgreSQL database share their limits exactly. Refilled keys are purged once a minute.
 *
 * @example const store = databaseRateLimitStore(storage);
 */
export function databaseRateLimitStore(storage: Storage): RateLimitStore {
  let purged = 0;
  return {
    hit(key, now, intervalMs, windowMs) {
      if (now - purged >= 60_000) {
        purged = now;
        storage.repos.state.purgeRates(now).catch(() => {});
      }
      return storage.repos.state.rateHit(PREFIX + key, now, intervalMs, windowMs);
    },
  };
}

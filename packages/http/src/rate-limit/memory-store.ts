import { type RateLimitStore, type WindowCount, windowStartOf } from './store.js';

/**
 * Fixed-window counters in this process's memory (for one process, e.g. on SQLite). Entries of
 * past windows are dropped when a new window starts, so memory stays bounded by one window's keys.
 *
 * @example const store = memoryRateLimitStore(); store.hit('user:1', 60_000, Date.now());
 */
export function memoryRateLimitStore(): RateLimitStore {
  const counts = new Map<string, number>();
  let currentWindow = -1;
  return {
    hit(key, windowMs, now): WindowCount {
      const start = windowStartOf(now, windowMs);
      if (start !== currentWindow) {
        counts.clear();
        currentWindow = start;
      }
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return { count, resetAt: start + windowMs };
    },
  };
}

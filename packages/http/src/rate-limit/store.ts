/** The count of one key in its current fixed window. */
export interface WindowCount {
  count: number;
  /** When the window ends (ms since epoch). */
  resetAt: number;
}

/** Where rate-limit counters live: one process's memory, or the shared database. */
export interface RateLimitStore {
  /** Counts one request of `key` in the fixed window of `windowMs` that contains `now`. */
  hit(key: string, windowMs: number, now: number): Promise<WindowCount> | WindowCount;
  close?(): void;
}

/** The start of the fixed window of `windowMs` that contains `now`. */
export function windowStartOf(now: number, windowMs: number): number {
  return now - (now % windowMs);
}

import type { RateHit } from '@tj/core';

/** Where GCRA rate-limit state lives: one process's memory, or the shared database. */
export interface RateLimitStore {
  /** One GCRA step for `key` (see core's `gcraStep`): allowed or not, and the key's theoretical arrival time. */
  hit(key: string, now: number, intervalMs: number, windowMs: number): Promise<RateHit> | RateHit;
}

/**
 * GCRA (the generic cell rate algorithm), the rate limiter used everywhere: `limit` events per
 * `windowMs`, as a steady flow of one per `interval` with bursts of up to `limit`. Its whole state
 * is one number per key, the theoretical arrival time (tat), so it is one atomic update in a
 * database and has no window boundary at which a client could send twice the limit.
 */
export interface RateSpec {
  limit: number;
  windowMs: number;
}

/**
 * The emission interval of a limit in milliseconds, floored to whole microseconds (the resolution
 * databases keep), so that `limit` hits always fit the window exactly despite rounding.
 */
export function rateInterval(spec: RateSpec): number {
  return Math.max(1, Math.floor((spec.windowMs * 1000) / spec.limit)) / 1000;
}

/**
 * One GCRA step: the hit is allowed when max(tat, now) + interval − now ≤ window, and then tat
 * moves to max(tat, now) + interval; a refused hit leaves tat as it was. SQL stores run the same
 * rule in one upsert.
 *
 * @example gcraStep(undefined, 0, 100, 60_000) // { allowed: true, tat: 100 }
 */
export function gcraStep(tat: number | undefined, now: number, interval: number, windowMs: number) {
  // In whole microseconds, as the SQL stores keep it, so sums of intervals never drift.
  const us = (ms: number) => Math.round(ms * 1000);
  const next = Math.max(us(tat ?? now), us(now)) + Math.max(1, us(interval));
  return next - us(now) <= us(windowMs) ? { allowed: true, tat: next / 1000 } : { allowed: false, tat: tat ?? now };
}

/** What a state means for a client: hits left now, seconds until fully replenished, and the wait before the next allowed hit. */
export function gcraStatus(tat: number, now: number, interval: number, windowMs: number) {
  const used = Math.max(0, tat - now);
  return {
    remaining: Math.max(0, Math.floor((windowMs - used) / interval)),
    resetSeconds: Math.max(1, Math.ceil(used / 1000)),
    retryAfterSeconds: Math.max(1, Math.ceil((used + interval - windowMs) / 1000)),
  };
}

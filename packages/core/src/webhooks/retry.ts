import { DEFAULTS } from '../defaults.js';
/** The default schedule, in seconds after the previous attempt (see `DEFAULTS.webhookRetrySchedule`). */
export const DEFAULT_RETRY_SCHEDULE: readonly number[] = DEFAULTS.webhookRetrySchedule;

/** Each scheduled delay is moved by up to ±20 % at random, so retries of many deliveries spread out. */
export const RETRY_JITTER = 0.2;

/** A `Retry-After` longer than this (24 h) is cut to it. */
export const MAX_RETRY_AFTER_MS = 86_400_000;

/**
 * Checks a schedule (seconds, each ≥ 0) and makes its first entry the first attempt: the first
 * attempt always goes out at once, so a schedule that does not start with 0 lists the retries.
 *
 * @example normalizeRetrySchedule([1, 2, 4]) // [0, 1, 2, 4]
 */
export function normalizeRetrySchedule(schedule: readonly number[]): number[] {
  if (schedule.length === 0) throw new RangeError('the retry schedule needs at least one entry');
  for (const s of schedule) {
    if (!Number.isFinite(s) || s < 0) throw new RangeError(`invalid retry delay: ${s} (seconds, ≥ 0)`);
  }
  return schedule[0] === 0 ? [...schedule] : [0, ...schedule];
}

/**
 * Milliseconds to wait before the next attempt after `attemptsMade` attempts, or null when the
 * schedule is used up. `random01` ∈ [0, 1) places the jitter; a `retryAfterMs` (from a 429/502/
 * 503/504 answer) is honoured: the wait is never shorter than it (capped at 24 h).
 *
 * @example retryDelayMs([0, 5, 300], 1, 0.5, null) // 5000
 */
export function retryDelayMs(
  schedule: readonly number[],
  attemptsMade: number,
  random01: number,
  retryAfterMs: number | null,
): number | null {
  const seconds = schedule[attemptsMade];
  if (seconds === undefined) return null;
  const jittered = Math.round(seconds * 1000 * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random01));
  return retryAfterMs === null ? jittered : Math.max(jittered, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
}

/**
 * Reads a `Retry-After` value: delay-seconds or an HTTP date (relative to `now`), in ms; null
 * when absent or unreadable.
 *
 * @example parseRetryAfter('120', Date.now()) // 120000
 */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  const at = /^[A-Za-z]{3}/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? null : Math.min(Math.max(0, at - now), MAX_RETRY_AFTER_MS);
}

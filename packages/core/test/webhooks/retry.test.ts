import {
  classifyAttempt,
  DEFAULT_RETRY_SCHEDULE,
  MAX_RETRY_AFTER_MS,
  normalizeRetrySchedule,
  parseRetryAfter,
  retryDelayMs,
} from '@tj/core/internal';
import { describe, expect, it } from 'vitest';

const answer = (statusCode: number | null, retryAfter: string | null = null, error: string | null = null) => ({
  statusCode,
  retryAfter,
  durationMs: 5,
  error,
});
const NOW = Date.parse('2026-11-20T12:00:00.000Z');

describe('retry schedule', () => {
  it('defaults to the contract schedule: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h', () => {
    expect(DEFAULT_RETRY_SCHEDULE).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
  });

  it('treats a schedule without a leading 0 as the retries after an immediate first attempt', () => {
    expect(normalizeRetrySchedule([1, 2, 4])).toEqual([0, 1, 2, 4]);
    expect(normalizeRetrySchedule([0, 1, 2])).toEqual([0, 1, 2]);
    expect(() => normalizeRetrySchedule([])).toThrow(RangeError);
    expect(() => normalizeRetrySchedule([0, -1])).toThrow(RangeError);
    expect(() => normalizeRetrySchedule([0, Number.NaN])).toThrow(RangeError);
  });

  it('jitters each delay by at most 20 % either way and stops when the schedule is used up', () => {
    const schedule = [0, 5, 300];
    expect(retryDelayMs(schedule, 1, 0, null)).toBe(4000);
    expect(retryDelayMs(schedule, 1, 0.5, null)).toBe(5000);
    expect(retryDelayMs(schedule, 1, 0.999999, null)).toBe(6000);
    expect(retryDelayMs(schedule, 2, 0.5, null)).toBe(300_000);
    expect(retryDelayMs(schedule, 3, 0.5, null)).toBeNull();
  });

  it('never retries before a Retry-After, and caps it at 24 h', () => {
    expect(retryDelayMs([0, 5], 1, 0.5, 120_000)).toBe(120_000);
    expect(retryDelayMs([0, 5], 1, 0.5, 1000)).toBe(5000);
    expect(retryDelayMs([0, 5], 1, 0.5, 10 * 86_400_000)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryDelayMs([0, 5], 2, 0.5, 1000)).toBeNull();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    expect(parseRetryAfter(new Date(NOW - 90_000).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeNull();
    expect(parseRetryAfter('-5', NOW)).toBeNull();
    expect(parseRetryAfter(null, NOW)).toBeNull();
  });
});

describe('attempt outcome', () => {
  it('counts any 2xx as delivered', () => {
    for (const status of [200, 201, 202, 204, 299]) expect(classifyAttempt(answer(status), NOW)).toEqual({ kind: 'delivered' });
  });

  it('counts a 3xx as a failure: redirects are not followed', () => {
    expect(classifyAttempt(answer(302), NOW)).toEqual({
      kind: 'failed',
      error: 'answered 302: redirects are not followed',
      retryAfterMs: null,
    });
    expect(classifyAttempt(answer(304), NOW).kind).toBe('failed');
  });

  it('takes 410 as gone', () => {
    expect(classifyAttempt(answer(410), NOW).kind).toBe('gone');
  });

  it('honours Retry-After only on 429, 502, 503 and 504', () => {
    for (const status of [429, 502, 503, 504]) {
      expect(classifyAttempt(answer(status, '30'), NOW)).toEqual({
        kind: 'failed',
        error: `answered ${status}`,
        retryAfterMs: 30_000,
      });
    }
    expect(classifyAttempt(answer(500, '30'), NOW)).toEqual({ kind: 'failed', error: 'answered 500', retryAfterMs: null });
    expect(classifyAttempt(answer(400, '30'), NOW)).toEqual({ kind: 'failed', error: 'answered 400', retryAfterMs: null });
  });

  it('keeps the reason when no answer came', () => {
    expect(classifyAttempt(answer(null, null, 'timed out after 15000 ms'), NOW)).toEqual({
      kind: 'failed',
      error: 'timed out after 15000 ms',
      retryAfterMs: null,
    });
  });
});

import { isoUtc } from '@tj/core/internal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('isoUtc', () => {
  it('formats exactly like Date#toISOString across the years we store', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) }), (ms) => {
        expect(isoUtc(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 5000 },
    );
  });

  it('handles the edges of a day and times before 1970', () => {
    for (const ms of [
      0,
      -1,
      86_399_999,
      86_400_000,
      Date.UTC(1969, 11, 31, 23, 59, 59, 999),
      Date.UTC(2026, 11, 28, 0, 0, 0, 1),
    ]) {
      expect(isoUtc(ms)).toBe(new Date(ms).toISOString());
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  MAX_R_BUCKETS,
  accumulate,
  createEquityCurveAccumulator,
  createRDistributionAccumulator,
} from '../../src/analytics/index.js';
import { isCoreError } from '../../src/shared/errors.js';
import { at } from './support.js';

const withR = (rs: (number | null)[]) => rs.map((r, i) => at(`2026-01-0${1 + (i % 9)}T12:00:00Z`, 1, r));

describe('equity curve', () => {
  const facts = [
    at('2026-03-09T15:00:00Z', 100),
    at('2026-03-10T02:30:00Z', -30), // 2026-03-09 in New York
    at('2026-03-10T15:00:00Z', 0.1),
  ];

  it('has one point per local exit date with the running balance', () => {
    expect(accumulate(createEquityCurveAccumulator({ tz: 'America/New_York', startingBalance: 1000 }), facts)).toEqual([
      { date: '2026-03-09', equity: 1070 },
      { date: '2026-03-10', equity: 1070.1 },
    ]);
    expect(accumulate(createEquityCurveAccumulator({ tz: 'UTC' }), facts)).toEqual([
      { date: '2026-03-09', equity: 100 },
      { date: '2026-03-10', equity: 70.1 },
    ]);
    expect(accumulate(createEquityCurveAccumulator({ tz: 'UTC' }), [])).toEqual([]);
  });

  it('sums 10,000 results of 0.1 exactly', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => at(`2026-01-0${1 + (i % 2)}T12:00:00Z`, 0.1));
    const curve = accumulate(createEquityCurveAccumulator({ tz: 'UTC' }), many);
    expect(curve).toEqual([
      { date: '2026-01-01', equity: 500 },
      { date: '2026-01-02', equity: 1000 },
    ]);
  });
});

describe('r distribution', () => {
  it('buckets negative and positive R half-open and contiguous', () => {
    const d = accumulate(createRDistributionAccumulator(), withR([-1.2, -0.5, 0, 0.3, 0.5, 2.1, null]));
    expect(d).toEqual({
      bucketSize: 0.5,
      count: 6,
      averageR: 0.2,
      medianR: 0.15,
      sparse: false,
      buckets: [
        { from: -1.5, to: -1, count: 1 },
        { from: -1, to: -0.5, count: 0 },
        { from: -0.5, to: 0, count: 1 },
        { from: 0, to: 0.5, count: 2 },
        { from: 0.5, to: 1, count: 1 },
        { from: 1, to: 1.5, count: 0 },
        { from: 1.5, to: 2, count: 0 },
        { from: 2, to: 2.5, count: 1 },
      ],
    });
  });

  it('keeps float boundaries exact', () => {
    const d = accumulate(createRDistributionAccumulator(0.1), withR([0.3, 0.7, 0.5]));
    expect(d.medianR).toBe(0.5);
    expect(d.buckets).toEqual([
      { from: 0.3, to: 0.4, count: 1 },
      { from: 0.4, to: 0.5, count: 0 },
      { from: 0.5, to: 0.6, count: 1 },
      { from: 0.6, to: 0.7, count: 0 },
      { from: 0.7, to: 0.8, count: 1 },
    ]);
  });

  it('answers nulls without R and grows past its initial capacity', () => {
    expect(accumulate(createRDistributionAccumulator(1), withR([null]))).toEqual({
      bucketSize: 1,
      count: 0,
      averageR: null,
      medianR: null,
      sparse: false,
      buckets: [],
    });
    const big = accumulate(createRDistributionAccumulator(1), withR(Array.from({ length: 5001 }, (_, i) => i % 3)));
    expect(big.count).toBe(5001);
    expect(big.medianR).toBe(1);
    expect(big.buckets).toEqual([
      { from: 0, to: 1, count: 1667 },
      { from: 1, to: 2, count: 1667 },
      { from: 2, to: 3, count: 1667 },
    ]);
  });

  it('lists only the non-empty buckets when one outlier would need more than 10,000, never refusing the default size', () => {
    // R 5000 at the default 0.5 spans buckets -2 … 9999: 10,002 of them.
    const d = accumulate(createRDistributionAccumulator(), withR([-1, -0.75, 0.2, 5000, 0.25]));
    expect(d).toEqual({
      bucketSize: 0.5,
      count: 5,
      averageR: 999.74,
      medianR: 0.2,
      sparse: true,
      buckets: [
        { from: -1, to: -0.5, count: 2 },
        { from: 0, to: 0.5, count: 2 },
        { from: 5000, to: 5000.5, count: 1 },
      ],
    });
    // 10,000 buckets exactly stay contiguous.
    const edge = accumulate(createRDistributionAccumulator(), withR([0, 4999.9]));
    expect(edge.sparse).toBe(false);
    expect(edge.buckets).toHaveLength(10_000);
  });

  it('refuses a bad bucket size and never the data', () => {
    const path = (fn: () => unknown): string | undefined => {
      try {
        fn();
      } catch (e) {
        return isCoreError(e, 'validation_failed') ? e.errors?.[0]?.path : 'other';
      }
      return undefined;
    };
    expect(path(() => createRDistributionAccumulator(0))).toBe('bucketSize');
    expect(path(() => createRDistributionAccumulator(Number.NaN))).toBe('bucketSize');
    expect(MAX_R_BUCKETS).toBe(10_000);
    expect(path(() => accumulate(createRDistributionAccumulator(0.001), withR([-100, 100])))).toBeUndefined();
  });
});

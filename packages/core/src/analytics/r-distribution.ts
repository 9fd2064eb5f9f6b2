import type { z } from 'zod';
import type { rDistributionSchema } from '@tj/schemas';
import { validationError } from '../shared/errors.js';
import { round8 } from '../shared/money.js';
import type { Accumulator } from './accumulator.js';
import { meanR, ScaledRSum, scaledR } from '../summaries/exact-r.js';

/** Most buckets a contiguous R distribution lists; a wider range lists only its non-empty buckets. */
export const MAX_R_BUCKETS = 10_000;

/** One half-open bucket [from, to) of the R distribution. */
export type RBucket = RDistribution['buckets'][number];

/** The `/analytics/r-distribution` body; averageR and medianR are null when count is 0. */
export type RDistribution = z.output<typeof rDistributionSchema>;

/** Bucket number k of r: round8(k × size) ≤ r < round8((k + 1) × size). */
function bucketNumber(r: number, size: number): number {
  let k = Math.floor(r / size);
  if (r < round8(k * size)) k--;
  else if (r >= round8((k + 1) * size)) k++;
  return k;
}

/**
 * Distribution of rMultiple over trades that have one. Buckets are aligned to multiples of
 * `bucketSize` (default 0.5, at least 0.000001) and contiguous from the lowest to the highest
 * non-empty bucket; when that would take more than {@link MAX_R_BUCKETS} buckets (one outlier
 * far out), only the non-empty buckets are listed and `sparse` is true. Never refuses the data;
 * throws `validation_failed` at `bucketSize` only when the size itself is invalid.
 */
export function createRDistributionAccumulator(bucketSize = 0.5): Accumulator<RDistribution> {
  if (!Number.isFinite(bucketSize) || bucketSize < 1e-6) {
    throw validationError([{ path: 'bucketSize', message: 'must be a number of at least 0.000001' }]);
  }
  let values = new Float64Array(1024);
  let n = 0;
  const sum = new ScaledRSum();
  return {
    add(fact) {
      const r = fact.rMultiple;
      if (r === null || !Number.isFinite(r)) return;
      if (n === values.length) {
        const grown = new Float64Array(n * 2);
        grown.set(values);
        values = grown;
      }
      values[n++] = r;
      sum.add(r);
    },
    result() {
      if (n === 0) return { bucketSize, count: 0, averageR: null, medianR: null, sparse: false, buckets: [] };
      const sorted = values.subarray(0, n).sort();
      const mid = n >> 1;
      // The median of an even count is the exact mean of the middle two, rounded as every mean R is.
      const median =
        n % 2 === 1
          ? round8(sorted[mid] as number)
          : meanR(scaledR(sorted[mid - 1] as number) + scaledR(sorted[mid] as number), 2);
      const first = bucketNumber(sorted[0] as number, bucketSize);
      const span = bucketNumber(sorted[n - 1] as number, bucketSize) - first + 1;
      const sparse = span > MAX_R_BUCKETS;
      const summary = { bucketSize, count: n, averageR: meanR(sum.value(), n), medianR: median, sparse };
      const bucket = (k: number, count: number): RBucket => ({
        from: round8(k * bucketSize),
        to: round8((k + 1) * bucketSize),
        count,
      });
      if (sparse) {
        // Sorted values: equal bucket numbers are adjacent, so one walk lists the non-empty buckets.
        const buckets: RBucket[] = [];
        let k = first;
        let count = 0;
        for (let i = 0; i < n; i++) {
          const b = bucketNumber(sorted[i] as number, bucketSize);
          if (b !== k) {
            buckets.push(bucket(k, count));
            k = b;
            count = 0;
          }
          count++;
        }
        buckets.push(bucket(k, count));
        return { ...summary, buckets };
      }
      const counts = new Array<number>(span).fill(0);
      for (let i = 0; i < n; i++) {
        const k = bucketNumber(sorted[i] as number, bucketSize) - first;
        counts[k] = (counts[k] ?? 0) + 1;
      }
      return { ...summary, buckets: counts.map((count, i) => bucket(first + i, count)) };
    },
  };
}

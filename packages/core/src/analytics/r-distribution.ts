import { validationError } from '../shared/errors.js';
import { round8 } from '../shared/money.js';
import type { Accumulator } from './accumulator.js';
import { CompensatedSum } from './tally.js';

/** Most buckets an R distribution may have (a tiny bucketSize over a wide range is refused). */
export const MAX_R_BUCKETS = 10_000;

/** One half-open bucket [from, to) of the R distribution. */
export interface RBucket {
  from: number;
  to: number;
  count: number;
}

/** The `/analytics/r-distribution` body; averageR and medianR are null when count is 0. */
export interface RDistribution {
  bucketSize: number;
  count: number;
  averageR: number | null;
  medianR: number | null;
  buckets: RBucket[];
}

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
 * non-empty bucket. Throws `validation_failed` at `bucketSize` when invalid, or from result()
 * when the data would need more than {@link MAX_R_BUCKETS} buckets.
 */
export function createRDistributionAccumulator(bucketSize = 0.5): Accumulator<RDistribution> {
  if (!Number.isFinite(bucketSize) || bucketSize < 1e-6) {
    throw validationError([{ path: 'bucketSize', message: 'must be a number of at least 0.000001' }]);
  }
  let values = new Float64Array(1024);
  let n = 0;
  const sum = new CompensatedSum();
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
      if (n === 0) return { bucketSize, count: 0, averageR: null, medianR: null, buckets: [] };
      const sorted = values.subarray(0, n).sort();
      const mid = n >> 1;
      const median = n % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
      const first = bucketNumber(sorted[0] as number, bucketSize);
      const span = bucketNumber(sorted[n - 1] as number, bucketSize) - first + 1;
      if (span > MAX_R_BUCKETS) {
        const message = `too small for the data: ${span} buckets (at most ${MAX_R_BUCKETS})`;
        throw validationError([{ path: 'bucketSize', message }]);
      }
      const counts = new Array<number>(span).fill(0);
      for (let i = 0; i < n; i++) {
        const k = bucketNumber(sorted[i] as number, bucketSize) - first;
        counts[k] = (counts[k] ?? 0) + 1;
      }
      return {
        bucketSize,
        count: n,
        averageR: round8(sum.value() / n),
        medianR: round8(median),
        buckets: counts.map((count, i) => ({
          from: round8((first + i) * bucketSize),
          to: round8((first + i + 1) * bucketSize),
          count,
        })),
      };
    },
  };
}

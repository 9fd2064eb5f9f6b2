/**
 * R multiples are kept as exact integers of 1e-8 (R is stored rounded to 8 decimals), so their
 * sums, and sums of squares, do not depend on how the trades are grouped: a day's sums added
 * together equal the sums of the trades one by one, bit for bit.
 */
export const R_SCALE = 1e8;

/** An R multiple as its scaled integer (its 8 decimals). */
export function scaledR(r: number): bigint {
  return BigInt(Math.round(r * R_SCALE));
}

/** The exact R sums of a segment's state that {@link PendingR} moves its pending sums into. */
export interface RSums {
  rSum: bigint;
  rSq: bigint;
  winRSum: bigint;
  lossRSum: bigint;
}

/** 2^24: a scaled R below {@link FAST_LIMIT} splits into h·2^24 + l with h², h·l and l² exact in a double. */
const SPLIT = 16_777_216;
/** Scaled R values of this magnitude or more are added as bigints at once (below it, {@link PendingR} splits them exactly). */
export const FAST_LIMIT = 2 ** 50;
/** Pending double sums are moved into the bigints before they could pass 2^53. */
const FLUSH_AT = 2 ** 52;

/**
 * Exact sums of scaled R values (their sum, their squares' sum and the wins' and losses' sums),
 * added in doubles while every partial sum is an exact integer and moved into bigints before
 * that could end: a trade costs a few float operations, not bigint allocations.
 */
export class PendingR {
  sum = 0;
  /** x² = hi²·2^48 + hiLo·2^25 + lo² for x = h·2^24 + l. */
  hi = 0;
  hiLo = 0;
  lo = 0;
  win = 0;
  loss = 0;

  /** Adds scaled R `x` (an integer below 2^50 in magnitude) of a trade whose result has `sign`. */
  add(x: number, sign: number): void {
    const l = x % SPLIT;
    const h = (x - l) / SPLIT;
    this.sum += x;
    this.hi += h * h;
    this.hiLo += h * l;
    this.lo += l * l;
    if (sign > 0) this.win += x;
    else if (sign < 0) this.loss += x;
  }

  /** True when another value could make a sum inexact. */
  full(): boolean {
    return (
      Math.abs(this.sum) > FLUSH_AT ||
      this.hi > FLUSH_AT ||
      Math.abs(this.hiLo) > FLUSH_AT ||
      this.lo > FLUSH_AT ||
      Math.abs(this.win) > FLUSH_AT ||
      Math.abs(this.loss) > FLUSH_AT
    );
  }

  /** Moves the pending sums into `s` and clears them. */
  flushInto(s: RSums): void {
    s.rSum += BigInt(this.sum);
    s.rSq += (BigInt(this.hi) << 48n) + (BigInt(this.hiLo) << 25n) + BigInt(this.lo);
    s.winRSum += BigInt(this.win);
    s.lossRSum += BigInt(this.loss);
    this.sum = this.hi = this.hiLo = this.lo = this.win = this.loss = 0;
  }
}

/**
 * An exact sum of R multiples as scaled integers (see {@link meanR}): doubles while the sum is
 * exact, a bigint beyond. Every average R of the analytics adds this way, so they all round the
 * same exact mean.
 */
export class ScaledRSum {
  private small = 0;
  private big = 0n;

  /** Adds one R multiple (finite). */
  add(r: number): void {
    const x = Math.round(r * R_SCALE);
    if (Math.abs(x) >= FAST_LIMIT) {
      this.big += BigInt(x);
      return;
    }
    this.small += x;
    if (Math.abs(this.small) > FLUSH_AT) {
      this.big += BigInt(this.small);
      this.small = 0;
    }
  }

  /** The sum, scaled by 1e8. */
  value(): bigint {
    return this.big + BigInt(this.small);
  }
}

/** floor(a ÷ b) of integers, b > 0. */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return q * b > a ? q - 1n : q;
}

/**
 * The mean of `n` scaled R values summing to `sum`, rounded to 8 decimals exactly as `round8`
 * rounds (half up), from the exact quotient; null when n is 0.
 */
export function meanR(sum: bigint, n: number): number | null {
  if (n === 0) return null;
  const q = Number(floorDiv(2n * sum + BigInt(n), 2n * BigInt(n))) / R_SCALE;
  return q === 0 ? 0 : q;
}

/** Sample standard deviation (n − 1) of the scaled R values, unrounded; null below 2 values. */
export function sampleStdDevR(n: number, sum: bigint, sq: bigint): number | null {
  if (n < 2) return null;
  const N = BigInt(n);
  const num = N * sq - sum * sum;
  return Math.sqrt(Number(num) / (n * (n - 1))) / R_SCALE;
}

/** The unrounded mean R of a segment (0 without R values). */
export function rawMeanR(s: { rN: number; rSum: bigint }): number {
  return s.rN === 0 ? 0 : Number(s.rSum) / s.rN / R_SCALE;
}

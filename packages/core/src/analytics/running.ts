import { round8 } from '../shared/money.js';

/**
 * Count, mean and variance of a stream of numbers by Welford's update (stable in one pass; the
 * trades come in one fixed order, so both databases give the same figures).
 */
export class RunningMoments {
  n = 0;
  private m = 0;
  private s = 0;

  /** Adds one value. */
  add(x: number): void {
    this.n++;
    const d = x - this.m;
    this.m += d / this.n;
    this.s += d * (x - this.m);
  }

  /** The mean; 0 without values. */
  mean(): number {
    return this.m;
  }

  /** The mean rounded to 8 decimals; null without values. */
  meanOrNull(): number | null {
    return this.n === 0 ? null : round8(this.m);
  }

  /** The sample standard deviation (n − 1 in the denominator); null with fewer than 2 values. */
  sampleStdDev(): number | null {
    return this.n < 2 ? null : Math.sqrt(Math.max(0, this.s) / (this.n - 1));
  }
}

/**
 * Win and loss runs over results fed in exit order. A breakeven result (exactly 0) ends both
 * runs; `current` is the run at the end: +n for n wins, −n for n losses, 0 after a breakeven
 * trade or without trades.
 */
export class Streaks {
  longestWin = 0;
  longestLoss = 0;
  current = 0;

  /** Adds one result (any unit: only its sign counts). */
  add(result: number): void {
    if (result > 0) {
      this.current = this.current > 0 ? this.current + 1 : 1;
      if (this.current > this.longestWin) this.longestWin = this.current;
    } else if (result < 0) {
      this.current = this.current < 0 ? this.current - 1 : -1;
      if (-this.current > this.longestLoss) this.longestLoss = -this.current;
    } else {
      this.current = 0;
    }
  }
}

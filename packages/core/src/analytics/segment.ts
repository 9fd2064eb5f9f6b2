import type { ClosedTradeFact } from './types.js';

/**
 * R multiples are kept as exact integers of 1e-8 (R is stored rounded to 8 decimals), so their
 * sums, and sums of squares, do not depend on how the trades are grouped: a day's sums added
 * together equal the sums of the trades one by one, bit for bit.
 */
const R_SCALE = 1e8;

/** An R multiple as its scaled integer (its 8 decimals). */
export function scaledR(r: number): bigint {
  return BigInt(Math.round(r * R_SCALE));
}

/**
 * Exact sums of scaled R values (their sum, their squares' sum and the wins' and losses' sums),
 * added in doubles while every partial sum is an exact integer and moved into bigints before
 * that could end: a trade costs a few float operations, not bigint allocations.
 */
class PendingR {
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
  flushInto(s: SegmentState): void {
    s.rSum += BigInt(this.sum);
    s.rSq += (BigInt(this.hi) << 48n) + (BigInt(this.hiLo) << 25n) + BigInt(this.lo);
    s.winRSum += BigInt(this.win);
    s.lossRSum += BigInt(this.loss);
    this.sum = this.hi = this.hiLo = this.lo = this.win = this.loss = 0;
  }
}

/** 2^24: a scaled R below {@link FAST_LIMIT} splits into h·2^24 + l with h², h·l and l² exact in a double. */
const SPLIT = 16_777_216;
const FAST_LIMIT = 2 ** 50;
/** Pending double sums are moved into the bigints before they could pass 2^53. */
const FLUSH_AT = 2 ** 52;

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

/** The plain fields of a {@link Segment}: what the day summary table stores per (user, UTC day). */
export interface SegmentState {
  trades: number;
  wins: number;
  losses: number;
  /** Sums in micro-units of money: results, winning results (≥ 0), losing results (≤ 0), fees. */
  pnl: number;
  grossProfit: number;
  grossLoss: number;
  fees: number;
  /** Summed exitTime − entryTime of the wins and of the losses, ms. */
  winHoldMs: number;
  lossHoldMs: number;
  /** Best win (0 without one) and worst loss (0 without one), micros. */
  largestWin: number;
  largestLoss: number;
  /** Highest and lowest running P&L inside the segment from its start (the empty prefix counts: ≥ 0, ≤ 0). */
  maxPrefix: number;
  minPrefix: number;
  /** Deepest fall below the running peak inside the segment (the peak starts at 0), micros. */
  maxDrawdown: number;
  /** Signed run at the start and at the end (+n wins, −n losses, 0 for a breakeven). */
  firstRun: number;
  lastRun: number;
  /** True when every trade of the (non-empty) segment belongs to one run. */
  oneRun: boolean;
  longestWin: number;
  longestLoss: number;
  /** R multiples (scaled by 1e8): count, sum and sum of squares of all; count and sum of wins' and losses'. */
  rN: number;
  rSum: bigint;
  rSq: bigint;
  winRN: number;
  winRSum: bigint;
  lossRN: number;
  lossRSum: bigint;
}

/** The run a signed run and the next segment's first run make together, when both go the same way. */
function joinRuns(last: number, first: number): number {
  return (last > 0 && first > 0) || (last < 0 && first < 0) ? last + first : first;
}

/**
 * What every statistic needs of a contiguous run of closed trades in (exitTime, id) order, as a
 * monoid: {@link add} feeds one trade, {@link append} a whole segment that follows. Feeding the
 * trades one by one and appending per-day segments give the same state exactly (integers only).
 */
export class Segment implements SegmentState {
  /** R sums not yet in the bigint fields: read the segment through {@link state}. */
  readonly #pending = new PendingR();

  trades = 0;
  wins = 0;
  losses = 0;
  pnl = 0;
  grossProfit = 0;
  grossLoss = 0;
  fees = 0;
  winHoldMs = 0;
  lossHoldMs = 0;
  largestWin = 0;
  largestLoss = 0;
  maxPrefix = 0;
  minPrefix = 0;
  maxDrawdown = 0;
  firstRun = 0;
  lastRun = 0;
  oneRun = false;
  longestWin = 0;
  longestLoss = 0;
  rN = 0;
  rSum = 0n;
  rSq = 0n;
  winRN = 0;
  winRSum = 0n;
  lossRN = 0;
  lossRSum = 0n;

  /** The segment's figures as a plain object (every R sum settled). */
  state(): SegmentState {
    this.#pending.flushInto(this);
    return { ...this };
  }

  /** Adds the next trade. */
  add(fact: ClosedTradeFact): void {
    const r = fact.resultMicros;
    const sign = r > 0 ? 1 : r < 0 ? -1 : 0;
    if (this.trades === 0) {
      this.firstRun = sign;
      this.lastRun = sign;
      this.oneRun = sign !== 0;
    } else if (sign !== 0 && Math.sign(this.lastRun) === sign) {
      this.lastRun += sign;
      if (this.oneRun) this.firstRun += sign;
    } else {
      this.lastRun = sign;
      this.oneRun = false;
    }
    this.trades++;
    this.pnl += r;
    if (this.pnl > this.maxPrefix) this.maxPrefix = this.pnl;
    else if (this.maxPrefix - this.pnl > this.maxDrawdown) this.maxDrawdown = this.maxPrefix - this.pnl;
    if (this.pnl < this.minPrefix) this.minPrefix = this.pnl;
    this.fees += fact.feesMicros;
    const rm = fact.rMultiple;
    const hasR = rm !== null && Number.isFinite(rm);
    if (hasR) this.addR(Math.round(rm * R_SCALE), sign);
    if (sign > 0) {
      this.wins++;
      this.grossProfit += r;
      if (r > this.largestWin) this.largestWin = r;
      this.winHoldMs += fact.exitTime - fact.entryTime;
      if (this.lastRun > this.longestWin) this.longestWin = this.lastRun;
      if (hasR) this.winRN++;
    } else if (sign < 0) {
      this.losses++;
      this.grossLoss += r;
      if (r < this.largestLoss) this.largestLoss = r;
      this.lossHoldMs += fact.exitTime - fact.entryTime;
      if (-this.lastRun > this.longestLoss) this.longestLoss = -this.lastRun;
      if (hasR) this.lossRN++;
    }
  }

  /** Adds scaled R `x` of a trade whose result has `sign` to the sums. */
  private addR(x: number, sign: number): void {
    this.rN++;
    if (Math.abs(x) >= FAST_LIMIT) {
      const big = BigInt(x);
      this.rSum += big;
      this.rSq += big * big;
      if (sign > 0) this.winRSum += big;
      else if (sign < 0) this.lossRSum += big;
      return;
    }
    const p = this.#pending;
    p.add(x, sign);
    if (p.full()) p.flushInto(this);
  }

  /** Appends the segment that follows this one (its trades all come later in exit order); `b` is a {@link state}. */
  append(b: SegmentState): void {
    if (b.trades === 0) return;
    this.#pending.flushInto(this);
    if (this.trades === 0) {
      Object.assign(this, b);
      return;
    }
    const joined = joinRuns(this.lastRun, b.firstRun);
    this.longestWin = Math.max(this.longestWin, b.longestWin, joined);
    this.longestLoss = Math.max(this.longestLoss, b.longestLoss, -joined);
    const sameWay = joined !== b.firstRun;
    if (this.oneRun && sameWay) this.firstRun += b.firstRun;
    this.lastRun = b.oneRun ? joined : b.lastRun;
    this.oneRun = this.oneRun && b.oneRun && sameWay;
    this.maxDrawdown = Math.max(this.maxDrawdown, b.maxDrawdown, this.maxPrefix - (this.pnl + b.minPrefix));
    this.maxPrefix = Math.max(this.maxPrefix, this.pnl + b.maxPrefix);
    this.minPrefix = Math.min(this.minPrefix, this.pnl + b.minPrefix);
    this.trades += b.trades;
    this.wins += b.wins;
    this.losses += b.losses;
    this.pnl += b.pnl;
    this.grossProfit += b.grossProfit;
    this.grossLoss += b.grossLoss;
    this.fees += b.fees;
    this.winHoldMs += b.winHoldMs;
    this.lossHoldMs += b.lossHoldMs;
    this.largestWin = Math.max(this.largestWin, b.largestWin);
    this.largestLoss = Math.min(this.largestLoss, b.largestLoss);
    this.rN += b.rN;
    this.rSum += b.rSum;
    this.rSq += b.rSq;
    this.winRN += b.winRN;
    this.winRSum += b.winRSum;
    this.lossRN += b.lossRN;
    this.lossRSum += b.lossRSum;
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
export function rawMeanR(s: SegmentState): number {
  return s.rN === 0 ? 0 : Number(s.rSum) / s.rN / R_SCALE;
}

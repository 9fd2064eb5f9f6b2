import { FAST_LIMIT, PendingR, R_SCALE } from './exact-r.js';
import type { ClosedTradeFact } from './fact.js';

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

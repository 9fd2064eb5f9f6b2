import { copyState, emptyState, foldPlain, type SegmentState } from './day-fields.js';
import { addToRun, appendRun } from './drawdown.js';
import { FAST_LIMIT, PendingR, R_SCALE } from './exact-r.js';
import type { ClosedTradeFact } from './fact.js';
import { outcomeOf } from './outcome.js';

/** The run a signed run and the next segment's first run make together, when both go the same way. */
function joinRuns(last: number, first: number): number {
  return (last > 0 && first > 0) || (last < 0 && first < 0) ? last + first : first;
}

/**
 * What every statistic needs of a contiguous run of closed trades in (exitTime, id) order, as a
 * monoid: {@link add} feeds one trade, {@link append} a whole segment that follows. Feeding the
 * trades one by one and appending per-day segments give the same state exactly (integers only).
 * Its fields are the per-day summary's (summaries/day-fields.ts).
 */
export class Segment {
  /** R sums not yet in the bigint fields: read the segment through {@link state}. */
  readonly #pending = new PendingR();
  readonly #s: SegmentState = emptyState();

  /** The number of trades in the segment. */
  get trades(): number {
    return this.#s.trades;
  }

  /** The segment's figures as a plain object (every R sum settled). */
  state(): SegmentState {
    this.#pending.flushInto(this.#s);
    return { ...this.#s };
  }

  /** Adds the next trade. */
  add(fact: ClosedTradeFact): void {
    const s = this.#s;
    const r = fact.resultMicros;
    const sign = outcomeOf(r);
    if (s.trades === 0) {
      s.firstRun = sign;
      s.lastRun = sign;
      s.oneRun = sign !== 0;
    } else if (sign !== 0 && Math.sign(s.lastRun) === sign) {
      s.lastRun += sign;
      if (s.oneRun) s.firstRun += sign;
    } else {
      s.lastRun = sign;
      s.oneRun = false;
    }
    s.trades++;
    addToRun(s, r);
    s.fees += fact.feesMicros;
    const rm = fact.rMultiple;
    const hasR = rm !== null && Number.isFinite(rm);
    if (hasR) this.addR(Math.round(rm * R_SCALE), sign);
    if (sign > 0) {
      s.wins++;
      s.grossProfit += r;
      if (r > s.largestWin) s.largestWin = r;
      s.winHoldMs += fact.exitTime - fact.entryTime;
      if (s.lastRun > s.longestWin) s.longestWin = s.lastRun;
      if (hasR) s.winRN++;
    } else if (sign < 0) {
      s.losses++;
      s.grossLoss += r;
      if (r < s.largestLoss) s.largestLoss = r;
      s.lossHoldMs += fact.exitTime - fact.entryTime;
      if (-s.lastRun > s.longestLoss) s.longestLoss = -s.lastRun;
      if (hasR) s.lossRN++;
    }
  }

  /** Adds scaled R `x` of a trade whose result has `sign` to the sums. */
  private addR(x: number, sign: number): void {
    const s = this.#s;
    s.rN++;
    if (Math.abs(x) >= FAST_LIMIT) {
      const big = BigInt(x);
      s.rSum += big;
      s.rSq += big * big;
      if (sign > 0) s.winRSum += big;
      else if (sign < 0) s.lossRSum += big;
      return;
    }
    const p = this.#pending;
    p.add(x, sign);
    if (p.full()) p.flushInto(s);
  }

  /** Appends the segment that follows this one (its trades all come later in exit order); `b` is a {@link state}. */
  append(b: SegmentState): void {
    if (b.trades === 0) return;
    const s = this.#s;
    this.#pending.flushInto(s);
    if (s.trades === 0) {
      copyState(s, b);
      return;
    }
    const joined = joinRuns(s.lastRun, b.firstRun);
    s.longestWin = Math.max(s.longestWin, b.longestWin, joined);
    s.longestLoss = Math.max(s.longestLoss, b.longestLoss, -joined);
    const sameWay = joined !== b.firstRun;
    if (s.oneRun && sameWay) s.firstRun += b.firstRun;
    s.lastRun = b.oneRun ? joined : b.lastRun;
    s.oneRun = s.oneRun && b.oneRun && sameWay;
    appendRun(s, b);
    foldPlain(s, b);
  }
}

/**
 * The drawdown fold over results in exit order, in micro-units: the running P&L from a start, its
 * peak (the start counts, so the peak is never below it; only a P&L strictly above the peak is a
 * new one, so the first trade at a maximum is the peak) and the fall below that peak. Written
 * once: the statistics' segment, the report's underwater line and the maxDrawdown alert fold
 * with it.
 */
export interface RunningPeak {
  /** The running P&L. */
  pnl: number;
  /** The highest running P&L so far, the start included. */
  maxPrefix: number;
}

/** Adds the next result to `s`; true when it made a new peak. */
export function climb(s: RunningPeak, result: number): boolean {
  s.pnl += result;
  if (s.pnl <= s.maxPrefix) return false;
  s.maxPrefix = s.pnl;
  return true;
}

/** How far the running P&L stands below its peak (0 at a peak). */
export function fallOf(s: RunningPeak): number {
  return s.maxPrefix - s.pnl;
}

/** A run's drawdown fields: its running peak, its lowest running P&L (≤ 0) and its deepest fall. */
export interface DrawdownRun extends RunningPeak {
  minPrefix: number;
  maxDrawdown: number;
}

/** Adds the next result to a run. */
export function addToRun(s: DrawdownRun, result: number): void {
  if (!climb(s, result) && fallOf(s) > s.maxDrawdown) s.maxDrawdown = fallOf(s);
  if (s.pnl < s.minPrefix) s.minPrefix = s.pnl;
}

/**
 * Appends run `b`, whose trades all come after `a`'s, to `a`: the deepest fall is inside one of
 * them or from `a`'s peak to `b`'s lowest point.
 */
export function appendRun(a: DrawdownRun, b: DrawdownRun): void {
  a.maxDrawdown = Math.max(a.maxDrawdown, b.maxDrawdown, a.maxPrefix - (a.pnl + b.minPrefix));
  a.maxPrefix = Math.max(a.maxPrefix, a.pnl + b.maxPrefix);
  a.minPrefix = Math.min(a.minPrefix, a.pnl + b.minPrefix);
  a.pnl += b.pnl;
}

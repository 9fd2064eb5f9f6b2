import { fromMicros, toMicros } from '../shared/money.js';
import type { Repositories } from '../storage/ports.js';
import { climb, fallOf, type RunningPeak } from '../summaries/drawdown.js';
import { EMPTY, type Folded, isAfter, moved, type RunningRule, resultOf } from './running-fold.js';

/** How far before the last close the checkpoint stays: back-dated closes land after it. */
const CHECKPOINT_LAG_MS = 7 * 86_400_000;

/** The drawdown fold up to one close (null: the start): cumulative P&L, its peak and the peak's key and exit. */
interface Point {
  exitTime: number | null;
  id: string | null;
  cumulativeMicros: number;
  peakMicros: number;
  peakKey: string;
  peakExitTime: number | null;
}

const START: Point = { exitTime: null, id: null, cumulativeMicros: 0, peakMicros: 0, peakKey: 'start', peakExitTime: null };

const checkpointOf = (s: Folded): Point => ({
  exitTime: s.checkpointExitTime,
  id: s.checkpointTradeId,
  cumulativeMicros: s.checkpointCumulativeMicros,
  peakMicros: s.checkpointPeakMicros,
  peakKey: s.checkpointPeakKey,
  peakExitTime: s.checkpointPeakExitTime,
});

/** The running P&L and peak of a point or state. */
const runOf = (p: { cumulativeMicros: number; peakMicros: number }): RunningPeak => ({
  pnl: p.cumulativeMicros,
  maxPrefix: p.peakMicros,
});

/** `p` after the close `t` of `result`, by the drawdown fold: a new peak takes the close as its key. */
function climbed<P extends Omit<Point, 'exitTime' | 'id'>>(p: P, t: { id: string; exitTime: number | null }, result: number): P {
  const run = runOf(p);
  const peak = climb(run, result) ? { peakKey: t.id, peakExitTime: t.exitTime } : {};
  return { ...p, cumulativeMicros: run.pnl, peakMicros: run.maxPrefix, ...peak };
}

/** `base` with the fold's figures at `end` and `checkpoint` as its checkpoint. */
const withWalk = (base: Folded, end: Point, checkpoint: Point): Folded => ({
  ...base,
  cumulativeMicros: end.cumulativeMicros,
  peakMicros: end.peakMicros,
  peakKey: end.peakKey,
  peakExitTime: end.peakExitTime,
  checkpointExitTime: checkpoint.exitTime,
  checkpointTradeId: checkpoint.id,
  checkpointCumulativeMicros: checkpoint.cumulativeMicros,
  checkpointPeakMicros: checkpoint.peakMicros,
  checkpointPeakKey: checkpoint.peakKey,
  checkpointPeakExitTime: checkpoint.peakExitTime,
});

/**
 * Folds the user's closes after `from` into it, as the scan does (a peak is the first point at
 * the maximum). Answers the fold at the last close and the latest point at least
 * CHECKPOINT_LAG_MS before it (the next checkpoint; `from` when there is none).
 */
async function walk(tx: Repositories, userId: string, from: Point): Promise<{ end: Point; checkpoint: Point }> {
  let p = from;
  let checkpoint = from;
  let recent: Point[] = [];
  let head = 0;
  for await (const batch of tx.trades.closedOutcomes(userId, from.exitTime === null ? {} : { exitFrom: from.exitTime })) {
    for (const f of batch) {
      if (!isAfter(f, from.exitTime, from.id)) continue;
      p = { ...climbed(p, f, f.resultMicros), exitTime: f.exitTime, id: f.id };
      recent.push(p);
      while ((recent[head]?.exitTime as number) < f.exitTime - CHECKPOINT_LAG_MS) checkpoint = recent[head++] as Point;
      if (head > 4096) [recent, head] = [recent.slice(head), 0];
    }
  }
  return { end: p, checkpoint };
}

/**
 * The drawdown rule's running state. A back-dated close is O(1) when a loss lands after the peak
 * (every later point falls) or a gain before it (the peak rises with them); otherwise the closes
 * after the checkpoint are replayed, and one before the checkpoint rebuilds.
 */
export const maxDrawdown: RunningRule = {
  async rebuild(tx, userId) {
    const { end, checkpoint } = await walk(tx, userId, START);
    return withWalk({ ...EMPTY, lastExitTime: end.exitTime, lastTradeId: end.id }, end, checkpoint);
  },
  async fold(_tx, state, trade) {
    return climbed(moved(state, trade), trade, resultOf(trade));
  },
  async insert(tx, state, trade) {
    if (!isAfter(trade, state.checkpointExitTime, state.checkpointTradeId)) return undefined;
    const r = resultOf(trade);
    const afterPeak = state.peakKey === 'start' || isAfter(trade, state.peakExitTime, state.peakKey);
    const cumulativeMicros = state.cumulativeMicros + r;
    if (afterPeak && r <= 0) return { ...state, cumulativeMicros };
    if (!afterPeak && r >= 0) return { ...state, cumulativeMicros, peakMicros: state.peakMicros + r };
    const { end, checkpoint } = await walk(tx, trade.userId, checkpointOf(state));
    return withWalk(state, end, checkpoint);
  },
  async trigger(_tx, alert, _trade, s) {
    const drawdown = fallOf(runOf(s));
    if (drawdown <= 0 || drawdown < toMicros(alert.threshold)) return undefined;
    return { periodKey: `peak:${s.peakKey}`, value: fromMicros(drawdown) };
  },
};

import { fromMicros, toMicros } from '../shared/money.js';
import type { Repositories } from '../storage/ports.js';
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
  const p = { ...from };
  let checkpoint = from;
  let recent: Point[] = [];
  let head = 0;
  for await (const batch of tx.trades.closedOutcomes(userId, from.exitTime === null ? {} : { exitFrom: from.exitTime })) {
    for (const f of batch) {
      if (!isAfter(f, from.exitTime, from.id)) continue;
      p.cumulativeMicros += f.resultMicros;
      if (p.cumulativeMicros > p.peakMicros)
        Object.assign(p, { peakMicros: p.cumulativeMicros, peakKey: f.id, peakExitTime: f.exitTime });
      Object.assign(p, { exitTime: f.exitTime, id: f.id });
      recent.push({ ...p });
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
    const cumulativeMicros = state.cumulativeMicros + resultOf(trade);
    const next = { ...moved(state, trade), cumulativeMicros };
    if (cumulativeMicros <= state.peakMicros) return next;
    return { ...next, peakMicros: cumulativeMicros, peakKey: trade.id, peakExitTime: trade.exitTime };
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
    const drawdown = s.peakMicros - s.cumulativeMicros;
    if (drawdown <= 0 || drawdown < toMicros(alert.threshold)) return undefined;
    return { periodKey: `peak:${s.peakKey}`, value: fromMicros(drawdown) };
  },
};

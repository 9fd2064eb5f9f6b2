import { fromMicros, toMicros } from '../shared/money.js';
import type { Repositories } from '../storage/ports.js';
import { dailyLossLimit } from './running-daily.js';
import { EMPTY, type Folded, isAfter, moved, type RunningRule, type RunningType, resultOf } from './running-fold.js';

/** The latest closed trades, newest first, until the losing run at the top ends (or the trades do). */
async function latestRun(tx: Repositories, userId: string): Promise<Folded> {
  for (let limit = 16; ; limit *= 4) {
    const latest = await tx.trades.latestClosed(userId, limit);
    let length = 0;
    while (length < latest.length && (latest[length]?.resultMicros ?? 0) < 0) length++;
    if (length < latest.length || latest.length < limit) {
      const [last, first, breaker] = [latest[0], latest[length - 1], latest[length]];
      return {
        ...EMPTY,
        lastExitTime: last?.exitTime ?? null,
        lastTradeId: last?.id ?? null,
        runLength: length,
        runFirstId: length > 0 ? (first?.id ?? null) : null,
        runFirstExitTime: length > 0 ? (first?.exitTime ?? null) : null,
        runBreakerId: breaker?.id ?? null,
        runBreakerExitTime: breaker?.exitTime ?? null,
      };
    }
  }
}

const maxDrawdown: RunningRule = {
  async rebuild(tx, userId) {
    const s = { ...EMPTY };
    for await (const batch of tx.trades.closedOutcomes(userId, {})) {
      for (const f of batch) {
        s.cumulativeMicros += f.resultMicros;
        if (s.cumulativeMicros > s.peakMicros) {
          s.peakMicros = s.cumulativeMicros;
          s.peakKey = f.id;
          s.peakExitTime = f.exitTime;
        }
        s.lastExitTime = f.exitTime;
        s.lastTradeId = f.id;
      }
    }
    return s;
  },
  async fold(_tx, state, trade) {
    const cumulativeMicros = state.cumulativeMicros + resultOf(trade);
    const moved_ = moved(state, trade);
    if (cumulativeMicros <= state.peakMicros) return { ...moved_, cumulativeMicros };
    return { ...moved_, cumulativeMicros, peakMicros: cumulativeMicros, peakKey: trade.id, peakExitTime: trade.exitTime };
  },
  // The peak is the first point of the curve at its maximum. A loss after it lowers every later
  // point and a gain before it raises the peak with them, in O(1). A gain after it may set a new
  // peak at or after the trade: the trades after it are read. A loss before it needs the curve
  // before the trade: a rebuild.
  async insert(tx, state, trade) {
    const r = resultOf(trade);
    const afterPeak = state.peakKey === 'start' || isAfter(trade, state.peakExitTime, state.peakKey);
    const cumulativeMicros = state.cumulativeMicros + r;
    if (afterPeak && r <= 0) return { ...state, cumulativeMicros };
    if (!afterPeak && r >= 0) return { ...state, cumulativeMicros, peakMicros: state.peakMicros + r };
    if (!afterPeak) return undefined;
    const later: Array<{ id: string; exitTime: number; resultMicros: number }> = [];
    for await (const batch of tx.trades.closedOutcomes(trade.userId, { exitFrom: trade.exitTime as number })) {
      for (const f of batch) if (isAfter(f, trade.exitTime, trade.id)) later.push(f);
    }
    // The curve just before the trade, then the trade and every later close, peaks kept as the scan keeps them.
    let point = state.cumulativeMicros - later.reduce((sum, f) => sum + f.resultMicros, 0);
    const s = { ...state, cumulativeMicros };
    for (const f of [{ id: trade.id, resultMicros: r, exitTime: trade.exitTime as number }, ...later]) {
      point += f.resultMicros;
      if (point > s.peakMicros) Object.assign(s, { peakMicros: point, peakKey: f.id, peakExitTime: f.exitTime });
    }
    return s;
  },
  async trigger(_tx, alert, _trade, s) {
    const drawdown = s.peakMicros - s.cumulativeMicros;
    if (drawdown <= 0 || drawdown < toMicros(alert.threshold)) return undefined;
    return { periodKey: `peak:${s.peakKey}`, value: fromMicros(drawdown) };
  },
};

const maxConsecutiveLosses: RunningRule = {
  rebuild: (tx, userId) => latestRun(tx, userId),
  async fold(_tx, state, trade) {
    if (resultOf(trade) >= 0) {
      return {
        ...moved(state, trade),
        runLength: 0,
        runFirstId: null,
        runFirstExitTime: null,
        runBreakerId: trade.id,
        runBreakerExitTime: trade.exitTime,
      };
    }
    if (state.runLength > 0) return { ...moved(state, trade), runLength: state.runLength + 1 };
    return { ...moved(state, trade), runLength: 1, runFirstId: trade.id, runFirstExitTime: trade.exitTime };
  },
  // A close before the latest one: the run grows when a loss lands in it or just before it; a
  // win inside it cuts it at a length only a read can tell.
  async insert(_tx, state, trade) {
    if (state.runLength === 0) return state;
    const loss = resultOf(trade) < 0;
    if (isAfter(trade, state.runFirstExitTime, state.runFirstId))
      return loss ? { ...state, runLength: state.runLength + 1 } : undefined;
    if (!isAfter(trade, state.runBreakerExitTime, state.runBreakerId)) return state;
    if (!loss) return { ...state, runBreakerId: trade.id, runBreakerExitTime: trade.exitTime };
    return { ...state, runLength: state.runLength + 1, runFirstId: trade.id, runFirstExitTime: trade.exitTime };
  },
  async trigger(_tx, alert, trade, s) {
    // Once per run: a run that grows past the threshold (or jumps over it) keeps its first trade.
    const n = Math.ceil(alert.threshold);
    if (n < 1 || resultOf(trade) >= 0 || s.runLength < n) return undefined;
    return { periodKey: `run:${s.runFirstId}`, value: s.runLength };
  },
};

/** The rules that keep a running state, by alert type. */
export const RUNNING_RULES: Record<RunningType, RunningRule> = { maxDrawdown, maxConsecutiveLosses, dailyLossLimit };

import type { Repositories } from '../storage/ports.js';
import { isLoss } from '../summaries/outcome.js';
import { dailyLossLimit } from './running-daily.js';
import { maxDrawdown } from './running-drawdown.js';
import { EMPTY, type Folded, isAfter, moved, type RunningRule, type RunningType, resultOf } from './running-fold.js';

/** The latest closed trades, newest first, until the losing run at the top ends (or the trades do). */
async function latestRun(tx: Repositories, userId: string): Promise<Folded> {
  for (let limit = 16; ; limit *= 4) {
    const latest = await tx.trades.latestClosed(userId, limit);
    let length = 0;
    while (length < latest.length && isLoss(latest[length]?.resultMicros ?? 0)) length++;
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

const maxConsecutiveLosses: RunningRule = {
  rebuild: (tx, userId) => latestRun(tx, userId),
  async fold(_tx, state, trade) {
    if (!isLoss(resultOf(trade))) {
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
    const loss = isLoss(resultOf(trade));
    if (isAfter(trade, state.runFirstExitTime, state.runFirstId))
      return loss ? { ...state, runLength: state.runLength + 1 } : undefined;
    if (!isAfter(trade, state.runBreakerExitTime, state.runBreakerId)) return state;
    if (!loss) return { ...state, runBreakerId: trade.id, runBreakerExitTime: trade.exitTime };
    return { ...state, runLength: state.runLength + 1, runFirstId: trade.id, runFirstExitTime: trade.exitTime };
  },
  async trigger(_tx, alert, trade, s) {
    // Once per run: a run that grows past the threshold (or jumps over it) keeps its first trade.
    const n = Math.ceil(alert.threshold);
    if (n < 1 || !isLoss(resultOf(trade)) || s.runLength < n) return undefined;
    return { periodKey: `run:${s.runFirstId}`, value: s.runLength };
  },
};

/** The rules that keep a running state, by alert type. */
export const RUNNING_RULES: Record<RunningType, RunningRule> = { maxDrawdown, maxConsecutiveLosses, dailyLossLimit };

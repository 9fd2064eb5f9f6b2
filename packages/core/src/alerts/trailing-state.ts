import type { Repositories } from '../storage/ports.js';
import type { AlertRow } from '../storage/rows.js';
import type { Step } from './marks/sweep.js';
import { EMPTY, isAfter } from './running-fold.js';
import type { TradeChange } from './trigger.js';

/** The trailing walk's figures after its last step (micros): realized P&L, the balance's high, the day and last close. */
export interface TrailingRun {
  cumulative: number;
  high: number;
  day: number | null;
  lastExitTime: number | null;
  lastTradeId: string | null;
}

/** What of the rule a state depends on: its zone (days), its last edit (options), and a walk without bars. */
const basisOf = (alert: AlertRow) => `${alert.tz} ${alert.updatedAt} closes`;

/** Stores the run as the rule's state at the current data version (alert_states, decisions.md "Prop-firm rules"). */
export async function saveRun(tx: Repositories, alert: AlertRow, run: TrailingRun): Promise<void> {
  const version = await tx.trades.dataVersion(alert.userId);
  await tx.alerts.putState({
    ...EMPTY,
    userId: alert.userId,
    alertId: alert.id,
    basis: basisOf(alert),
    version,
    lastExitTime: run.lastExitTime,
    lastTradeId: run.lastTradeId,
    cumulativeMicros: run.cumulative,
    peakMicros: run.high,
    day: run.day,
  });
}

/** The rule's state when it reflects the data version just before this write under the same basis. */
async function priorState(tx: Repositories, alert: AlertRow) {
  const version = await tx.trades.dataVersion(alert.userId);
  const prior = (await tx.alerts.listStates(alert.userId)).find((s) => s.alertId === alert.id);
  return prior && prior.version === version - 1 && prior.basis === basisOf(alert) ? prior : undefined;
}

/**
 * True when the change writes an open trade without partial exits while the user holds no bars:
 * such a trade has no marks and books nothing, so no breach can be at it; a valid state is carried
 * to the new version (the walk is not run).
 */
export async function carriedOpen(tx: Repositories, alert: AlertRow, { trade, before }: TradeChange): Promise<boolean> {
  if (trade.exitTime !== null || (before !== undefined && before.exitTime !== null) || trade.partialExits.length > 0)
    return false;
  if ((await tx.bars.series(alert.userId)).length > 0) return false;
  const prior = await priorState(tx, alert);
  if (prior) await tx.alerts.putState({ ...prior, version: prior.version + 1 });
  return true;
}

/**
 * The rule's state and the one step a change adds to it, when the change can be folded in O(1):
 * the state reflects the data version just before this write under the same basis, the user holds
 * no bars (so the walk is closes and partial exits alone), and the change is a new close after
 * every folded one, without partial exits of its own. Anything else: undefined (the walk runs).
 */
export async function foldedClose(tx: Repositories, alert: AlertRow, { trade, before }: TradeChange) {
  if (trade.exitTime === null || (before !== undefined && before.exitTime !== null) || trade.partialExits.length > 0)
    return undefined;
  const prior = await priorState(tx, alert);
  if (!prior || !isAfter(trade, prior.lastExitTime, prior.lastTradeId)) return undefined;
  if ((await tx.bars.series(alert.userId)).length > 0) return undefined;
  const run: TrailingRun = {
    cumulative: prior.cumulativeMicros,
    high: prior.peakMicros,
    day: prior.day,
    lastExitTime: prior.lastExitTime,
    lastTradeId: prior.lastTradeId,
  };
  const realized = run.cumulative + (trade.resultMicros ?? 0);
  const step: Step = { kind: 'booked', time: trade.exitTime, tradeId: trade.id, closed: true, realized, equity: realized };
  return { run, step, save: () => saveRun(tx, alert, run) };
}

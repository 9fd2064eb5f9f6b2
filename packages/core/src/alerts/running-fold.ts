import type { TradingDays } from '../shared/trading-day.js';
import type { Repositories } from '../storage/ports.js';
import type { AlertRow, AlertStateRow, TradeRow } from '../storage/rows.js';
import type { Trigger } from './trigger.js';

/** What a running state holds besides its keys and the version and basis it was built under. */
export type Folded = Omit<AlertStateRow, 'userId' | 'alertId' | 'basis' | 'version'>;

/** The state of a user without closed trades. */
export const EMPTY: Folded = {
  lastExitTime: null,
  lastTradeId: null,
  cumulativeMicros: 0,
  peakMicros: 0,
  peakKey: 'start',
  peakExitTime: null,
  checkpointExitTime: null,
  checkpointTradeId: null,
  checkpointCumulativeMicros: 0,
  checkpointPeakMicros: 0,
  checkpointPeakKey: 'start',
  checkpointPeakExitTime: null,
  runLength: 0,
  runFirstId: null,
  runFirstExitTime: null,
  runBreakerId: null,
  runBreakerExitTime: null,
  day: null,
  dayPnlMicros: 0,
};

/** The alert types whose check would scan the user's trades, so they keep a running state. */
export type RunningType = 'dailyLossLimit' | 'maxConsecutiveLosses' | 'maxDrawdown';

/** How one running rule rebuilds its state by a scan, takes in one new close, and reads its trigger. */
export interface RunningRule {
  /** The state of all the user's closed trades, read from storage (what the rule did on every close before). */
  rebuild(tx: Repositories, userId: string, days: TradingDays | undefined): Promise<Folded>;
  /** The state after `trade` closes after every folded trade; O(1) but for a rare day-range case. */
  fold(tx: Repositories, state: Folded, trade: TradeRow, days: TradingDays | undefined): Promise<Folded>;
  /**
   * The state after `trade` closes before the last folded trade, without a scan of the user's
   * trades (O(1), or the trades after it); undefined when only a rebuild can tell.
   */
  insert(tx: Repositories, state: Folded, trade: TradeRow, days: TradingDays | undefined): Promise<Folded | undefined>;
  /** The trigger for `trade`'s closing change, given the state after it. */
  trigger(
    tx: Repositories,
    alert: AlertRow,
    trade: TradeRow,
    state: Folded,
    days: TradingDays | undefined,
  ): Promise<Trigger | undefined>;
}

/** A trade's result in micros (a closed trade's; 0 when unknown, as the scans read it). */
export const resultOf = (t: TradeRow) => t.resultMicros ?? 0;

/** The state with `trade` as its last folded close. */
export const moved = (s: Folded, t: TradeRow): Folded => ({ ...s, lastExitTime: t.exitTime, lastTradeId: t.id });

/** True when the closed trade `a` comes after (exitTime, id) in the scans' order (anything does after none). */
export function isAfter(a: { exitTime: number | null; id: string }, exitTime: number | null, id: string | null): boolean {
  if (exitTime === null || id === null) return true;
  const t = a.exitTime as number;
  return t > exitTime || (t === exitTime && a.id.toLowerCase() > id.toLowerCase());
}

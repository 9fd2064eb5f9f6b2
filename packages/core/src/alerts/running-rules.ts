import { dayKey } from '../shared/calendar.js';
import { fromMicros, toMicros } from '../shared/money.js';
import type { TradingDays } from '../shared/trading-day.js';
import type { Repositories } from '../storage/ports.js';
import type { AlertRow, AlertStateRow, TradeRow } from '../storage/rows.js';
import type { Trigger } from './evaluate.js';

/** What a running state holds besides its keys and the version and basis it was built under. */
export type Folded = Omit<AlertStateRow, 'userId' | 'alertId' | 'basis' | 'version'>;

/** The state of a user without closed trades. */
export const EMPTY: Folded = {
  lastExitTime: null,
  lastTradeId: null,
  cumulativeMicros: 0,
  peakMicros: 0,
  peakKey: 'start',
  runLength: 0,
  runFirstId: null,
  day: null,
  dayPnlMicros: 0,
};

/** The alert types whose check would scan the user's trades, so they keep a running state. */
export type RunningType = 'dailyLossLimit' | 'maxConsecutiveLosses' | 'maxDrawdown';

/** How one running rule rebuilds its state by a scan, folds one appended close in, and reads its trigger. */
export interface RunningRule {
  /** The state of all the user's closed trades, read from storage (what the rule did on every close before). */
  rebuild(tx: Repositories, userId: string, days: TradingDays | undefined): Promise<Folded>;
  /** The state after `trade` closes after every folded trade; O(1) but for a rare day-range case. */
  fold(tx: Repositories, state: Folded, trade: TradeRow, days: TradingDays | undefined): Promise<Folded>;
  /** The trigger for `trade`'s closing change, given the state after it. */
  trigger(
    tx: Repositories,
    alert: AlertRow,
    trade: TradeRow,
    state: Folded,
    days: TradingDays | undefined,
  ): Promise<Trigger | undefined>;
}

const resultOf = (t: TradeRow) => t.resultMicros ?? 0;
const moved = (s: Folded, t: TradeRow): Folded => ({ ...s, lastExitTime: t.exitTime, lastTradeId: t.id });

/** [start, end) of a trading day under the user's clock: the range whose exits make the day's P&L. */
const rangeOf = (days: TradingDays, day: number) => ({ from: days.user.startOf(day), to: days.user.startOf(day + 1) });

/** The latest closed trades, newest first, until the losing run at the top ends (or the trades do). */
async function latestRun(tx: Repositories, userId: string): Promise<Folded> {
  for (let limit = 16; ; limit *= 4) {
    const latest = await tx.trades.latestClosed(userId, limit);
    let length = 0;
    while (length < latest.length && (latest[length]?.resultMicros ?? 0) < 0) length++;
    if (length < latest.length || latest.length < limit) {
      const last = latest[0];
      return {
        ...EMPTY,
        lastExitTime: last?.exitTime ?? null,
        lastTradeId: last?.id ?? null,
        runLength: length,
        runFirstId: length > 0 ? (latest[length - 1]?.id ?? null) : null,
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
        }
        s.lastExitTime = f.exitTime;
        s.lastTradeId = f.id;
      }
    }
    return s;
  },
  async fold(_tx, state, trade) {
    const cumulativeMicros = state.cumulativeMicros + resultOf(trade);
    const peak = cumulativeMicros > state.peakMicros;
    return {
      ...moved(state, trade),
      cumulativeMicros,
      peakMicros: peak ? cumulativeMicros : state.peakMicros,
      peakKey: peak ? trade.id : state.peakKey,
    };
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
    const loss = resultOf(trade) < 0;
    return {
      ...moved(state, trade),
      runLength: loss ? state.runLength + 1 : 0,
      runFirstId: loss ? (state.runLength > 0 ? state.runFirstId : trade.id) : null,
    };
  },
  async trigger(_tx, alert, trade, s) {
    // Once per run: a run that grows past the threshold (or jumps over it) keeps its first trade.
    const n = Math.ceil(alert.threshold);
    if (n < 1 || resultOf(trade) >= 0 || s.runLength < n) return undefined;
    return { periodKey: `run:${s.runFirstId}`, value: s.runLength };
  },
};

// The day's P&L is the sum of exits in the day's range under the user's clock (one clock: rules
// with per-account trading days are not run from a state).
const dailyLossLimit: RunningRule = {
  async rebuild(tx, userId, days) {
    const clock = days as TradingDays;
    const [last] = await tx.trades.latestClosed(userId, 1);
    if (!last) return { ...EMPTY };
    const day = clock.user.dayOf(last.exitTime);
    const { from, to } = rangeOf(clock, day);
    return {
      ...EMPTY,
      lastExitTime: last.exitTime,
      lastTradeId: last.id,
      day,
      dayPnlMicros: await tx.trades.exitPnlMicros(userId, from, to),
    };
  },
  async fold(tx, state, trade, days) {
    const clock = days as TradingDays;
    const t = trade.exitTime as number;
    const day = clock.user.dayOf(t);
    const { from, to } = rangeOf(clock, day);
    const own = t >= from && t < to ? resultOf(trade) : 0;
    let dayPnlMicros: number;
    if (state.day === day) dayPnlMicros = state.dayPnlMicros + own;
    // Every folded exit is before the new day's range: the day holds this trade only.
    else if (state.lastExitTime === null || state.lastExitTime < from) dayPnlMicros = own;
    // A wall clock that steps back across a day start (a DST change at it): ask the database.
    else dayPnlMicros = await tx.trades.exitPnlMicros(trade.userId, from, to);
    return { ...moved(state, trade), day, dayPnlMicros };
  },
  async trigger(tx, alert, trade, s, days) {
    const clock = days as TradingDays;
    const day = clock.user.dayOf(trade.exitTime as number);
    let pnl = s.dayPnlMicros;
    if (day !== s.day) {
      // A change in the past (rebuilt state): the trade's own day, as a query.
      const { from, to } = rangeOf(clock, day);
      pnl = await tx.trades.exitPnlMicros(trade.userId, from, to);
    }
    if (pnl > -toMicros(alert.threshold)) return undefined;
    return { periodKey: `day:${dayKey(day)}`, value: fromMicros(pnl) };
  },
};

/** The rules that keep a running state, by alert type. */
export const RUNNING_RULES: Record<RunningType, RunningRule> = { maxDrawdown, maxConsecutiveLosses, dailyLossLimit };

/** The daily loss limit when accounts have trading days of their own: the exit day's P&L by a scan of that day. */
export async function perAccountDay(
  tx: Repositories,
  alert: AlertRow,
  trade: TradeRow,
  days: TradingDays,
): Promise<Trigger | undefined> {
  const day = days.dayOf(trade.exitTime as number, trade.account);
  const { from, to } = days.span(day, day);
  let pnl = 0;
  for await (const batch of tx.trades.closedOutcomesWithCosts(trade.userId, { exitFrom: from, exitTo: to })) {
    for (const f of batch) if (days.dayOf(f.exitTime, f.account) === day) pnl += f.resultMicros;
  }
  if (pnl > -toMicros(alert.threshold)) return undefined;
  return { periodKey: `day:${dayKey(day)}`, value: fromMicros(pnl) };
}

import { dayKey } from '../shared/calendar.js';
import { fromMicros, toMicros } from '../shared/money.js';
import type { TradingDays } from '../shared/trading-day.js';
import type { Repositories } from '../storage/ports.js';
import type { AlertRow, TradeRow } from '../storage/rows.js';
import type { Trigger } from './trigger.js';
import { EMPTY, moved, type RunningRule, resultOf } from './running-fold.js';

/** [start, end) of a trading day under the user's clock: the range whose exits make the day's P&L. */
const rangeOf = (days: TradingDays, day: number) => ({ from: days.user.startOf(day), to: days.user.startOf(day + 1) });

/** The trade's result when it exits in [from, to), else 0. */
const within = (trade: TradeRow, { from, to }: { from: number; to: number }) => {
  const t = trade.exitTime as number;
  return t >= from && t < to ? resultOf(trade) : 0;
};

/**
 * The daily loss limit's running state: the trading day of the last close and the sum of exits
 * in that day's range under the user's clock (rules with per-account trading days keep no state).
 */
export const dailyLossLimit: RunningRule = {
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
    const day = clock.user.dayOf(trade.exitTime as number);
    const range = rangeOf(clock, day);
    let dayPnlMicros: number;
    if (state.day === day) dayPnlMicros = state.dayPnlMicros + within(trade, range);
    // Every folded exit is before the new day's range: the day holds this trade only.
    else if (state.lastExitTime === null || state.lastExitTime < range.from) dayPnlMicros = within(trade, range);
    // A wall clock that steps back across a day start (a DST change at it): ask the database.
    else dayPnlMicros = await tx.trades.exitPnlMicros(trade.userId, range.from, range.to);
    return { ...moved(state, trade), day, dayPnlMicros };
  },
  // A close before the last one counts in the state's day when it exits in that day's range.
  async insert(_tx, state, trade, days) {
    if (state.day === null) return undefined;
    return { ...state, dayPnlMicros: state.dayPnlMicros + within(trade, rangeOf(days as TradingDays, state.day)) };
  },
  async trigger(tx, alert, trade, s, days) {
    const clock = days as TradingDays;
    const day = clock.user.dayOf(trade.exitTime as number);
    let pnl = s.dayPnlMicros;
    if (day !== s.day) {
      // A close on an earlier day: that day's P&L, as a query (O(trades that day)).
      const { from, to } = rangeOf(clock, day);
      pnl = await tx.trades.exitPnlMicros(trade.userId, from, to);
    }
    if (pnl > -toMicros(alert.threshold)) return undefined;
    return { periodKey: `day:${dayKey(day)}`, value: fromMicros(pnl) };
  },
};

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

import { netBookedIn, netBookings } from '../analytics/bookings.js';
import { dayKey } from '../shared/calendar.js';
import { fromMicros, toMicros } from '../shared/money.js';
import type { TradingDays } from '../shared/trading-day.js';
import type { Repositories } from '../storage/ports.js';
import type { AlertRow, TradeRow } from '../storage/rows.js';
import type { Trigger } from './trigger.js';
import { EMPTY, moved, type RunningRule, resultOf } from './running-fold.js';

/** [start, end) of a trading day under the user's clock: the range whose bookings make the day's P&L. */
const rangeOf = (days: TradingDays, day: number) => ({ from: days.user.startOf(day), to: days.user.startOf(day + 1) });

/** The trade's result when it exits in [from, to), else 0. */
const within = (trade: TradeRow, { from, to }: { from: number; to: number }) => {
  const t = trade.exitTime as number;
  return t >= from && t < to ? resultOf(trade) : 0;
};

/** True when the trade booked partial exits before its close (its close books only the rest). */
const hasPartials = (trade: TradeRow) => trade.partialExits.length > 0;

/**
 * What partial exits change in the P&L booked in [from, to): their own P&L, less what the closes
 * in the range booked before them (one probe of the partial index for a user without any).
 */
async function partialsIn(tx: Repositories, userId: string, { from, to }: { from: number; to: number }): Promise<number> {
  return netBookedIn(await tx.trades.partialExits(userId, { exitFrom: from, exitTo: to }), from, to);
}

/** The P&L booked in [from, to): the exits' results, adjusted by the partial exits (see {@link partialsIn}). */
async function bookedIn(tx: Repositories, userId: string, range: { from: number; to: number }): Promise<number> {
  return (await tx.trades.exitPnlMicros(userId, range.from, range.to)) + (await partialsIn(tx, userId, range));
}

/** The trigger of a day's P&L: the day when it reached −threshold. */
function triggerOf(alert: AlertRow, day: number, pnl: number): Trigger | undefined {
  if (pnl > -toMicros(alert.threshold)) return undefined;
  return { periodKey: `day:${dayKey(day)}`, value: fromMicros(pnl) };
}

/**
 * The daily loss limit's running state: the trading day of the last close and the P&L booked in
 * that day's range under the user's clock: exits (less what their partial exits booked before)
 * and partial exits. Rules with per-account trading days keep no state. A write that changes a
 * trade's partial exits leaves the state behind (running.ts), so the next close rebuilds it.
 */
export const dailyLossLimit: RunningRule = {
  async rebuild(tx, userId, days) {
    const clock = days as TradingDays;
    const [last] = await tx.trades.latestClosed(userId, 1);
    if (!last) return { ...EMPTY };
    const day = clock.user.dayOf(last.exitTime);
    return {
      ...EMPTY,
      lastExitTime: last.exitTime,
      lastTradeId: last.id,
      day,
      dayPnlMicros: await bookedIn(tx, userId, rangeOf(clock, day)),
    };
  },
  async fold(tx, state, trade, days) {
    const clock = days as TradingDays;
    const day = clock.user.dayOf(trade.exitTime as number);
    const range = rangeOf(clock, day);
    let dayPnlMicros: number;
    // Its partial exits, booked on any day, are new to the state: the day is read.
    if (hasPartials(trade)) dayPnlMicros = await bookedIn(tx, trade.userId, range);
    else if (state.day === day) dayPnlMicros = state.dayPnlMicros + within(trade, range);
    // Every folded exit is before the new day's range: the day holds this close and partial exits only.
    else if (state.lastExitTime === null || state.lastExitTime < range.from)
      dayPnlMicros = within(trade, range) + (await partialsIn(tx, trade.userId, range));
    // A wall clock that steps back across a day start (a DST change at it): ask the database.
    else dayPnlMicros = await bookedIn(tx, trade.userId, range);
    return { ...moved(state, trade), day, dayPnlMicros };
  },
  // A close before the last one counts in the state's day when it exits in that day's range (one
  // with partial exits is left to a rebuild).
  async insert(_tx, state, trade, days) {
    if (state.day === null || hasPartials(trade)) return undefined;
    return { ...state, dayPnlMicros: state.dayPnlMicros + within(trade, rangeOf(days as TradingDays, state.day)) };
  },
  async trigger(tx, alert, trade, s, days) {
    const clock = days as TradingDays;
    const day = clock.user.dayOf(trade.exitTime as number);
    // A close on an earlier day: that day's P&L, as a query (O(trades that day)).
    const pnl = day === s.day ? s.dayPnlMicros : await bookedIn(tx, trade.userId, rangeOf(clock, day));
    return triggerOf(alert, day, pnl);
  },
};

/**
 * The daily loss limit on the trading day of `time` (a close, or a partial exit) under the
 * trade's account's clock, without a running state: a query of the day under the user's clock,
 * or a scan of the day's closes and partial exits when accounts have trading days of their own.
 */
export async function dayLoss(
  tx: Repositories,
  alert: AlertRow,
  trade: TradeRow,
  time: number,
  days: TradingDays,
): Promise<Trigger | undefined> {
  if (!days.perAccount) {
    const day = days.user.dayOf(time);
    return triggerOf(alert, day, await bookedIn(tx, trade.userId, rangeOf(days, day)));
  }
  const day = days.dayOf(time, trade.account);
  const { from, to } = days.span(day, day);
  let pnl = 0;
  for await (const batch of tx.trades.closedOutcomesWithCosts(trade.userId, { exitFrom: from, exitTo: to })) {
    for (const f of batch) if (days.dayOf(f.exitTime, f.account) === day) pnl += f.resultMicros;
  }
  for (const b of netBookings(await tx.trades.partialExits(trade.userId, { exitFrom: from, exitTo: to }))) {
    if (b.time >= from && b.time < to && days.dayOf(b.time, b.account) === day) pnl += b.pnlMicros;
  }
  return triggerOf(alert, day, pnl);
}

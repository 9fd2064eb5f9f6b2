import type { Accumulator } from '../analytics/accumulator.js';
import type { ReportEquityPoint } from '@tj/schemas';
import { type DayOptions, daysOf } from '../analytics/day-options.js';
import { dayKey } from '../shared/calendar.js';
import { fromMicros, toMicros } from '../shared/money.js';
import { climb, fallOf, type RunningPeak } from '../summaries/drawdown.js';

/**
 * The equity curve with its underwater line: one point per trading day with P&L booked (oldest
 * first) holding the equity at the end of the date, the deepest fall below the running peak
 * of the booking-by-booking cumulative P&L reached that date, and the fall the date ended with
 * (what holds until the next day with P&L). A partial exit books its P&L at its
 * time, and the close the rest of the result. The peak starts at 0 P&L, as the statistics'
 * maxDrawdown does, so without partial exits the deepest point of the line equals maxDrawdown
 * (with them, the line follows the money as it was booked, the statistic the closed trades). Sums in micros.
 *
 * @example createEquityDrawdownAccumulator({ tz: 'UTC', startingBalance: 1000 })
 */
export function createEquityDrawdownAccumulator(
  opts: DayOptions & { startingBalance?: number },
): Accumulator<ReportEquityPoint[]> {
  const tradingDays = daysOf(opts);
  const start = toMicros(opts.startingBalance ?? 0);
  const points: Array<{ day: number; cum: number; drawdown: number; closing: number }> = [];
  const run: RunningPeak = { pnl: 0, maxPrefix: 0 };
  let last: { day: number; cum: number; drawdown: number; closing: number } | undefined;
  /** Books `pnlMicros` at the next instant (closes and partial exits come in time order) on trading day `day`. */
  const step = (day: number, pnlMicros: number): void => {
    climb(run, pnlMicros);
    // Bookings come in time order; only accounts with different day starts can step a day back: that booking joins the latest point.
    if (last === undefined || day > last.day) {
      last = { day, cum: run.pnl, drawdown: 0, closing: 0 };
      points.push(last);
    }
    last.cum = run.pnl;
    last.closing = fallOf(run);
    if (last.closing > last.drawdown) last.drawdown = last.closing;
  };
  return {
    add(fact, realizedMicros = 0) {
      step(tradingDays.dayOf(fact.exitTime, fact.account), fact.resultMicros - realizedMicros);
    },
    book(b) {
      step(tradingDays.dayOf(b.time, b.account), b.pnlMicros);
    },
    result() {
      return points.map((p) => ({
        date: dayKey(p.day),
        equity: fromMicros(start + p.cum),
        drawdown: fromMicros(p.drawdown),
        closingDrawdown: fromMicros(p.closing),
      }));
    },
  };
}

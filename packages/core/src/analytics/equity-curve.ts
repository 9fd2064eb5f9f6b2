import type { EquityCurve } from '@tj/schemas';
import { dayKey } from '../shared/calendar.js';
import { type DayOptions, daysOf } from './day-options.js';
import { fromMicros, toMicros } from '../shared/money.js';
import type { Accumulator } from './accumulator.js';

/** One `/analytics/equity-curve` point: the trading day, and startingBalance + cumulative P&L at its end. */
export type EquityPoint = EquityCurve['dataPoints'][number];

/** Options of {@link createEquityCurveAccumulator}; startingBalance in money, default 0. */
export interface EquityCurveOptions extends DayOptions {
  startingBalance?: number | undefined;
}

/**
 * One point per trading day (midnight in `tz` by default) with P&L booked, oldest first: exits,
 * which book their result less what their partial exits booked before, and partial exits; sums
 * in micros.
 */
export function createEquityCurveAccumulator(opts: EquityCurveOptions): Accumulator<EquityPoint[]> {
  const tradingDays = daysOf(opts);
  const start = toMicros(opts.startingBalance ?? 0);
  const days = new Map<number, number>();
  let lastDay = Number.NaN;
  let lastSum = 0;
  const flush = (): void => {
    if (!Number.isNaN(lastDay)) days.set(lastDay, lastSum);
  };
  const bookOn = (day: number, pnlMicros: number): void => {
    if (day !== lastDay) {
      flush();
      lastDay = day;
      lastSum = days.get(day) ?? 0;
    }
    lastSum += pnlMicros;
  };
  return {
    add(fact, realizedMicros = 0) {
      bookOn(tradingDays.dayOf(fact.exitTime, fact.account), fact.resultMicros - realizedMicros);
    },
    book(b) {
      bookOn(tradingDays.dayOf(b.time, b.account), b.pnlMicros);
    },
    result() {
      flush();
      let equity = start;
      return [...days.keys()]
        .sort((a, b) => a - b)
        .map((day) => {
          equity += days.get(day) ?? 0;
          return { date: dayKey(day), equity: fromMicros(equity) };
        });
    },
  };
}

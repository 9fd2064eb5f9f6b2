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

/** One point per trading day (of exitTime; midnight in `tz` by default) that has exits, oldest first; sums in micros. */
export function createEquityCurveAccumulator(opts: EquityCurveOptions): Accumulator<EquityPoint[]> {
  const tradingDays = daysOf(opts);
  const start = toMicros(opts.startingBalance ?? 0);
  const days = new Map<number, number>();
  let lastDay = Number.NaN;
  let lastSum = 0;
  const flush = (): void => {
    if (!Number.isNaN(lastDay)) days.set(lastDay, lastSum);
  };
  return {
    add(fact) {
      const day = tradingDays.dayOf(fact.exitTime, fact.account);
      if (day !== lastDay) {
        flush();
        lastDay = day;
        lastSum = days.get(day) ?? 0;
      }
      lastSum += fact.resultMicros;
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

import { dayKey, getCalendar } from '../shared/calendar.js';
import { fromMicros, toMicros } from '../shared/money.js';
import type { Accumulator } from './accumulator.js';

/** One `/analytics/equity-curve` point. */
export interface EquityPoint {
  /** Local calendar date `YYYY-MM-DD` in the query's tz. */
  date: string;
  /** startingBalance + cumulative P&L at the end of that date. */
  equity: number;
}

/** Options of {@link createEquityCurveAccumulator}; startingBalance in money, default 0. */
export interface EquityCurveOptions {
  tz: string;
  startingBalance?: number | undefined;
}

/** One point per local date (of exitTime in `tz`) that has exits, oldest first; sums in micros. */
export function createEquityCurveAccumulator(opts: EquityCurveOptions): Accumulator<EquityPoint[]> {
  const cal = getCalendar(opts.tz);
  const start = toMicros(opts.startingBalance ?? 0);
  const days = new Map<number, number>();
  let lastDay = Number.NaN;
  let lastSum = 0;
  const flush = (): void => {
    if (!Number.isNaN(lastDay)) days.set(lastDay, lastSum);
  };
  return {
    add(fact) {
      const day = cal.civilDay(fact.exitTime);
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

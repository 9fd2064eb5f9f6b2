import type { Accumulator } from '../analytics/accumulator.js';
import { bucketOf } from '../analytics/period-series.js';
import { Tally } from '../analytics/tally.js';
import type { ReportDay } from '@tj/schemas';
import { type DayOptions, daysOf } from '../analytics/day-options.js';
import { dayKey } from '../shared/calendar.js';

/**
 * The days that have exits or partial exits (the trading day: midnight in `tz` unless the user's settings say otherwise), oldest first, each with its trade count,
 * wins, losses and win rate (closed trades, by exit) and P&L (what was booked that day: partial
 * exits, and closes less what their partial exits booked before): the cells of the report's
 * calendar. Days without either are left out, so a long history costs one entry per trading day.
 *
 * @example createTradingDaysAccumulator({ tz: 'America/New_York' })
 */
export function createTradingDaysAccumulator(opts: DayOptions): Accumulator<ReportDay[]> {
  const tradingDays = daysOf(opts);
  const days = new Map<number, Tally>();
  let lastDay = Number.NaN;
  let last: Tally | undefined;
  const tallyOn = (day: number): Tally => {
    if (day !== lastDay || last === undefined) {
      last = days.get(day);
      if (last === undefined) {
        last = new Tally();
        days.set(day, last);
      }
      lastDay = day;
    }
    return last;
  };
  return {
    add(fact, realizedMicros) {
      tallyOn(tradingDays.dayOf(fact.exitTime, fact.account)).add(fact, realizedMicros);
    },
    book(b) {
      tallyOn(tradingDays.dayOf(b.time, b.account)).book(b.pnlMicros);
    },
    result() {
      return [...days.keys()]
        .sort((a, b) => a - b)
        .map((day) => {
          const { period, ...rest } = bucketOf(dayKey(day), days.get(day));
          return { date: period, ...rest };
        });
    },
  };
}

import type { Accumulator } from '../analytics/accumulator.js';
import { bucketOf } from '../analytics/period-series.js';
import { Tally } from '../analytics/tally.js';
import type { ReportDay } from '@tj/schemas';
import { type DayOptions, daysOf } from '../analytics/day-options.js';
import { dayKey } from '../shared/calendar.js';

/**
 * The days that have exits (the exit's trading day: midnight in `tz` unless the user's settings say otherwise), oldest first, each with its trade count,
 * wins, losses, win rate and P&L: the cells of the report's calendar. Days without exits are
 * left out, so a long history costs one entry per trading day.
 *
 * @example createTradingDaysAccumulator({ tz: 'America/New_York' })
 */
export function createTradingDaysAccumulator(opts: DayOptions): Accumulator<ReportDay[]> {
  const tradingDays = daysOf(opts);
  const days = new Map<number, Tally>();
  let lastDay = Number.NaN;
  let last: Tally | undefined;
  return {
    add(fact) {
      const day = tradingDays.dayOf(fact.exitTime, fact.account);
      if (day !== lastDay || last === undefined) {
        last = days.get(day);
        if (last === undefined) {
          last = new Tally();
          days.set(day, last);
        }
        lastDay = day;
      }
      last.add(fact);
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

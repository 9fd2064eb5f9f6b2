import type { Accumulator } from '../analytics/accumulator.js';
import { bucketOf } from '../analytics/period-series.js';
import { Tally } from '../analytics/tally.js';
import type { ReportDay } from '../schemas/report.js';
import { dayKey, getCalendar } from '../shared/calendar.js';

/**
 * The days that have exits (local exit date in `tz`), oldest first, each with its trade count,
 * wins, losses, win rate and P&L: the cells of the report's calendar. Days without exits are
 * left out, so a long history costs one entry per trading day.
 *
 * @example createTradingDaysAccumulator({ tz: 'America/New_York' })
 */
export function createTradingDaysAccumulator(opts: { tz: string }): Accumulator<ReportDay[]> {
  const cal = getCalendar(opts.tz);
  const days = new Map<number, Tally>();
  let lastDay = Number.NaN;
  let last: Tally | undefined;
  return {
    add(fact) {
      const day = cal.civilDay(fact.exitTime);
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

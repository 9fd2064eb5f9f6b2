import type { z } from 'zod';
import type { performanceSchema } from '@tj/schemas';
import { dayKey } from '../shared/calendar.js';
import { type DayOptions, daysOf } from './day-options.js';
import { periodIndex, periodKey } from './periods.js';
import type { Granularity } from './periods.js';
import { fromMicros } from '../shared/money.js';
import type { Accumulator } from './accumulator.js';
import { assertPeriodLimit, bucketOf, parseDateRange, periodCount } from './period-series.js';
import { Tally, averageROf } from './tally.js';

/** The `/analytics/performance` body; dates null (and data empty) when there is nothing to show. */
export type Performance = Omit<z.output<typeof performanceSchema>, 'currency' | 'fx'>;

/** One row: cumulativePnL runs over the rows so far (trades inside the range only); averageR null without an R. */
export type PerformanceRow = Performance['data'][number];

/** Options of {@link createPerformanceAccumulator}; dates are inclusive local dates in `tz`. */
export interface PerformanceOptions extends DayOptions {
  /** Default `daily`. */
  period?: Granularity | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/**
 * Number of buckets a performance query over two given dates spans, so callers can refuse
 * (more than MAX_PERIOD_BUCKETS) before scanning. Throws `validation_failed` on malformed dates.
 */
export function performanceBucketCount(period: Granularity, dateFrom: string, dateTo: string): number {
  const { from, to } = parseDateRange(dateFrom, dateTo);
  return from === null || to === null ? 0 : periodCount(period, from, to);
}

/**
 * Zero-filled performance per period (by the trading day of the exit, and of each partial exit's
 * booking), oldest first. A missing dateFrom/dateTo defaults to the first/last day with an exit
 * or a booking inside the other bound (to the given bound when none falls inside). Facts and
 * bookings outside the range are ignored. Throws `validation_failed`
 * at creation for malformed/inverted dates or more than 3,700 buckets, and from result() when
 * a range defaulted from the data spans more than that.
 */
export function createPerformanceAccumulator(opts: PerformanceOptions): Accumulator<Performance> {
  const g: Granularity = opts.period ?? 'daily';
  const days = daysOf(opts);
  const { from, to } = parseDateRange(opts.dateFrom, opts.dateTo);
  if (from !== null && to !== null) assertPeriodLimit(g, from, to);
  const lo = from ?? -Infinity;
  const hi = to ?? Infinity;
  const tallies = new Map<number, Tally>();
  let minDay = Infinity;
  let maxDay = -Infinity;
  let lastDay = Number.NaN;
  let last: Tally | undefined;
  /** The tally of the period of trading day `day`, or undefined outside the range. */
  const tallyOn = (day: number): Tally | undefined => {
    if (day < lo || day > hi) return undefined;
    if (day !== lastDay || last === undefined) {
      if (day < minDay) minDay = day;
      if (day > maxDay) maxDay = day;
      const idx = periodIndex(g, day);
      last = tallies.get(idx);
      if (last === undefined) {
        last = new Tally();
        tallies.set(idx, last);
      }
      lastDay = day;
    }
    return last;
  };
  return {
    add(fact, realizedMicros) {
      tallyOn(days.dayOf(fact.exitTime, fact.account))?.add(fact, realizedMicros);
    },
    book(b) {
      tallyOn(days.dayOf(b.time, b.account))?.book(b.pnlMicros);
    },
    result() {
      const fromDay = from ?? (tallies.size > 0 ? minDay : to);
      const toDay = to ?? (tallies.size > 0 ? maxDay : from);
      if (fromDay === null || toDay === null) return { period: g, dateFrom: null, dateTo: null, data: [] };
      assertPeriodLimit(g, fromDay, toDay);
      const data: PerformanceRow[] = [];
      let cum = 0;
      for (let i = periodIndex(g, fromDay), end = periodIndex(g, toDay); i <= end; i++) {
        const t = tallies.get(i);
        if (t !== undefined) cum += t.pnl;
        const row = bucketOf(periodKey(g, i), t);
        data.push({ ...row, cumulativePnL: fromMicros(cum), averageR: t === undefined ? null : averageROf(t) });
      }
      return { period: g, dateFrom: dayKey(fromDay), dateTo: dayKey(toDay), data };
    },
  };
}

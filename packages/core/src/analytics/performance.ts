import { dayKey, getCalendar } from '../shared/calendar.js';
import { periodIndex, periodKey } from './periods.js';
import type { Granularity } from './periods.js';
import { fromMicros } from '../shared/money.js';
import type { Accumulator } from './accumulator.js';
import { assertPeriodLimit, bucketOf, parseDateRange, periodCount } from './period-series.js';
import type { PeriodBucket } from './period-series.js';
import { Tally, averageROf } from './tally.js';

/** One row of `/analytics/performance`. */
export interface PerformanceRow extends PeriodBucket {
  /** Running total of P&L over the rows so far (trades inside the range only). */
  cumulativePnL: number;
  /** Mean rMultiple of the period's trades that have one; null when none. */
  averageR: number | null;
}

/** The `/analytics/performance` body; dates null (and data empty) when there is nothing to show. */
export interface Performance {
  period: Granularity;
  dateFrom: string | null;
  dateTo: string | null;
  data: PerformanceRow[];
}

/** Options of {@link createPerformanceAccumulator}; dates are inclusive local dates in `tz`. */
export interface PerformanceOptions {
  /** Default `daily`. */
  period?: Granularity | undefined;
  tz: string;
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
 * Zero-filled performance per period (by local exit date in `tz`), oldest first. A missing
 * dateFrom/dateTo defaults to the first/last exit inside the other bound (to the given bound
 * when no trade falls inside). Facts outside the range are ignored. Throws `validation_failed`
 * at creation for malformed/inverted dates or more than 3,700 buckets, and from result() when
 * a range defaulted from the data spans more than that.
 */
export function createPerformanceAccumulator(opts: PerformanceOptions): Accumulator<Performance> {
  const g: Granularity = opts.period ?? 'daily';
  const cal = getCalendar(opts.tz);
  const { from, to } = parseDateRange(opts.dateFrom, opts.dateTo);
  if (from !== null && to !== null) assertPeriodLimit(g, from, to);
  const lo = from ?? -Infinity;
  const hi = to ?? Infinity;
  const tallies = new Map<number, Tally>();
  let minDay = Infinity;
  let maxDay = -Infinity;
  let lastDay = Number.NaN;
  let last: Tally | undefined;
  return {
    add(fact) {
      const day = cal.civilDay(fact.exitTime);
      if (day < lo || day > hi) return;
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
      last.add(fact);
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

import type { PeriodPerformance } from '@tj/schemas';
import { parseDayKey } from '../shared/calendar.js';
import { type DayOptions, daysOf } from './day-options.js';
import { validationError } from '../shared/errors.js';
import { fromMicros } from '../shared/money.js';
import type { Accumulator } from './accumulator.js';
import { periodIndex, periodKey } from './periods.js';
import type { Granularity } from './periods.js';
import { Tally, winRateOf } from './tally.js';
import type { ClosedTradeFact } from '../summaries/fact.js';

/** Most buckets a performance or period-bucket query may span. */
export const MAX_PERIOD_BUCKETS = 3700;

/** Number of `g` periods touching local civil days `fromDay` … `toDay` (inclusive). */
export function periodCount(g: Granularity, fromDay: number, toDay: number): number {
  return periodIndex(g, toDay) - periodIndex(g, fromDay) + 1;
}

/** Throws `validation_failed` at `dateFrom` when the range spans more than {@link MAX_PERIOD_BUCKETS} periods. */
export function assertPeriodLimit(g: Granularity, fromDay: number, toDay: number): void {
  const n = periodCount(g, fromDay, toDay);
  if (n > MAX_PERIOD_BUCKETS) {
    const message = `range spans ${n} ${g} periods; at most ${MAX_PERIOD_BUCKETS} are allowed`;
    throw validationError([{ path: 'dateFrom', message }]);
  }
}

/** Parses inclusive `dateFrom`/`dateTo` (either may be absent) or throws `validation_failed`. */
export function parseDateRange(
  dateFrom: string | undefined,
  dateTo: string | undefined,
): { from: number | null; to: number | null } {
  const from = dateFrom === undefined ? null : parseDayKey(dateFrom);
  const to = dateTo === undefined ? null : parseDayKey(dateTo);
  if (dateFrom !== undefined && from === null) {
    throw validationError([{ path: 'dateFrom', message: 'must be a date YYYY-MM-DD' }]);
  }
  if (dateTo !== undefined && to === null) {
    throw validationError([{ path: 'dateTo', message: 'must be a date YYYY-MM-DD' }]);
  }
  if (from !== null && to !== null && from > to) {
    throw validationError([{ path: 'dateFrom', message: 'must not be after dateTo' }]);
  }
  return { from, to };
}

/** One zero-fillable period of results, e.g. `{ period: '2026-W47', trades: 3, … }`. */
export type PeriodBucket = PeriodPerformance;

/** The bucket row of a tally. */
export function bucketOf(period: string, t: Tally | undefined): PeriodBucket {
  if (t === undefined) return { period, trades: 0, wins: 0, losses: 0, winRate: 0, totalPnL: 0 };
  return {
    period,
    trades: t.trades,
    wins: t.wins,
    losses: t.losses,
    winRate: winRateOf(t.wins, t.trades),
    totalPnL: fromMicros(t.pnl),
  };
}

/**
 * Fixed-range period buckets over local civil days `fromDay` … `toDay` (inclusive); trades are
 * placed by exitTime's local day, those outside the days are ignored. Feed it civil days.
 */
export class PeriodSeries {
  private readonly tallies: (Tally | undefined)[];
  private readonly first: number;
  private lastDay = Number.NaN;
  private last: Tally | undefined;

  constructor(
    readonly g: Granularity,
    readonly fromDay: number,
    readonly toDay: number,
  ) {
    this.first = periodIndex(g, fromDay);
    this.tallies = new Array<Tally | undefined>(periodIndex(g, toDay) - this.first + 1).fill(undefined);
  }

  /** The tally of civil day `day`, or undefined when the day is outside the series. */
  private tallyOn(day: number): Tally | undefined {
    if (day < this.fromDay || day > this.toDay) return undefined;
    if (day !== this.lastDay || this.last === undefined) {
      const i = periodIndex(this.g, day) - this.first;
      let t = this.tallies[i];
      if (t === undefined) {
        t = new Tally();
        this.tallies[i] = t;
      }
      this.last = t;
      this.lastDay = day;
    }
    return this.last;
  }

  /** Adds a trade whose exit falls on local civil day `day` (`realizedMicros`: see {@link Tally.add}). */
  addOnDay(day: number, fact: ClosedTradeFact, realizedMicros = 0): void {
    this.tallyOn(day)?.add(fact, realizedMicros);
  }

  /** Books a partial exit's P&L (micros) on civil day `day`. */
  bookOnDay(day: number, pnlMicros: number): void {
    this.tallyOn(day)?.book(pnlMicros);
  }

  /** Adds the counts and P&L of a day's trades at once (see {@link Tally.addCounts}). */
  addCountsOnDay(day: number, counts: { trades: number; wins: number; losses: number; pnl: number }): void {
    this.tallyOn(day)?.addCounts(counts);
  }

  /** The zero-filled buckets, oldest first. */
  buckets(): PeriodBucket[] {
    return this.tallies.map((t, i) => bucketOf(periodKey(this.g, this.first + i), t));
  }
}

/** Options of {@link createPeriodBucketsAccumulator}: inclusive local dates `YYYY-MM-DD`. */
export interface PeriodBucketsOptions extends DayOptions {
  period: Granularity;
  dateFrom: string;
  dateTo: string;
}

/** Zero-filled daily/weekly/monthly buckets (by local exit date in `tz`, partial exits by theirs) over a fixed date range. */
export function createPeriodBucketsAccumulator(opts: PeriodBucketsOptions): Accumulator<PeriodBucket[]> {
  const days = daysOf(opts);
  const { from, to } = parseDateRange(opts.dateFrom, opts.dateTo);
  if (from === null || to === null) throw new TypeError('unreachable: both dates given');
  assertPeriodLimit(opts.period, from, to);
  const series = new PeriodSeries(opts.period, from, to);
  return {
    add(fact, realizedMicros) {
      series.addOnDay(days.dayOf(fact.exitTime, fact.account), fact, realizedMicros);
    },
    book(b) {
      series.bookOnDay(days.dayOf(b.time, b.account), b.pnlMicros);
    },
    result: () => series.buckets(),
  };
}

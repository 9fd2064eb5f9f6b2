import type { Calendar } from '@tj/schemas';
import { dayKey, daysFromCivil } from '../shared/calendar.js';
import { fromMicros } from '../shared/money.js';
import type { Accumulator } from './accumulator.js';
import { type DayOptions, daysOf } from './day-options.js';
import { PeriodSeries } from './period-series.js';

/** The first and last civil day of a month `YYYY-MM`. */
export function monthDays(month: string): { first: number; last: number } {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const first = daysFromCivil(year, m, 1);
  const last = (m === 12 ? daysFromCivil(year + 1, 1, 1) : daysFromCivil(year, m + 1, 1)) - 1;
  return { first, last };
}

/** Options of {@link createCalendarAccumulator}: the month, and the ids of its daily journal entries by date. */
export interface CalendarOptions extends DayOptions {
  month: string;
  /** Daily journal entry id by date `YYYY-MM-DD`. */
  journal?: ReadonlyMap<string, string>;
}

/**
 * Every day of a month (by the exit's trading day), zero-filled, with its P&L, trade count and
 * daily journal entry; the month's trades and P&L beside. A partial exit books its P&L on its
 * own day (no trade, win or loss there); a close books the rest of its result. Exits and
 * bookings on other days are ignored.
 *
 * @example createCalendarAccumulator({ month: '2026-11', tz: 'America/New_York' })
 */
export function createCalendarAccumulator(opts: CalendarOptions): Accumulator<Omit<Calendar, 'currency' | 'fx'>> {
  const { first, last } = monthDays(opts.month);
  const days = daysOf(opts);
  const series = new PeriodSeries('daily', first, last);
  const journal = opts.journal ?? new Map<string, string>();
  let trades = 0;
  let pnl = 0;
  return {
    add(fact, realizedMicros = 0) {
      const day = days.dayOf(fact.exitTime, fact.account);
      if (day < first || day > last) return;
      series.addOnDay(day, fact, realizedMicros);
      trades++;
      pnl += fact.resultMicros - realizedMicros;
    },
    book(b) {
      const day = days.dayOf(b.time, b.account);
      if (day < first || day > last) return;
      series.bookOnDay(day, b.pnlMicros);
      pnl += b.pnlMicros;
    },
    result() {
      return {
        month: opts.month,
        trades,
        totalPnL: fromMicros(pnl),
        days: series.buckets().map(({ period, ...rest }, i) => {
          const id = journal.get(dayKey(first + i)) ?? null;
          return { date: period, ...rest, journalEntryId: id, hasJournalEntry: id !== null };
        }),
      };
    },
  };
}

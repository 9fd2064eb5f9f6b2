import type { PartialExitTrade } from '../storage/ports.js';
import type { ClosedTradeFact } from '../summaries/fact.js';
import type { Accumulator, Booking } from './accumulator.js';

/** What the partial exits of a selection add to the day-based figures (docs/analytics.md, "Realized P&L of partial exits"). */
export interface Bookings {
  /** Every partial exit, in (time, trade id) order. */
  partials: readonly Booking[];
  /** What each closed trade's partial exits booked before its close, by trade id. */
  realized: ReadonlyMap<string, number>;
}

/** The bookings of a selection without partial exits. */
export const NO_BOOKINGS: Bookings = { partials: [], realized: new Map() };

const byTime = (a: Booking, b: Booking) => a.time - b.time || (a.tradeId < b.tradeId ? -1 : a.tradeId > b.tradeId ? 1 : 0);

/** The partial exits of `trades` in time order, and what the closed ones booked before their close. */
export function bookingsOf(trades: readonly PartialExitTrade[]): Bookings {
  if (trades.length === 0) return NO_BOOKINGS;
  const partials: Booking[] = [];
  const realized = new Map<string, number>();
  for (const t of trades) {
    for (const p of t.partialExits) partials.push({ tradeId: t.id, time: p.time, account: t.account, pnlMicros: p.pnlMicros });
    if (t.exitTime !== null) realized.set(t.id, t.realizedMicros);
  }
  return { partials: partials.sort(byTime), realized };
}

/**
 * What `trades` change in the P&L booked at each instant, for readers of sums only: +pnl at each
 * partial exit, and −realizedMicros at each close (the close books result − realizedMicros, and
 * the closes' results are summed apart).
 */
export function netBookings(trades: readonly PartialExitTrade[]): Booking[] {
  const out: Booking[] = [];
  for (const t of trades) {
    for (const p of t.partialExits) out.push({ tradeId: t.id, time: p.time, account: t.account, pnlMicros: p.pnlMicros });
    if (t.exitTime !== null) out.push({ tradeId: t.id, time: t.exitTime, account: t.account, pnlMicros: -t.realizedMicros });
  }
  return out;
}

/** The sum of {@link netBookings} of `trades` at instants in [from, to), micros. */
export function netBookedIn(trades: readonly PartialExitTrade[], from: number, to: number): number {
  let sum = 0;
  for (const b of netBookings(trades)) if (b.time >= from && b.time < to) sum += b.pnlMicros;
  return sum;
}

/**
 * Feeds `acc` closed trades (batches in (exitTime, id) order) with the partial exits of
 * `bookings` merged in by time: a partial exit at the same instant as a close comes first. A
 * close carries what its partial exits booked before it (see {@link Accumulator.add}).
 *
 * @example const feed = bookedFeed(acc, bookingsOf(rows)); for await (const b of batches) feed.add(b); feed.result();
 */
export function bookedFeed<T>(acc: Accumulator<T>, bookings: Bookings) {
  const { partials, realized } = bookings;
  let next = 0;
  const bookUntil = (time: number) => {
    while (next < partials.length && (partials[next] as Booking).time <= time) acc.book?.(partials[next++] as Booking);
  };
  return {
    /** Feeds a batch of closes (and the partial exits before or at them). */
    add(facts: readonly ClosedTradeFact[]): void {
      if (partials.length === 0 && realized.size === 0) {
        for (const fact of facts) acc.add(fact);
        return;
      }
      for (const fact of facts) {
        bookUntil(fact.exitTime);
        acc.add(fact, realized.get(fact.id) ?? 0);
      }
    },
    /** The figure, after the partial exits later than every close. */
    result(): T {
      bookUntil(Number.POSITIVE_INFINITY);
      return acc.result();
    },
  };
}

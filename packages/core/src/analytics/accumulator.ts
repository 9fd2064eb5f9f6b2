import type { ClosedTradeFact } from '../summaries/fact.js';

/** A partial exit's booking: P&L realised at `time` (ms) by a trade that stayed open, in micros. */
export interface Booking {
  tradeId: string;
  time: number;
  /** The trade's account: its trading day places the booking. */
  account: string | null;
  pnlMicros: number;
}

/**
 * A synchronous single-pass consumer of closed trades fed in (exitTime, id) order; day-based
 * figures also take the partial exits' bookings, in time order among the closes.
 */
export interface Accumulator<T> {
  /**
   * Feeds one closed trade. `realizedMicros` is what its partial exits booked before the close
   * (0 without any): a day-based figure books `resultMicros − realizedMicros` on the exit's day;
   * a figure of closed trades reads the whole result and ignores it.
   */
  add(fact: ClosedTradeFact, realizedMicros?: number): void;
  /** Books a partial exit's P&L on its day (day-based figures only; the others have no such method). */
  book?(booking: Booking): void;
  /** The figure so far; a plain JSON-ready value. Calling it does not end the accumulation. */
  result(): T;
}

/** The result type of an accumulator. */
export type ResultOf<A> = A extends Accumulator<infer T> ? T : never;

/** Combines named accumulators into one, so a single pass over the trades feeds them all. */
export function combine<P extends Record<string, Accumulator<unknown>>>(
  parts: P,
): Accumulator<{ [K in keyof P]: ResultOf<P[K]> }> {
  const names = Object.keys(parts) as (keyof P & string)[];
  const list = names.map((n) => parts[n] as Accumulator<unknown>);
  const n = list.length;
  return {
    add(fact, realizedMicros) {
      for (let i = 0; i < n; i++) (list[i] as Accumulator<unknown>).add(fact, realizedMicros);
    },
    book(booking) {
      for (let i = 0; i < n; i++) (list[i] as Accumulator<unknown>).book?.(booking);
    },
    result() {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) out[names[i] as string] = (list[i] as Accumulator<unknown>).result();
      return out as { [K in keyof P]: ResultOf<P[K]> };
    },
  };
}

/** Feeds every fact of an iterable to `acc` and returns its result. */
export function accumulate<T>(acc: Accumulator<T>, facts: Iterable<ClosedTradeFact>): T {
  for (const f of facts) acc.add(f);
  return acc.result();
}

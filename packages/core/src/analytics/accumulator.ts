import type { ClosedTradeFact } from '../summaries/fact.js';

/** A synchronous single-pass consumer of closed trades fed in (exitTime, id) order. */
export interface Accumulator<T> {
  /** Feeds one closed trade. */
  add(fact: ClosedTradeFact): void;
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
    add(fact) {
      for (let i = 0; i < n; i++) (list[i] as Accumulator<unknown>).add(fact);
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

import type { PartialExitTrade } from '../storage/ports.js';
import type { ClosedTradeFact } from '../summaries/fact.js';
import { type FoundRate, type RateBook, utcDay } from './rate-book.js';
import { convertMicros, parseRate, type Ratio } from './ratio.js';

/** Where each trade's money is stated: the currency it states, else its account's base, else the user's. */
export interface CurrencyOwners {
  /** Base currency by account name (only accounts that set one). */
  accountBase: ReadonlyMap<string, string>;
  /** The user's base currency, or null. */
  userBase: string | null;
}

/** Trades of one day and currency that had no rate into the reporting currency. */
export interface MissingRate {
  date: string;
  from: string;
  to: string;
  trades: number;
}

/** What a trade's money needs to be converted: its currency, account and the broker's own rate. */
type Priced = Pick<ClosedTradeFact, 'account' | 'currency' | 'fxRate' | 'fxBase'>;

/** The currency a trade's money is in, or null when nothing states one. */
export function currencyOf(t: Pick<Priced, 'account' | 'currency'>, owners: CurrencyOwners): string | null {
  return t.currency ?? (t.account === null ? undefined : owners.accountBase.get(t.account)) ?? owners.userBase;
}

/**
 * Converts trades' money into `to` at each booking's day (the UTC date of the exit or partial
 * exit): the broker's own rate when it converts into `to`, else the user's rates (rate book).
 * A trade with a booking that has no rate is left out whole and counted in {@link missing}; a
 * trade whose currency nobody states is taken to be in `to`. Never a rate of 1 for two currencies.
 *
 * @example const c = fxConverter('USD', owners, book); const fact = c.fact(f); // undefined: left out
 */
export function fxConverter(to: string, owners: CurrencyOwners, book: RateBook) {
  const dropped = new Set<string>();
  const missing = new Map<string, MissingRate>();
  const counted = new Set<string>();
  let converted = 0;

  /** The rate that converts `t`'s money on the day of `time`: null when it needs none, undefined when there is none. */
  function found(t: Priced, time: number): FoundRate | null | undefined {
    const from = currencyOf(t, owners);
    if (from === null || from === to) return null;
    const day = utcDay(time);
    if (t.fxRate != null && (t.fxBase ?? (t.account === null ? undefined : owners.accountBase.get(t.account))) === to) {
      const broker = parseRate(t.fxRate);
      if (broker !== undefined) return { ratio: broker, day, source: 'broker' };
    }
    return book.rate(from, to, day);
  }

  /** The rate of `t` on the day of `time`, or undefined (recorded as missing for trade `id`). */
  function rateFor(id: string, t: Priced, time: number): Ratio | null | undefined {
    const rate = found(t, time);
    if (rate !== undefined) return rate === null ? null : rate.ratio;
    const from = currencyOf(t, owners) as string;
    const day = utcDay(time);
    const key = `${day}|${from}`;
    const entry = missing.get(key) ?? { date: day, from, to, trades: 0 };
    if (!counted.has(`${key}|${id}`)) {
      counted.add(`${key}|${id}`);
      entry.trades++;
    }
    missing.set(key, entry);
    return undefined;
  }

  return {
    /** The rate that converts a trade's money booked at `time` (null: none needed; undefined: none known), not counted. */
    rateOf: found,
    /** The trades' partial exits in `to`; a trade with a partial exit on a day without a rate is left out whole. */
    partialExits(trades: readonly PartialExitTrade[]): PartialExitTrade[] {
      const out: PartialExitTrade[] = [];
      for (const t of trades) {
        const rates = t.partialExits.map((p) => rateFor(t.id, t, p.time));
        if (rates.some((r) => r === undefined)) {
          dropped.add(t.id);
          continue;
        }
        const partialExits = t.partialExits.map((p, i) => {
          const r = rates[i];
          return r === null || r === undefined ? p : { ...p, pnlMicros: convertMicros(p.pnlMicros, r) };
        });
        const realizedMicros = partialExits.reduce((sum, p) => sum + p.pnlMicros, 0);
        out.push({ ...t, partialExits, realizedMicros });
      }
      return out;
    },
    /** A closed trade in `to`, or undefined when it is left out for want of a rate. */
    fact(f: ClosedTradeFact): ClosedTradeFact | undefined {
      if (dropped.has(f.id)) return undefined;
      const r = rateFor(f.id, f, f.exitTime);
      if (r === undefined) return undefined;
      if (r === null) return f;
      converted++;
      return { ...f, resultMicros: convertMicros(f.resultMicros, r), feesMicros: convertMicros(f.feesMicros, r) };
    },
    /** How many trades were converted, and the days and currencies without a rate. */
    report() {
      const list = [...missing.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.from < b.from ? -1 : 1));
      return { converted, missing: list };
    },
  };
}

/** A converter of trades' money into one currency. */
export type FxConverter = ReturnType<typeof fxConverter>;

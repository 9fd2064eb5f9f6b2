import { DAY_MS, dayKey, parseDayKey } from '../shared/calendar.js';
import type { FxRateRow } from '../storage/ports.js';
import { inverse, parseRate, type Ratio, times } from './ratio.js';

/**
 * How many days before a day its rate may have been published: a weekend plus the longest run
 * of the ECB's holidays (Good Friday to Easter Monday takes Thursday's rate). Older is no rate.
 */
export const MAX_RATE_AGE_DAYS = 4;

/** A rate found for a conversion: the exact ratio, the day it was published and where it came from. */
export interface FoundRate {
  ratio: Ratio;
  day: string;
  source: string;
}

interface Series {
  days: string[];
  rates: Ratio[];
  sources: string[];
}

/** `day` (YYYY-MM-DD) moved by `n` days. */
export function addDays(day: string, n: number): string {
  return dayKey((parseDayKey(day) as number) + n);
}

/** The UTC date (YYYY-MM-DD) of an instant: the day whose rate converts money booked then. */
export const utcDay = (ms: number): string => dayKey(Math.floor(ms / DAY_MS));

/**
 * The user's rates, indexed by pair and day, answering "what is 1 `from` in `to` on `day`": the
 * pair's own rate, its inverse, or a cross through one other currency (EUR, USD first), each leg
 * the latest published on or before the day and at most {@link MAX_RATE_AGE_DAYS} older.
 *
 * @example rateBook(rows).rate('JPY', 'USD', '2026-03-02')
 */
export function rateBook(rows: readonly FxRateRow[]) {
  const series = new Map<string, Series>();
  const partners = new Map<string, Set<string>>();
  for (const r of rows) {
    const ratio = parseRate(r.rate);
    if (ratio === undefined) continue;
    const key = `${r.base}/${r.quote}`;
    let s = series.get(key);
    if (s === undefined) {
      s = { days: [], rates: [], sources: [] };
      series.set(key, s);
    }
    s.days.push(r.day);
    s.rates.push(ratio);
    s.sources.push(r.source);
    for (const [a, b] of [
      [r.base, r.quote],
      [r.quote, r.base],
    ] as const) {
      const set = partners.get(a) ?? new Set<string>();
      partners.set(a, set);
      set.add(b);
    }
  }
  for (const s of series.values()) sortSeries(s);

  /** The latest rate of base/quote on or before `day`, within the age limit. */
  function latest(base: string, quote: string, day: string): FoundRate | undefined {
    const s = series.get(`${base}/${quote}`);
    if (s === undefined) return undefined;
    let lo = 0;
    let hi = s.days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((s.days[mid] as string) <= day) lo = mid + 1;
      else hi = mid;
    }
    if (lo === 0) return undefined;
    const found = s.days[lo - 1] as string;
    if (found < addDays(day, -MAX_RATE_AGE_DAYS)) return undefined;
    return { ratio: s.rates[lo - 1] as Ratio, day: found, source: s.sources[lo - 1] as string };
  }

  /** A direct or inverse rate of one leg. */
  function leg(from: string, to: string, day: string): FoundRate | undefined {
    const direct = latest(from, to, day);
    if (direct !== undefined) return direct;
    const back = latest(to, from, day);
    return back === undefined ? undefined : { ...back, ratio: inverse(back.ratio) };
  }

  return {
    /** 1 `from` in `to` on `day`, or undefined when the user has no rate for it then. */
    rate(from: string, to: string, day: string): FoundRate | undefined {
      if (from === to) return { ratio: { num: 1n, den: 1n }, day, source: 'same' };
      const one = leg(from, to, day);
      if (one !== undefined) return one;
      const via = [...(partners.get(from) ?? [])].filter((c) => partners.get(to)?.has(c)).sort(pivotOrder);
      for (const pivot of via) {
        const a = leg(from, pivot, day);
        const b = a === undefined ? undefined : leg(pivot, to, day);
        if (a === undefined || b === undefined) continue;
        const source = a.source === b.source ? a.source : `${a.source}+${b.source}`;
        return { ratio: times(a.ratio, b.ratio), day: [a.day, b.day].sort()[0] as string, source };
      }
      return undefined;
    },
  };
}

/** The rates of a user, as {@link rateBook} answers them. */
export type RateBook = ReturnType<typeof rateBook>;

/** EUR and USD first (the pivots rates are published against), then by code. */
function pivotOrder(a: string, b: string): number {
  const rank = (c: string) => (c === 'EUR' ? 0 : c === 'USD' ? 1 : 2);
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

function sortSeries(s: Series): void {
  const order = s.days.map((_, i) => i).sort((i, j) => ((s.days[i] as string) < (s.days[j] as string) ? -1 : 1));
  s.days = order.map((i) => s.days[i] as string);
  s.rates = order.map((i) => s.rates[i] as Ratio);
  s.sources = order.map((i) => s.sources[i] as string);
}

import { divRound } from '../shared/decimal.js';

/** An exact positive rate num ÷ den, so cross and inverse rates never round before the money does. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

const RATE_TEXT = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

/**
 * A rate written as a positive decimal (`1.0834`, `161.2`), exactly; undefined for anything else
 * (signs, exponents, zero, more than 12 digits either side of the point).
 *
 * @example parseRate('1.0834') // { num: 10834n, den: 10000n }
 */
export function parseRate(text: string): Ratio | undefined {
  const m = RATE_TEXT.exec(text.trim());
  if (m === null) return undefined;
  const decimals = m[2] ?? '';
  const num = BigInt((m[1] as string) + decimals);
  if (num === 0n) return undefined;
  return { num, den: 10n ** BigInt(decimals.length) };
}

/** The rate the other way round (1 ÷ r). */
export function inverse(r: Ratio): Ratio {
  return { num: r.den, den: r.num };
}

/** a × b, exactly. */
export function times(a: Ratio, b: Ratio): Ratio {
  return { num: a.num * b.num, den: a.den * b.den };
}

/** An amount of micros converted at `r`, rounded to the micro half away from zero. */
export function convertMicros(micros: number, r: Ratio): number {
  if (micros === 0) return 0;
  return Number(divRound(BigInt(micros) * r.num, r.den));
}

/**
 * A rate as decimal text for people and the API: its exact decimal when it has at most 10
 * decimals, else rounded to 10 significant decimals after the point.
 *
 * @example rateText({ num: 1n, den: 8n }) // '0.125'
 */
export function rateText(r: Ratio): string {
  const scaled = divRound(r.num * 10n ** 10n, r.den);
  const digits = scaled.toString().padStart(11, '0');
  const text = `${digits.slice(0, -10)}.${digits.slice(-10)}`.replace(/0+$/, '').replace(/\.$/, '');
  return text;
}

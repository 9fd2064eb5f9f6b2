/**
 * Exact decimal arithmetic for the few figures that multiply prices: a number is read as the
 * decimal its shortest form shows (67633.05 is 6763305 × 10⁻², not the binary float near it),
 * so a difference of two prices a tick apart is exactly one tick.
 */

/** An exact decimal: `digits × 10^-scale`, scale ≥ 0. */
export interface Decimal {
  digits: bigint;
  scale: number;
}

const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

/**
 * The decimal a finite number prints as.
 *
 * @example decimalOf(67633.05) // { digits: 6763305n, scale: 2 }
 */
export function decimalOf(x: number): Decimal {
  const m = NUMBER.exec(String(x));
  if (m === null) throw new RangeError(`not a finite number: ${x}`);
  const fraction = m[3] ?? '';
  let scale = fraction.length - Number(m[4] ?? 0);
  let digits = BigInt(`${m[2]}${fraction}`);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits: m[1] === '-' ? -digits : digits, scale };
}

/** a − b, exactly. */
export function decimalSub(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { digits: a.digits * 10n ** BigInt(scale - a.scale) - b.digits * 10n ** BigInt(scale - b.scale), scale };
}

/** a × b, exactly. */
export function decimalMul(a: Decimal, b: Decimal): Decimal {
  return { digits: a.digits * b.digits, scale: a.scale + b.scale };
}

/** |a|. */
export function decimalAbs(a: Decimal): Decimal {
  return a.digits < 0n ? { digits: -a.digits, scale: a.scale } : a;
}

/** The nearest number to a decimal. */
export function decimalToNumber(a: Decimal): number {
  return Number(`${a.digits}e-${a.scale}`);
}

/**
 * n ÷ d rounded to an integer, half away from zero (d ≠ 0).
 *
 * @example divRound(-5n, 2n) // -3n
 */
export function divRound(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (2n * an + ad) / (2n * ad);
  return negative ? -q : q;
}

/**
 * A number as a small exact decimal `int × 10^-scale` computed without strings: the fewest
 * decimals (at most 9) whose value rounds back to `x`, with `int` a safe integer; null when there
 * is none (then take {@link decimalOf}).
 *
 * @example smallDecimal(67633.05) // { int: 6763305, scale: 2 }
 */
export function smallDecimal(x: number): { int: number; scale: number } | null {
  let p = 1;
  for (let scale = 0; scale <= 9; scale++, p *= 10) {
    const int = Math.round(x * p);
    if (!Number.isSafeInteger(int)) return null;
    if (int / p === x) return { int, scale };
  }
  return null;
}

/** n ÷ d rounded half away from zero, for safe integers n and d ≠ 0 (exact: no float division). */
export function divRoundSafe(n: number, d: number): number {
  const r = n % d;
  const q = (n - r) / d;
  if (2 * Math.abs(r) < Math.abs(d)) return q;
  return q + (n < 0 !== d < 0 ? -1 : 1);
}

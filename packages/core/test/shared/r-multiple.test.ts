import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { smallDecimal } from '../../src/shared/decimal.js';
import { initialRisk, rMultipleOf } from '../../src/trades/derive.js';

/** Exact reference: every number as the decimal String() prints, R × 1e8 as a BigInt rational rounded half away from zero. */
function referenceR(resultMicros: number, entry: number, stop: number, size: number, multiplier: number): number | null {
  const dec = (x: number): [bigint, number] => {
    const [mantissa, exp = '0'] = String(x).split('e');
    const [int, frac = ''] = (mantissa as string).split('.');
    const scale = frac.length - Number(exp);
    const digits = BigInt(`${int}${frac}`);
    return scale >= 0 ? [digits, scale] : [digits * 10n ** BigInt(-scale), 0];
  };
  const [e, es] = dec(entry);
  const [s, ss] = dec(stop);
  const [z, zs] = dec(size);
  const [m, ms] = dec(multiplier);
  const scale = Math.max(es, ss);
  let distance = e * 10n ** BigInt(scale - es) - s * 10n ** BigInt(scale - ss);
  if (distance < 0n) distance = -distance;
  const risk = distance * z * m;
  if (risk === 0n) return null;
  const n = BigInt(resultMicros) * 10n ** BigInt(scale + zs + ms + 2);
  const neg = n < 0n;
  const a = neg ? -n : n;
  const q = (2n * a + risk) / (2n * risk);
  const r = Number(neg ? -q : q) / 1e8;
  return r === 0 ? 0 : r;
}

describe('exact R multiple', () => {
  it('gives exactly 10 for a stop one tick from a high price', () => {
    const t = { entryPrice: 67633.05, stopLoss: 67633.04, positionSize: 1, multiplier: 1 };
    expect(rMultipleOf(100_000, t)).toBe(10);
    expect(initialRisk(t)).toBe(0.01);
    // float arithmetic is off by a hair: this is what the old computation saw
    expect(0.1 / (67633.05 - 67633.04)).not.toBe(10);
  });

  it('reads numbers as the decimals they print as', () => {
    expect(smallDecimal(67633.05)).toEqual({ int: 6763305, scale: 2 });
    expect(smallDecimal(0.1)).toEqual({ int: 1, scale: 1 });
    expect(smallDecimal(1e-12)).toBeNull();
    expect(smallDecimal(123456789012.5)).toEqual({ int: 1234567890125, scale: 1 });
  });

  it('takes the BigInt path where safe integers do not reach, with the same rounding', () => {
    // 1e-12 has 12 decimals: past the small path.
    // risk 1e-12 × 1e9 × 1e9 = 1e6; result 1 → R 1e-6
    expect(rMultipleOf(1_000_000, { entryPrice: 2e-12, stopLoss: 1e-12, positionSize: 1e9, multiplier: 1e9 })).toBe(1e-6);
    expect(rMultipleOf(-1_000_001, { entryPrice: 100, stopLoss: 98, positionSize: 0.5, multiplier: 1 })).toBe(-1.000001);
    // risk 200, result ±1 micro: R = ±0.000000005 exactly, a tie that rounds away from zero
    expect(rMultipleOf(1, { entryPrice: 300, stopLoss: 100, positionSize: 1, multiplier: 1 })).toBe(1e-8);
    expect(rMultipleOf(-1, { entryPrice: 300, stopLoss: 100, positionSize: 1, multiplier: 1 })).toBe(-1e-8);
    expect(rMultipleOf(-1, { entryPrice: 3e-10, stopLoss: 1e-10, positionSize: 1e12, multiplier: 1 })).toBe(-1e-8);
  });

  it('equals an exact rational reference on random trades', () => {
    const price = fc.oneof(
      fc.integer({ min: 1, max: 10_000_000 }).map((n) => n / 100),
      fc.integer({ min: 1, max: 2_000_000_000 }).map((n) => n / 100_000),
      fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
    );
    fc.assert(
      fc.property(
        price,
        price,
        fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.double({ min: 1e-4, max: 1e4, noNaN: true })),
        fc.constantFrom(1, 5, 12.5, 50, 100, 12_500_000),
        fc.integer({ min: -2e12, max: 2e12 }),
        (entry, stop, size, multiplier, resultMicros) => {
          const t = { entryPrice: entry, stopLoss: stop, positionSize: size, multiplier };
          expect(rMultipleOf(resultMicros, t)).toBe(referenceR(resultMicros, entry, stop, size, multiplier));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

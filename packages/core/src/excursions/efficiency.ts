import { type Decimal, decimalOf, decimalSub, divRound } from '../shared/decimal.js';

/** n ÷ d rounded to 8 decimals half away from zero, exactly (d ≠ 0). */
function ratio8(n: Decimal, d: Decimal): number {
  const shift = d.scale - n.scale + 8;
  const num = shift >= 0 ? n.digits * 10n ** BigInt(shift) : n.digits;
  const den = shift >= 0 ? d.digits : d.digits * 10n ** BigInt(-shift);
  const r = Number(divRound(num, den)) / 1e8;
  return r === 0 ? 0 : r;
}

/**
 * Entry and exit efficiency as the field defines them (Sweeney; TradeStation's trade analysis),
 * over the highest and lowest price while the trade was open: long entry (High − Entry) ÷
 * (High − Low), long exit (Exit − Low) ÷ (High − Low); short entry (Entry − Low) ÷ (High − Low),
 * short exit (High − Exit) ÷ (High − Low). Both null when High = Low (no range to measure against).
 *
 * @example efficiencies('long', 101, 104, 105, 100) // { entry: 0.8, exit: 0.8 }
 */
export function efficiencies(
  direction: 'long' | 'short',
  entry: number,
  exit: number,
  high: number,
  low: number,
): { entry: number | null; exit: number | null } {
  const [h, l, en, ex] = [decimalOf(high), decimalOf(low), decimalOf(entry), decimalOf(exit)];
  const range = decimalSub(h, l);
  if (range.digits === 0n) return { entry: null, exit: null };
  if (direction === 'long') return { entry: ratio8(decimalSub(h, en), range), exit: ratio8(decimalSub(ex, l), range) };
  return { entry: ratio8(decimalSub(en, l), range), exit: ratio8(decimalSub(h, ex), range) };
}

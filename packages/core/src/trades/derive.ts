import {
  type Decimal,
  decimalAbs,
  decimalMul,
  decimalOf,
  decimalSub,
  decimalToNumber,
  divRound,
  divRoundSafe,
  smallDecimal,
} from '../shared/decimal.js';
import { toMicros } from '../shared/money.js';
import type { TradeRow } from '../storage/rows.js';

type RiskFields = Pick<TradeRow, 'entryPrice' | 'stopLoss' | 'positionSize' | 'multiplier'>;

/** Initial risk as an exact decimal: |entry − stop| × size × multiplier, each read as the decimal it prints as. */
function exactRisk(t: RiskFields): Decimal | null {
  if (t.stopLoss === null) return null;
  const distance = decimalAbs(decimalSub(decimalOf(t.entryPrice), decimalOf(t.stopLoss)));
  return decimalMul(decimalMul(distance, decimalOf(t.positionSize)), decimalOf(t.multiplier));
}

/**
 * Initial risk in money: |entry − stop| × size × multiplier, computed in exact decimals (a stop
 * one tick from a high price is exactly one tick away); null without a stop.
 *
 * @example initialRisk({ entryPrice: 67633.05, stopLoss: 67633.04, positionSize: 1, multiplier: 1 }) // 0.01
 */
export function initialRisk(t: RiskFields): number | null {
  const risk = exactRisk(t);
  return risk === null ? null : decimalToNumber(risk);
}

/**
 * result ÷ initial risk, rounded to 8 decimals (half away from zero) from the exact quotient of
 * the result in micro-units and the exact risk; null without a stop or with zero risk.
 *
 * @example rMultipleOf(100_000, { entryPrice: 67633.05, stopLoss: 67633.04, positionSize: 1, multiplier: 1 }) // 10
 */
export function rMultipleOf(resultMicros: number, t: RiskFields): number | null {
  if (t.stopLoss === null) return null;
  const fast = smallRMultiple(resultMicros, t.entryPrice, t.stopLoss, t.positionSize, t.multiplier);
  if (fast !== undefined) return fast;
  const risk = exactRisk(t);
  if (risk === null || risk.digits === 0n) return null;
  // R × 1e8 = resultMicros / 1e6 / (digits / 10^scale) × 1e8 = resultMicros × 10^(scale + 2) / digits
  const scaled = divRound(BigInt(resultMicros) * 10n ** BigInt(risk.scale + 2), risk.digits);
  const r = Number(scaled) / 1e8;
  return r === 0 ? 0 : r;
}

/**
 * {@link rMultipleOf} in safe integers, for the usual trade whose prices and sizes have few
 * decimals: the same exact answer without BigInt; undefined when a value or product does not fit.
 */
function smallRMultiple(
  resultMicros: number,
  entry: number,
  stop: number,
  size: number,
  multiplier: number,
): number | null | undefined {
  const e = smallDecimal(entry);
  const s = smallDecimal(stop);
  const z = smallDecimal(size);
  const m = smallDecimal(multiplier);
  if (e === null || s === null || z === null || m === null) return undefined;
  const scale = Math.max(e.scale, s.scale);
  const distance = Math.abs(e.int * 10 ** (scale - e.scale) - s.int * 10 ** (scale - s.scale));
  const risk = distance * z.int * m.int;
  const riskScale = scale + z.scale + m.scale;
  const numerator = resultMicros * 10 ** (riskScale + 2);
  if (!Number.isSafeInteger(distance) || !Number.isSafeInteger(risk) || !Number.isSafeInteger(numerator) || riskScale > 20) {
    return undefined;
  }
  if (risk === 0) return null;
  const r = divRoundSafe(numerator, risk) / 1e8;
  return r === 0 ? 0 : r;
}

/**
 * Realised P&L in micro-units: (exit − entry) × size × multiplier × (+1 long, −1 short) − fees.
 *
 * @example computedResultMicros({ direction: 'long', entryPrice: 100, exitPrice: 110, positionSize: 2, multiplier: 1, fees: 1 }) // 19_000_000
 */
export function computedResultMicros(
  t: Pick<TradeRow, 'direction' | 'entryPrice' | 'exitPrice' | 'positionSize' | 'multiplier' | 'fees'>,
): number | null {
  if (t.exitPrice === null) return null;
  const sign = t.direction === 'long' ? 1 : -1;
  return toMicros((t.exitPrice - t.entryPrice) * t.positionSize * t.multiplier * sign) - toMicros(t.fees);
}

/** Fills in the computed fields (result unless sent by the client, rMultiple) of a trade row. */
export function withDerived(t: TradeRow): TradeRow {
  const closed = t.exitPrice !== null;
  const resultMicros = !closed ? null : t.resultManual ? t.resultMicros : computedResultMicros(t);
  const rMultiple = resultMicros === null ? null : rMultipleOf(resultMicros, t);
  return { ...t, resultMicros, rMultiple };
}

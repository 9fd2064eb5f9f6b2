import { round8, toMicros } from '../shared/money.js';
import type { TradeRow } from '../storage/rows.js';

/** Initial risk in money: |entry − stop| × size × multiplier; null without a stop. */
export function initialRisk(t: Pick<TradeRow, 'entryPrice' | 'stopLoss' | 'positionSize' | 'multiplier'>): number | null {
  if (t.stopLoss === null) return null;
  return Math.abs(t.entryPrice - t.stopLoss) * t.positionSize * t.multiplier;
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
  const risk = initialRisk(t);
  const rMultiple = resultMicros === null || risk === null || risk === 0 ? null : round8(resultMicros / 1e6 / risk);
  return { ...t, resultMicros, rMultiple };
}

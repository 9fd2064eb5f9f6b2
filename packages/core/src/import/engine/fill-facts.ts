import { estimateBytes } from '../../shared/input-limits.js';
import type { Fill } from '../formats/own/fills-csv.js';

/** Estimated bytes a fill holds (its object, strings and details), for an import's memory budget. */
export function fillBytes(fill: Fill): number {
  return estimateBytes(
    fill.details === undefined ? 320 : 480,
    fill.symbol,
    fill.account,
    fill.execId,
    fill.note,
    fill.execKey,
    ...fill.tags,
  );
}

/** A fill's bytes plus its execution record in an open position. */
export const pieceBytes = (fill: Fill): number => fillBytes(fill) + 96;

/** The canonical content of a fill for its hash: the execution's data, not its tags or note. */
export function canonicalFill(fill: Fill): string {
  const { account, symbol, datetime, side, quantity, price, commission, fees, multiplier } = fill;
  return JSON.stringify([account, symbol, datetime, side, quantity, price, commission, fees, multiplier]);
}

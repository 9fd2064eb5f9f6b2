/**
 * The arithmetic of corporate actions, as pure functions: a split of `new:old` multiplies
 * quantities by new ÷ old and divides prices by it (money is unchanged); a symbol change renames.
 * Each works on execution-like records (anything with a time, a quantity and a price, or a time
 * and an instrument) and touches only the records before the action's `effectiveAt`. Every
 * adjustment has its exact inverse (`unsplit…`, and a rename back), which deleting an action uses.
 */
import type { SplitRatio } from '@tj/schemas';
import { type Decimal, decimalOf, divRound } from '../shared/decimal.js';

export type { SplitRatio };

/** Decimals a split quantity keeps (the import's quantity scale, 1e-8). */
export const SPLIT_QUANTITY_DECIMALS = 8;
/** Decimals a split price keeps (as the import's average prices). */
export const SPLIT_PRICE_DECIMALS = 10;

/** A split as the adjustments need it: trades and executions before `effectiveAt` (epoch ms) are split. */
export interface SplitAdjustment {
  effectiveAt: number;
  ratio: SplitRatio;
}

/** A symbol change as the adjustments need it: records of `from` before `effectiveAt` become `to`. */
export interface SymbolRename {
  effectiveAt: number;
  from: string;
  to: string;
}

/** x × a ÷ b, exactly, rounded half away from zero to `decimals` places: its digits at that scale. */
function mulDivDigits(x: number, a: number, b: number, decimals: number): bigint {
  const dx = decimalOf(x);
  const da = decimalOf(a);
  const db = decimalOf(b);
  // x·a/b·10^k = (dx.digits·da.digits / db.digits) · 10^(k − dx.scale − da.scale + db.scale)
  const e = decimals - dx.scale - da.scale + db.scale;
  const num = dx.digits * da.digits * (e > 0 ? 10n ** BigInt(e) : 1n);
  const den = db.digits * (e < 0 ? 10n ** BigInt(-e) : 1n);
  return divRound(num, den);
}

/** The number `digits × 10^-decimals` (0, never −0). */
function numberOf(digits: bigint, decimals: number): number {
  const value = Number(`${digits}e-${decimals}`);
  return value === 0 ? 0 : value;
}

/** x × a ÷ b, exactly, rounded half away from zero to `decimals` places. */
function mulDiv(x: number, a: number, b: number, decimals: number): number {
  return numberOf(mulDivDigits(x, a, b, decimals), decimals);
}

/** The decimal `y` rounded to `places` (half away from zero). */
function roundTo(y: Decimal, places: number): number {
  const digits =
    y.scale <= places ? y.digits * 10n ** BigInt(places - y.scale) : divRound(y.digits, 10n ** BigInt(y.scale - places));
  return numberOf(digits, places);
}

/**
 * The inverse of `forward` (x × a ÷ b rounded to `decimals`) at `y`: the number with the fewest
 * decimals whose forward value is `y`, so a price or size the forward step had to round comes back
 * as it was (100 split 3:1 is 33.3333333333; undone, 100 again).
 */
function inverse(y: number, a: number, b: number, decimals: number): number {
  const exact: Decimal = { digits: mulDivDigits(y, b, a, decimals + 12), scale: decimals + 12 };
  for (let places = 0; places <= decimals; places++) {
    const candidate = roundTo(exact, places);
    if (mulDiv(candidate, a, b, decimals) === y) return candidate;
  }
  return mulDiv(y, b, a, decimals);
}

/**
 * A quantity after a split: × new ÷ old, exact, to 8 decimals.
 *
 * @example splitQuantity(100, { new: 4, old: 1 }) // 400
 */
export function splitQuantity(quantity: number, ratio: SplitRatio): number {
  return mulDiv(quantity, ratio.new, ratio.old, SPLIT_QUANTITY_DECIMALS);
}

/**
 * A price after a split: × old ÷ new, exact, to 10 decimals.
 *
 * @example splitPrice(190, { new: 4, old: 1 }) // 47.5
 */
export function splitPrice(price: number, ratio: SplitRatio): number {
  return mulDiv(price, ratio.old, ratio.new, SPLIT_PRICE_DECIMALS);
}

/**
 * The quantity before a split, from the one after it (the inverse of {@link splitQuantity}).
 *
 * @example unsplitQuantity(33.33333333, { new: 1, old: 3 }) // 100
 */
export function unsplitQuantity(quantity: number, ratio: SplitRatio): number {
  return inverse(quantity, ratio.new, ratio.old, SPLIT_QUANTITY_DECIMALS);
}

/**
 * The price before a split, from the one after it (the inverse of {@link splitPrice}).
 *
 * @example unsplitPrice(33.3333333333, { new: 3, old: 1 }) // 100
 */
export function unsplitPrice(price: number, ratio: SplitRatio): number {
  return inverse(price, ratio.old, ratio.new, SPLIT_PRICE_DECIMALS);
}

/** What a split changes on an execution-like record. */
export interface SplitRecord {
  /** Epoch ms. */
  time: number;
  quantity: number;
  price: number;
}

/**
 * The records with those before the split split: quantity × new ÷ old, price ÷ (new ÷ old);
 * everything else (fees, the time, later records) is kept. Returns new objects; the input is not changed.
 *
 * @example applySplit([{ time: t0, quantity: 100, price: 200 }], { effectiveAt: t1, ratio: { new: 4, old: 1 } }) // [{ time: t0, quantity: 400, price: 50 }]
 */
export function applySplit<T extends SplitRecord>(records: readonly T[], split: SplitAdjustment): T[] {
  return records.map((r) =>
    r.time < split.effectiveAt
      ? { ...r, quantity: splitQuantity(r.quantity, split.ratio), price: splitPrice(r.price, split.ratio) }
      : r,
  );
}

/**
 * The inverse of {@link applySplit}: the records before the split as they were before it.
 *
 * @example undoSplit([{ time: t0, quantity: 400, price: 50 }], { effectiveAt: t1, ratio: { new: 4, old: 1 } }) // [{ time: t0, quantity: 100, price: 200 }]
 */
export function undoSplit<T extends SplitRecord>(records: readonly T[], split: SplitAdjustment): T[] {
  return records.map((r) =>
    r.time < split.effectiveAt
      ? { ...r, quantity: unsplitQuantity(r.quantity, split.ratio), price: unsplitPrice(r.price, split.ratio) }
      : r,
  );
}

/**
 * The records with those of `from` before the change renamed `to` (a rename back undoes it).
 *
 * @example renameSymbol([{ time: t0, instrument: 'FB' }], { effectiveAt: t1, from: 'FB', to: 'META' }) // [{ time: t0, instrument: 'META' }]
 */
export function renameSymbol<T extends { time: number; instrument: string }>(records: readonly T[], change: SymbolRename): T[] {
  return records.map((r) => (r.time < change.effectiveAt && r.instrument === change.from ? { ...r, instrument: change.to } : r));
}

/** What a split changes on an open position: its size and its prices. */
export interface SplitPosition {
  positionSize: number;
  entryPrice: number;
  stopLoss: number | null;
  takeProfit: number | null;
}

/**
 * An open position after a split: size × new ÷ old; entry, stop and target ÷ (new ÷ old). Fees,
 * results and partial exits are money and do not change.
 *
 * @example splitPosition({ positionSize: 100, entryPrice: 200, stopLoss: 190, takeProfit: null }, { new: 4, old: 1 }) // 400 at 50, stop 47.5
 */
export function splitPosition<T extends SplitPosition>(position: T, ratio: SplitRatio): T {
  const price = (p: number | null) => (p === null ? null : splitPrice(p, ratio));
  return {
    ...position,
    positionSize: splitQuantity(position.positionSize, ratio),
    entryPrice: splitPrice(position.entryPrice, ratio),
    stopLoss: price(position.stopLoss),
    takeProfit: price(position.takeProfit),
  };
}

/**
 * The inverse of {@link splitPosition}.
 *
 * @example undoSplitPosition({ positionSize: 400, entryPrice: 50, stopLoss: 47.5, takeProfit: null }, { new: 4, old: 1 }) // 100 at 200, stop 190
 */
export function undoSplitPosition<T extends SplitPosition>(position: T, ratio: SplitRatio): T {
  const price = (p: number | null) => (p === null ? null : unsplitPrice(p, ratio));
  return {
    ...position,
    positionSize: unsplitQuantity(position.positionSize, ratio),
    entryPrice: unsplitPrice(position.entryPrice, ratio),
    stopLoss: price(position.stopLoss),
    takeProfit: price(position.takeProfit),
  };
}

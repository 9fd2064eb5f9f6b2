import { type Decimal, decimalMul, decimalOf, divRound } from '../shared/decimal.js';
import type { ExecutionRow, TradeRow } from '../storage/rows.js';

/** One fill of a position as excursions read it: time (ms), signed quantity (+ buy, − sell) and price. */
export interface PositionFill {
  time: number;
  quantity: Decimal;
  price: number;
}

/** What the position held after a fill: Σ signed quantity and Σ signed quantity × price (exact). */
export interface Holding {
  quantity: Decimal;
  cost: Decimal;
}

/** a + b, exactly. */
export function decimalAdd(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { digits: a.digits * 10n ** BigInt(scale - a.scale) + b.digits * 10n ** BigInt(scale - b.scale), scale };
}

const negate = (d: Decimal): Decimal => ({ digits: -d.digits, scale: d.scale });

/**
 * The fills a trade was held through (docs/analytics.md, "Excursions"): its executions when they
 * are of its own instrument and bring the position back to flat, else its entry and exit as one
 * fill each. Executions are taken in their stored order.
 */
export function fillsOf(
  t: Pick<TradeRow, 'instrument' | 'direction' | 'positionSize' | 'entryPrice' | 'entryTime' | 'exitPrice' | 'exitTime'>,
  executions: readonly ExecutionRow[],
): PositionFill[] {
  const own = executions.filter((e) => e.action === 'trade' && e.instrument.toUpperCase() === t.instrument.toUpperCase());
  if (own.length >= 2 && own.length === executions.length) {
    const fills = own.map((e) => {
      const q = decimalOf(e.quantity);
      return { time: e.time, quantity: e.side === 'buy' ? q : negate(q), price: e.price };
    });
    if (holdingsOf(fills).at(-1)?.quantity.digits === 0n) return fills;
  }
  const size = decimalOf(t.positionSize);
  const opening = t.direction === 'long' ? size : negate(size);
  return [
    { time: t.entryTime, quantity: opening, price: t.entryPrice },
    { time: t.exitTime ?? t.entryTime, quantity: negate(opening), price: t.exitPrice ?? t.entryPrice },
  ];
}

/** The holding after each fill. */
export function holdingsOf(fills: readonly PositionFill[]): Holding[] {
  let quantity: Decimal = { digits: 0n, scale: 0 };
  let cost: Decimal = { digits: 0n, scale: 0 };
  return fills.map((f) => {
    quantity = decimalAdd(quantity, f.quantity);
    cost = decimalAdd(cost, decimalMul(f.quantity, decimalOf(f.price)));
    return { quantity, cost };
  });
}

/**
 * The position's P&L in micro-units at `price` while `h` is held, before fees: multiplier ×
 * (quantity × price − cost), i.e. what earlier exits realized plus the open part's worth; exact,
 * rounded half away from zero to the micro.
 *
 * @example pnlMicros({ quantity: decimalOf(2), cost: decimalOf(200) }, 99, decimalOf(1)) // -2_000_000
 */
export function pnlMicros(h: Holding, price: number, multiplier: Decimal): number {
  const value = decimalMul(multiplier, decimalAdd(decimalMul(h.quantity, decimalOf(price)), negate(h.cost)));
  return Number(divRound(value.digits * 1_000_000n, 10n ** BigInt(value.scale)));
}

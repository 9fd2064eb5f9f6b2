import { toMicros } from '../../shared/money.js';
import type { ExecutionRow, TradeListRow } from '../../storage/rows.js';

/** One fill of a position as the marks read it: signed quantity (buys positive), price, fees in micros. */
export interface Fill {
  time: number;
  quantity: number;
  price: number;
  feesMicros: number;
}

/**
 * The fills a trade was held through: its executions when it was built from some (scaled in and
 * out as it happened), else its entry, and its exit when closed, with the trade's fees at the entry.
 * Undefined for a position of several instruments (option legs): no one series marks it.
 */
export function fillsOf(trade: TradeListRow, executions: readonly ExecutionRow[]): Fill[] | undefined {
  if (trade.strategy !== null) return undefined;
  if (executions.length > 0) {
    if (executions.some((e) => e.instrument !== trade.instrument || e.action !== 'trade')) return undefined;
    return [...executions]
      .sort((a, b) => a.time - b.time || a.seq - b.seq)
      .map((e) => ({
        time: e.time,
        quantity: e.side === 'buy' ? e.quantity : -e.quantity,
        price: e.price,
        feesMicros: e.commissionMicros + e.feesMicros,
      }));
  }
  const sign = trade.direction === 'long' ? 1 : -1;
  const fills: Fill[] = [
    { time: trade.entryTime, quantity: sign * trade.positionSize, price: trade.entryPrice, feesMicros: toMicros(trade.fees) },
  ];
  if (trade.exitTime !== null && trade.exitPrice !== null)
    fills.push({ time: trade.exitTime, quantity: -sign * trade.positionSize, price: trade.exitPrice, feesMicros: 0 });
  return fills;
}

/** A position after some fills: what it is worth at a price, in micros (its P&L so far, fees paid). */
export interface Held {
  /** Net quantity held (positive long). */
  quantity: number;
  /** The position's whole P&L (booked and open) at `price`, less the fees paid so far, in micros. */
  valueAt(price: number): number;
}

/** The position held after `fills` (each fill's P&L to `price` is rounded to micros, then summed). */
export function heldAfter(fills: readonly Fill[], multiplier: number): Held {
  let quantity = 0;
  let fees = 0;
  for (const f of fills) {
    quantity += f.quantity;
    fees += f.feesMicros;
  }
  return {
    quantity: Math.round(quantity * 1e8) / 1e8,
    valueAt: (price) => fills.reduce((sum, f) => sum + toMicros(f.quantity * (price - f.price) * multiplier), 0) - fees,
  };
}

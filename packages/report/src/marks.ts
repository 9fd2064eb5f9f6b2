/** Where a trade is drawn on its chart: its entries and exits, and its excursion's extremes. */
import type { Trade } from '@tj/core';

/** One fill drawn on a chart: its time (ms) and price. */
export interface Mark {
  time: number;
  price: number;
}

/** A trade's marks: entries (▲), exits (▼), and its MAE and MFE points when it has an excursion. */
export interface TradeMarks {
  entries: Mark[];
  exits: Mark[];
  mae: (Mark & { money: number; r: number | null }) | null;
  mfe: (Mark & { money: number; r: number | null }) | null;
}

type Marked = Pick<Trade, 'direction' | 'entryTime' | 'entryPrice' | 'exitTime' | 'exitPrice' | 'executions' | 'excursion'>;

/**
 * The marks of a trade: each execution it was built from (a buy opens a long and closes a short),
 * or its entry and exit when it has none (a trade entered by hand, a report's trade); the MAE and
 * MFE points of its excursion.
 *
 * @example tradeMarks(trade).entries // [{ time: 1795271460000, price: 5002 }]
 */
export function tradeMarks(trade: Marked): TradeMarks {
  const fills = (trade.executions ?? []).filter((e) => e.action === 'trade');
  const opening = trade.direction === 'long' ? 'buy' : 'sell';
  const point = (p: { time: string; price: number; money: number; r: number | null } | null | undefined) =>
    p ? { time: Date.parse(p.time), price: p.price, money: p.money, r: p.r } : null;
  const excursion = { mae: point(trade.excursion?.mae), mfe: point(trade.excursion?.mfe) };
  if (fills.length > 0) {
    const mark = (e: (typeof fills)[number]) => ({ time: Date.parse(e.time), price: e.price });
    return {
      entries: fills.filter((e) => e.side === opening).map(mark),
      exits: fills.filter((e) => e.side !== opening).map(mark),
      ...excursion,
    };
  }
  const exit =
    trade.exitTime !== null && trade.exitPrice !== null ? [{ time: Date.parse(trade.exitTime), price: trade.exitPrice }] : [];
  return { entries: [{ time: Date.parse(trade.entryTime), price: trade.entryPrice }], exits: exit, ...excursion };
}

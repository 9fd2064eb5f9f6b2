import { seriesFor } from '../../market/series.js';
import type { Bar } from '../../market/bar.js';
import type { Repositories } from '../../storage/ports.js';
import type { TradeListRow } from '../../storage/rows.js';
import { type Fill, fillsOf, heldAfter } from './position.js';

/**
 * A known value of one position at one moment: a fill (one price) or a bar it was held through
 * (its adverse extreme, favourable extreme and close). Values are the position's whole P&L so
 * far in micros (booked and open, fees paid), as {@link heldAfter} counts it.
 */
export interface Mark {
  time: number;
  tradeId: string;
  /** The series the bar came from (the trade's instrument for a fill). */
  instrument: string;
  worst: number;
  worstPrice: number;
  best: number;
  close: number;
  closePrice: number;
}

/** The series keys of the user that hold bars, read once per evaluation. */
export type HeldSeries = Set<string>;

/**
 * The marks of a trade up to `until` (its exit, or now for an open one), oldest first: each fill
 * that leaves a position, and each bar of its series the position was held through whole. A bar
 * with a fill inside it is not used (which of its prices came before the fill is unknown), nor
 * one before the first fill; the finest timeframe held wins, the contract's own series before
 * its continuous one (bars/series.ts).
 */
export async function tradeMarks(tx: Repositories, trade: TradeListRow, held: HeldSeries, until: number): Promise<Mark[]> {
  const candidates = seriesFor(trade).filter((c) => held.has(c.instrumentKey));
  const executions = candidates.length > 0 ? await tx.executions.forTrade(trade.userId, trade.id) : [];
  const fills = fillsOf(trade, executions);
  if (fills === undefined || fills.length === 0) return [];
  const marks: Mark[] = [];
  fills.forEach((f, i) => {
    const position = heldAfter(fills.slice(0, i + 1), trade.multiplier);
    if (position.quantity === 0) return;
    const value = position.valueAt(f.price);
    marks.push({
      time: f.time,
      tradeId: trade.id,
      instrument: trade.instrument,
      worst: value,
      worstPrice: f.price,
      best: value,
      close: value,
      closePrice: f.price,
    });
  });
  const first = (fills[0] as Fill).time;
  const end = Math.min(trade.exitTime ?? until, until);
  for (const c of candidates) {
    for (const timeframe of await tx.bars.timeframes(trade.userId, c.instrumentKey)) {
      const bars = await tx.bars.range(trade.userId, c.instrumentKey, timeframe, first, end);
      if (bars.length === 0) continue;
      for (const bar of bars) {
        const mark = barMark(trade, fills, bar, timeframe * 1000, c.instrumentKey);
        if (mark) marks.push(mark);
      }
      return marks.sort((a, b) => a.time - b.time);
    }
  }
  return marks;
}

/** The mark of one bar the position was held through whole, if it was. */
function barMark(trade: TradeListRow, fills: readonly Fill[], bar: Bar, spanMs: number, instrument: string): Mark | undefined {
  if (fills.some((f) => f.time > bar.time && f.time < bar.time + spanMs)) return undefined;
  const position = heldAfter(
    fills.filter((f) => f.time <= bar.time),
    trade.multiplier,
  );
  if (position.quantity === 0) return undefined;
  const long = position.quantity > 0;
  const worstPrice = long ? bar.low : bar.high;
  return {
    time: bar.time,
    tradeId: trade.id,
    instrument,
    worst: position.valueAt(worstPrice),
    worstPrice,
    best: position.valueAt(long ? bar.high : bar.low),
    close: position.valueAt(bar.close),
    closePrice: bar.close,
  };
}

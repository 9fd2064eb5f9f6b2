/** What a page inlines for each trade chart it draws (read by browser/trade-charts.ts). */
import type { Trade, TradeBars } from '@tj/core';
import { type TradeMarks, tradeMarks } from './marks.js';

/** One trade's chart as the page's script reads it: the bars, the marks, the words of its title. */
export interface TradeChartData {
  id: string;
  /** The series the bars are of, `(continuous)` said. */
  series: string;
  timeframe: string | null;
  /** Each bar as [start (ms), open, close, low, high]: the candlestick order of the chart library. */
  bars: Array<[number, number, number, number, number]>;
  marks: TradeMarks;
  /** The time zone the axis is labelled in. */
  tz: string;
}

/** The chart data of a trade and the bars around it. */
export function tradeChartData(trade: Trade, around: TradeBars, tz: string): TradeChartData {
  return {
    id: trade.id,
    series: `${around.instrument}${around.continuous ? ' (continuous)' : ''}`,
    timeframe: around.timeframe,
    bars: around.bars.map((b) => [Date.parse(b.time), b.open, b.close, b.low, b.high]),
    marks: tradeMarks(trade),
    tz,
  };
}

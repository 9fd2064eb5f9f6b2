/** A candlestick chart for the terminal as a pure function of its data: a grid of cells, one column per group of bars. */

/** One bar as the grid draws it (time in ms). */
export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** What a cell holds: a wick, a rising or falling body, a level line, a mark, or nothing. */
export type Cell = ' ' | 'wick' | 'up' | 'down' | 'level' | 'entry' | 'exit';

/** A price at a time drawn over the candles. */
export interface GridMark {
  time: number;
  price: number;
  kind: 'entry' | 'exit';
}

/**
 * At most `width` candles, each merging a run of consecutive ones (first open, highest high,
 * lowest low, last close; the run's first time).
 *
 * @example mergeCandles(bars, 60).length // ≤ 60
 */
export function mergeCandles(bars: readonly Candle[], width: number): Candle[] {
  const per = Math.max(1, Math.ceil(bars.length / Math.max(1, width)));
  const out: Candle[] = [];
  for (let i = 0; i < bars.length; i += per) {
    const run = bars.slice(i, i + per);
    out.push({
      time: (run[0] as Candle).time,
      open: (run[0] as Candle).open,
      high: Math.max(...run.map((b) => b.high)),
      low: Math.min(...run.map((b) => b.low)),
      close: (run[run.length - 1] as Candle).close,
    });
  }
  return out;
}

/** The price scale of a grid: the row of a price (0 at the top) and the price range shown. */
export interface Scale {
  low: number;
  high: number;
  rowOf(price: number): number;
}

/** A scale of `height` rows over every price given. */
export function scaleOf(prices: readonly number[], height: number): Scale {
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const span = high - low;
  const rowOf = (price: number) =>
    span === 0 ? Math.floor(height / 2) : height - 1 - Math.round(((price - low) / span) * (height - 1));
  return { low, high, rowOf };
}

/** The column of a time: the last candle starting at or before it (the first for earlier times). */
export function columnOf(candles: readonly Candle[], time: number): number {
  let col = 0;
  for (let i = 0; i < candles.length; i++) if ((candles[i] as Candle).time <= time) col = i;
  return col;
}

/**
 * The grid of cells: each candle's wick and body, level lines (MAE, MFE) in the empty cells of
 * their rows, and the marks on top at their time's column and their price's row.
 *
 * @example candleGrid(candles, scaleOf(prices, 12), 12, [row], marks)[0] // the top row
 */
export function candleGrid(
  candles: readonly Candle[],
  scale: Scale,
  height: number,
  levels: readonly number[],
  marks: readonly GridMark[],
): Cell[][] {
  const grid: Cell[][] = Array.from({ length: height }, () => candles.map((): Cell => ' '));
  candles.forEach((c, col) => {
    for (let r = scale.rowOf(c.high); r <= scale.rowOf(c.low); r++) (grid[r] as Cell[])[col] = 'wick';
    const [top, bottom] = [scale.rowOf(Math.max(c.open, c.close)), scale.rowOf(Math.min(c.open, c.close))];
    for (let r = top; r <= bottom; r++) (grid[r] as Cell[])[col] = c.close >= c.open ? 'up' : 'down';
  });
  for (const row of levels) {
    const cells = grid[row] ?? [];
    for (let col = 0; col < cells.length; col++) if (cells[col] === ' ') cells[col] = 'level';
  }
  for (const m of marks) (grid[scale.rowOf(m.price)] as Cell[])[columnOf(candles, m.time)] = m.kind;
  return grid;
}

import type { Trade, TradeBars } from '@tj/core';
import { tradeMarks } from '@tj/report';
import type { Context } from '../context.js';
import type { Colors } from '../output/colors.js';
import { type Candle, type Cell, candleGrid, type GridMark, mergeCandles, scaleOf } from '../output/candles.js';
import { dateTime, money, priceFormat, rMultiple } from '../output/format.js';

/** Rows of the terminal chart. */
const HEIGHT = 12;
/** Most columns it takes, however wide the terminal. */
const MAX_COLUMNS = 100;

/** Options of {@link tradeChartLines}. */
export interface TradeChartOptions {
  /** Columns the whole chart may take (labels included). */
  width: number;
  tz: string;
  c: Colors;
}

const GLYPHS: Record<Cell, string> = { ' ': ' ', wick: '│', up: '█', down: '░', level: '┄', entry: '▲', exit: '▼' };

function paint(cell: Cell, c: Colors): string {
  const glyph = GLYPHS[cell];
  if (cell === 'up') return c.green(glyph);
  if (cell === 'down') return c.red(glyph);
  if (cell === 'entry' || cell === 'exit') return c.bold(c.cyan(glyph));
  return cell === 'level' ? c.dim(glyph) : glyph;
}

/** `MAE 4,998.50 -75.00 (-0.50R)` for an excursion point. */
function pointText(name: string, p: { price: number; money: number; r: number | null }, price: (v: number) => string): string {
  return `${name} ${price(p.price)} ${money(p.money)}${p.r === null ? '' : ` (${rMultiple(p.r)})`}`;
}

/**
 * The lines of a trade's terminal chart: candles (a column merges bars when there are more
 * bars than columns; █ rising, ░ falling, │ the wick), the entries ▲ and exits ▼ at their
 * price, the MAE and MFE levels ┄ labelled at the right, the price range at the left, the first
 * and last bar's time under it. Colour only through `c` (off when not a terminal).
 *
 * @example tradeChartLines(trade, await client.trades.bars(trade.id), { width: 80, tz: 'UTC', c })
 */
export function tradeChartLines(trade: Trade, around: TradeBars, options: TradeChartOptions): string[] {
  const bars: Candle[] = around.bars.map((b) => ({ ...b, time: Date.parse(b.time) }));
  const series = `${around.instrument}${around.continuous ? ' (continuous)' : ''}`;
  if (bars.length === 0) return [`No price bars of ${series} held around this trade: no chart.`];
  const marks = tradeMarks(trade);
  const points = [marks.mae, marks.mfe].flatMap((p) => (p === null ? [] : [p]));
  const fills = [...marks.entries, ...marks.exits];
  const allPrices = [...bars.flatMap((b) => [b.high, b.low]), ...fills.map((f) => f.price), ...points.map((p) => p.price)];
  const price = priceFormat(allPrices);
  const scale = scaleOf(allPrices, HEIGHT);
  const labels = new Map<number, string[]>();
  if (marks.mfe) labels.set(scale.rowOf(marks.mfe.price), [pointText('MFE', marks.mfe, price)]);
  if (marks.mae)
    labels.set(scale.rowOf(marks.mae.price), [
      ...(labels.get(scale.rowOf(marks.mae.price)) ?? []),
      pointText('MAE', marks.mae, price),
    ]);
  const right = Math.max(0, ...[...labels.values()].map((l) => l.join(' · ').length + 1));
  const left = Math.max(price(scale.high).length, price(scale.low).length);
  const columns = Math.max(10, Math.min(MAX_COLUMNS, options.width - left - right - 3));
  const candles = mergeCandles(bars, columns);
  const gridMarks: GridMark[] = [
    ...marks.entries.map((m) => ({ ...m, kind: 'entry' as const })),
    ...marks.exits.map((m) => ({ ...m, kind: 'exit' as const })),
  ];
  const grid = candleGrid(candles, scale, HEIGHT, [...labels.keys()], gridMarks);
  const { c } = options;
  const lines = grid.map((cells, row) => {
    const axis = row === 0 ? price(scale.high) : row === HEIGHT - 1 ? price(scale.low) : '';
    const label = labels.get(row);
    return `${axis.padStart(left)} ┤${cells.map((cell) => paint(cell, c)).join('')}${label ? ` ${label.join(' · ')}` : ''}`;
  });
  const first = dateTime(around.bars[0]?.time, options.tz);
  const last = dateTime(around.bars[around.bars.length - 1]?.time, options.tz);
  const per = Math.ceil(bars.length / candles.length);
  lines.push(`${' '.repeat(left)} └${'─'.repeat(candles.length)}`);
  lines.push(`${' '.repeat(left + 2)}${first}${last.padStart(Math.max(last.length + 1, candles.length - first.length))}`);
  const bar = `${around.timeframe ?? ''} bar${per > 1 ? `s, ${per} a column` : 's'}`;
  lines.push(c.dim(`${' '.repeat(left + 2)}${series} ${bar} · ▲ entry ▼ exit${points.length > 0 ? ' · ┄ MAE/MFE' : ''}`));
  return lines;
}

/** Prints a trade's terminal chart under its details (the bars around it from the API). */
export async function printTradeChart(ctx: Context, trade: Trade): Promise<void> {
  const around = await (await ctx.client()).trades.bars(trade.id);
  ctx.out.line();
  for (const line of tradeChartLines(trade, around, { width: ctx.out.width(80), tz: ctx.tz, c: ctx.out.c })) ctx.out.line(line);
}

/**
 * A trade on its chart (browser code, joined into the page's script with draw-charts): candles of
 * the bars around it, its entries ▲ and exits ▼ at their price, its MAE and MFE as labelled levels
 * and points. Presentation only: the marks come from the page's data.
 */
import type { TradeChartData } from '../trade-chart-data.js';
import { money } from './text.js';

const CANDLE_UP = '#15803d';
const CANDLE_DOWN = '#b91c1c';
const MARK_COLOUR = '#1d4ed8';

/** The bar a time falls in: the last bar starting at or before it (the first for earlier times). */
export function barIndexOf(bars: TradeChartData['bars'], time: number): number {
  let found = 0;
  for (let i = 0; i < bars.length; i++) if ((bars[i]?.[0] ?? Number.POSITIVE_INFINITY) <= time) found = i;
  return found;
}

function barLabel(tz: string): (ms: number) => string {
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (ms) => {
    const p = Object.fromEntries(f.formatToParts(ms).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
  };
}

type Point = NonNullable<TradeChartData['marks']['mae']>;
const excursionText = (name: string, p: Point) =>
  `${name} ${p.price} · ${money(p.money)}${p.r === null ? '' : ` · ${p.r.toFixed(2)}R`}`;

/** The chart library's option for one trade's chart. */
export function tradeChartOption(d: TradeChartData): Record<string, unknown> {
  const label = barLabel(d.tz);
  const at = (m: { time: number; price: number }) => [barIndexOf(d.bars, m.time), m.price];
  const fills = (name: string, marks: { time: number; price: number }[], symbol: string) => ({
    name,
    type: 'scatter',
    symbol,
    symbolSize: 14,
    itemStyle: { color: MARK_COLOUR, borderColor: '#ffffff', borderWidth: 1 },
    z: 5,
    data: marks.map(at),
  });
  const extremes = (['mae', 'mfe'] as const).flatMap((key) => {
    const p = d.marks[key];
    if (p === null) return [];
    const colour = key === 'mae' ? CANDLE_DOWN : CANDLE_UP;
    const text = excursionText(key.toUpperCase(), p);
    // The higher of the two extremes is labelled above its point, the lower below (a short's MAE is the higher).
    const other = d.marks[key === 'mae' ? 'mfe' : 'mae'];
    const above = other === null ? key === 'mfe' : p.price >= other.price;
    return [
      {
        name: key.toUpperCase(),
        type: 'scatter',
        symbol: 'circle',
        symbolSize: 9,
        itemStyle: { color: colour },
        z: 4,
        label: { show: true, position: above ? 'top' : 'bottom', formatter: text, color: colour },
        markLine: {
          symbol: 'none',
          silent: true,
          lineStyle: { color: colour, type: 'dashed' },
          label: { formatter: key.toUpperCase(), position: 'insideEndTop', color: colour },
          data: [{ yAxis: p.price }],
        },
        data: [at(p)],
      },
    ];
  });
  return {
    grid: { left: 72, right: 24, top: 32, bottom: 72 },
    legend: { top: 0 },
    xAxis: { type: 'category', data: d.bars.map((b) => label(b[0])), axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', scale: true },
    dataZoom: [{ type: 'inside' }, { type: 'slider', bottom: 12, height: 22 }],
    tooltip: { trigger: 'axis', axisPointer: { type: 'cross' } },
    series: [
      {
        name: `${d.series} ${d.timeframe ?? ''}`.trim(),
        type: 'candlestick',
        itemStyle: { color: CANDLE_UP, color0: CANDLE_DOWN, borderColor: CANDLE_UP, borderColor0: CANDLE_DOWN },
        data: d.bars.map((b) => [b[1], b[2], b[3], b[4]]),
      },
      fills('Entry', d.marks.entries, 'triangle'),
      // A triangle pointing down (drawn, so the legend shows it so too).
      fills('Exit', d.marks.exits, 'path://M0,0L10,0L5,10Z'),
      ...extremes,
    ],
  };
}

/**
 * The report page's own script (runs in the browser, inlined as a module): draws every
 * `[data-chart]` element with the inlined ECharts from the inlined report data. It computes
 * nothing but presentation (scales, colours, which groups fit a chart).
 */
import type { Report } from '@tj/core';

import type * as Echarts from 'echarts';
import type { TradeChartData } from '../trade-chart-data.js';
import { quietStretches, underwater } from './equity-steps.js';
import { maeScatterOption } from './mae-scatter.js';
import { tradeChartOption } from './trade-charts.js';
import { axisMoney, escapeText, money } from './text.js';

type ByCategory = Report['categories'][number];

declare const echarts: typeof Echarts;

const POS = '#15803d';
const NEG = '#b91c1c';
const MUTED = '#616e7c';
const MAX_BARS = 30;
const YEAR_HEIGHT = 140;
/** The calendar's colour legend sits above this line, the first year's month labels below it. */
const LEGEND_HEIGHT = 44;

const signColour = (v: number) => (v < 0 ? NEG : POS);

const source = document.getElementById('tj-report-data');
const data = JSON.parse(source?.textContent ?? '{}') as Report & { tradeCharts?: TradeChartData[] };
const drawn: Echarts.ECharts[] = [];

function mount(el: HTMLElement, option: Echarts.EChartsCoreOption): void {
  const chart = echarts.init(el, undefined, { renderer: 'canvas' });
  chart.setOption({ animation: false, textStyle: { fontFamily: 'system-ui, sans-serif' }, ...option });
  drawn.push(chart);
}

/**
 * Equity and drawdown change only on days with exits: both lines hold their value until the next
 * one (steps on a time axis), so a long stretch without trades is flat, not a slope.
 */
function equityChart(el: HTMLElement): void {
  const points = data.equityCurve;
  const single = points.length < 2;
  const quiet = quietStretches(points);
  mount(el, {
    grid: [
      { left: 80, right: 24, top: 24, height: '52%' },
      { left: 80, right: 24, top: '66%', bottom: 64 },
    ],
    xAxis: [
      { type: 'time', gridIndex: 0, axisLabel: { show: false } },
      { type: 'time', gridIndex: 1 },
    ],
    yAxis: [
      { type: 'value', gridIndex: 0, scale: true, name: 'Equity', axisLabel: { formatter: axisMoney } },
      { type: 'value', gridIndex: 1, max: 0, name: 'Drawdown', axisLabel: { formatter: axisMoney } },
    ],
    dataZoom: [
      { type: 'inside', xAxisIndex: [0, 1] },
      { type: 'slider', xAxisIndex: [0, 1], bottom: 12, height: 22 },
    ],
    tooltip: { trigger: 'axis', axisPointer: { link: [{ xAxisIndex: 'all' }] }, valueFormatter: money },
    series: [
      {
        name: 'Equity',
        type: 'line',
        xAxisIndex: 0,
        yAxisIndex: 0,
        showSymbol: single,
        step: 'end',
        sampling: 'lttb',
        lineStyle: { width: 1.5, color: '#1d4ed8' },
        itemStyle: { color: '#1d4ed8' },
        markArea: quiet,
        data: points.map((p) => [p.date, p.equity]),
      },
      {
        name: 'Drawdown',
        type: 'line',
        xAxisIndex: 1,
        yAxisIndex: 1,
        showSymbol: single,
        step: 'end',
        sampling: 'lttb',
        lineStyle: { width: 1, color: NEG },
        itemStyle: { color: NEG },
        areaStyle: { color: 'rgba(185, 28, 28, 0.25)' },
        markArea: quiet,
        data: underwater(points),
      },
    ],
  });
}

function calendarChart(el: HTMLElement): void {
  const years = [...new Set(data.days.map((d) => d.date.slice(0, 4)))].sort();
  const journalDays = new Set(data.journal.map((e) => e.date));
  const extent = Math.max(1, ...data.days.map((d) => Math.abs(d.totalPnL)));
  el.style.height = `${years.length * YEAR_HEIGHT + LEGEND_HEIGHT + 30}px`;
  mount(el, {
    tooltip: {
      formatter: (p: { value: [string, number, number, number, number] }) => {
        const [date, pnl, trades, wins, losses] = p.value;
        const journal = journalDays.has(date) ? '<br>journal entry' : '';
        return `${escapeText(date)}<br>P&amp;L <b style="color:${signColour(pnl)}">${money(pnl)}</b><br>${trades} trade${trades === 1 ? '' : 's'} (${wins} won, ${losses} lost)${journal}`;
      },
    },
    visualMap: {
      type: 'continuous',
      min: -extent,
      max: extent,
      dimension: 1,
      orient: 'horizontal',
      left: 'center',
      top: 0,
      itemWidth: 14,
      itemHeight: 180,
      text: ['gain', 'loss'],
      textStyle: { color: MUTED },
      inRange: { color: [NEG, '#f3f4f6', POS] },
    },
    calendar: years.map((year, i) => ({
      top: LEGEND_HEIGHT + 30 + i * YEAR_HEIGHT,
      left: 56,
      right: 16,
      range: year,
      cellSize: ['auto', 15],
      dayLabel: { firstDay: 1, nameMap: 'en', color: MUTED },
      monthLabel: { nameMap: 'en', color: MUTED },
      yearLabel: { position: 'left', color: MUTED },
      itemStyle: { borderColor: '#ffffff', borderWidth: 1, color: '#fafafa' },
      splitLine: { lineStyle: { color: '#9aa5b1', width: 1 } },
    })),
    series: years.map((year, i) => ({
      type: 'heatmap',
      coordinateSystem: 'calendar',
      calendarIndex: i,
      data: data.days
        .filter((d) => d.date.startsWith(year))
        .map((d) => {
          const value = [d.date, d.totalPnL, d.trades, d.wins, d.losses];
          return journalDays.has(d.date) ? { value, itemStyle: { borderColor: '#1f2933', borderWidth: 1.5 } } : value;
        }),
    })),
  });
}

/**
 * The bucket range a histogram opens on: the buckets between the 0.5th and the 99.5th percentile of
 * the trades, so a few far outliers do not squeeze the rest into one bar (zoom out to see them).
 */
function mainRange(counts: number[]): [number, number] {
  const total = counts.reduce((a, b) => a + b, 0);
  let seen = 0;
  let first = 0;
  let last = counts.length - 1;
  for (let i = 0; i < counts.length; i++) {
    if (seen <= total * 0.005) first = i;
    seen += counts[i] as number;
    if (seen >= total * 0.995) {
      last = i;
      break;
    }
  }
  return [first, last];
}

function rChart(el: HTMLElement): void {
  const buckets = data.rDistribution.buckets;
  const label = (n: number) => `${n}R`;
  const counts = buckets.map((b) => b.count);
  const [first, last] = mainRange(counts);
  const zoomed = first > 0 || last < buckets.length - 1 || buckets.length > 80;
  // Losses and wins as two series of one colour each, so even the large mode keeps the colours.
  const side = (losing: boolean) => ({
    type: 'bar',
    stack: 'r',
    barCategoryGap: '8%',
    large: buckets.length > 2000,
    itemStyle: { color: losing ? NEG : POS },
    data: buckets.map((b) => (b.from < 0 === losing ? b.count : 0)),
  });
  mount(el, {
    grid: { left: 56, right: 16, top: 24, bottom: zoomed ? 64 : 36 },
    xAxis: { type: 'category', name: 'R', data: buckets.map((b) => label(b.from)) },
    yAxis: { type: 'value', name: 'Trades', minInterval: 1 },
    ...(zoomed && {
      dataZoom: [
        { type: 'inside', startValue: first, endValue: last },
        { type: 'slider', startValue: first, endValue: last, bottom: 10, height: 20 },
      ],
    }),
    tooltip: {
      trigger: 'axis',
      formatter: (ps: Array<{ dataIndex: number }>) => {
        const b = buckets[ps[0]?.dataIndex ?? 0];
        return b ? `[${label(b.from)}, ${label(b.to)}): ${b.count} trade${b.count === 1 ? '' : 's'}` : '';
      },
    },
    series: [side(true), side(false)],
  });
}

/** The groups a bar chart shows: all, or the best and worst when there are too many to read. */
function shownGroups(c: ByCategory): ByCategory['categories'] {
  const all = c.categories;
  return all.length <= MAX_BARS ? all : [...all.slice(0, MAX_BARS / 2), ...all.slice(-MAX_BARS / 2)];
}

function categoryChart(el: HTMLElement): void {
  const category = data.categories.find((c) => c.category === el.dataset.category);
  if (!category) throw new Error(`no data for the ${el.dataset.category} chart`);
  const groups = shownGroups(category);
  el.style.height = `${Math.max(140, groups.length * 24 + 48)}px`;
  // Every label inside the canvas (the names at the left, the last value at the right).
  const grid = { left: 4, right: 4, top: 8, bottom: 4, outerBoundsMode: 'same', outerBoundsContain: 'all' };
  const nameWidth = Math.min(220, Math.round(el.clientWidth * 0.4));
  mount(el, {
    grid,
    xAxis: { type: 'value', axisLabel: { formatter: axisMoney, hideOverlap: true } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: groups.map((g) => g.name),
      axisLabel: { width: nameWidth, overflow: 'truncate' },
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (ps: Array<{ dataIndex: number }>) => {
        const g = groups[ps[0]?.dataIndex ?? 0];
        if (!g) return '';
        return `${escapeText(g.name)}<br>P&amp;L <b style="color:${signColour(g.totalPnL)}">${money(g.totalPnL)}</b><br>${g.trades} trades, ${g.winRate.toFixed(1)}% won`;
      },
    },
    series: [{ type: 'bar', data: groups.map((g) => ({ value: g.totalPnL, itemStyle: { color: signColour(g.totalPnL) } })) }],
  });
}

const DRAW: Record<string, (el: HTMLElement) => void> = {
  equity: equityChart,
  calendar: calendarChart,
  r: rChart,
  category: categoryChart,
  trade: (el) => {
    const chart = data.tradeCharts?.find((c) => c.id === el.dataset.trade);
    if (!chart) throw new Error(`no data for the chart of trade ${el.dataset.trade}`);
    mount(el, tradeChartOption(chart));
  },
  mae: (el) => mount(el, maeScatterOption(data.excursionScatter)),
};

for (const el of document.querySelectorAll<HTMLElement>('[data-chart]')) {
  const draw = DRAW[el.dataset.chart ?? ''];
  const started = performance.now();
  try {
    if (!draw) throw new Error(`unknown chart ${el.dataset.chart}`);
    draw(el);
  } catch (e) {
    console.error(`tj report: the ${el.dataset.chart} chart could not be drawn:`, e);
  }
  // The benchmark reads these timings (performance.getEntriesByType('measure')).
  performance.measure(`tj:${el.dataset.category ?? el.dataset.trade ?? el.dataset.chart}`, { start: started });
}
window.addEventListener('resize', () => {
  for (const chart of drawn) chart.resize();
});
// Tests and the benchmark wait for this mark.
document.documentElement.dataset.charts = String(drawn.length);

/**
 * The MAE-vs-result scatter (browser code, joined into the page's script with draw-charts): one
 * point per closed trade with an excursion, how far it went against the trader across, how it
 * ended up, winners green and losers red.
 */
import type { Report } from '@tj/core';
import { axisMoney, escapeText, money } from './text.js';

/** The chart library's option for the scatter. */
export function maeScatterOption(s: Report['excursionScatter']): Record<string, unknown> {
  const inR = s.unit === 'r';
  const value = (v: number) => (inR ? `${v.toFixed(2)}R` : money(v));
  const side = (winning: boolean) => ({
    name: winning ? 'Winners' : 'Losers',
    type: 'scatter',
    symbolSize: 7,
    large: s.points.length > 2000,
    itemStyle: { color: winning ? '#15803d' : '#b91c1c', opacity: 0.75 },
    data: s.points.filter((p) => p.result > 0 === winning).map((p) => [p.mae, p.result, p.instrument]),
  });
  return {
    grid: { left: 72, right: 24, top: 36, bottom: 48 },
    legend: { top: 0 },
    xAxis: {
      type: 'value',
      name: inR ? 'MAE (R)' : 'MAE',
      nameLocation: 'middle',
      nameGap: 28,
      axisLine: { onZero: false },
      axisLabel: { formatter: inR ? undefined : axisMoney },
    },
    yAxis: {
      type: 'value',
      name: inR ? 'Result (R)' : 'Result',
      axisLine: { onZero: false },
      axisLabel: { formatter: inR ? undefined : axisMoney },
    },
    tooltip: {
      formatter: (p: { value: [number, number, string] }) =>
        `${escapeText(p.value[2])}<br>MAE ${value(p.value[0])}<br>result ${value(p.value[1])}`,
    },
    series: [side(true), side(false)],
  };
}

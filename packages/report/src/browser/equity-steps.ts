/**
 * The equity chart's steps (browser code, joined into the page's script with draw-charts): equity
 * and drawdown change only on days with exits, so both hold their value until the next one.
 */
import type { Report } from '@tj/core';

type EquityPoint = Report['equityCurve'][number];

const DAY = 86_400_000;
/** Stretches of more days than this without a day with exits are shaded on the equity chart. */
const QUIET_DAYS = 30;

const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY);
const dayAfter = (date: string) => new Date(Date.parse(date) + DAY).toISOString().slice(0, 10);
/** A fall below the peak, drawn below zero (without a -0). */
const below = (fall: number) => (fall === 0 ? 0 : -fall);

/**
 * The underwater line's points: each day with exits at its deepest fall, then, from the next day
 * until the next day with exits, the fall it ended with (drawn as steps, like the equity).
 */
export function underwater(points: readonly EquityPoint[]): Array<[string, number]> {
  return points.flatMap((p, i): Array<[string, number]> => {
    const next = points[i + 1];
    const holds = next !== undefined && p.closingDrawdown !== p.drawdown && daysBetween(p.date, next.date) > 1;
    return holds
      ? [
          [p.date, below(p.drawdown)],
          [dayAfter(p.date), below(p.closingDrawdown)],
        ]
      : [[p.date, below(p.drawdown)]];
  });
}

/** The stretches of more than QUIET_DAYS days without exits, shaded on both grids. */
export function quietStretches(points: readonly EquityPoint[]) {
  const areas = points.slice(1).flatMap((p, i) => {
    const before = (points[i] as EquityPoint).date;
    return daysBetween(before, p.date) > QUIET_DAYS ? [[{ xAxis: dayAfter(before) }, { xAxis: p.date }]] : [];
  });
  return { silent: true, itemStyle: { color: 'rgba(97, 110, 124, 0.1)' }, data: areas };
}

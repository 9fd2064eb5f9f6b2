import type { ExcursionPoint, ExcursionStatistics, Trade } from '@tj/core';
import { dateTime, money, NONE, pct, priceFormat, rMultiple } from '../output/format.js';
import type { Output } from '../output/output.js';

/** Why a trade has no excursion figures, in words. */
const REASONS: Record<NonNullable<NonNullable<Trade['excursion']>['reason']>, string> = {
  open: 'Computed when the trade closes.',
  no_bars: 'No bars of its instrument cover it (tj bars import / tj bars fetch).',
  gap: 'The bars held cover only part of it (a gap): no figures from partial data.',
  no_option_bars: 'An option needs bars of its own contract; the underlying’s are never used.',
};

/** A share 0…1 as a percentage, or the dash. */
const share = (v: number | null): string => (v === null ? NONE : pct(v * 100));

/**
 * Prints a trade's excursion under its fields (docs/analytics.md, "Excursions"): MAE and MFE in
 * money, R, price and time, ETD, entry and exit efficiency; or why it has none.
 */
export function printExcursion(out: Output, t: Trade, tz: string): void {
  const e = t.excursion;
  if (e === null) return;
  out.line();
  out.line(out.c.bold('Excursion'));
  if (e.reason !== null) {
    out.line(REASONS[e.reason]);
    return;
  }
  const price = priceFormat([t.entryPrice, t.exitPrice, e.high, e.low]);
  const point = (p: ExcursionPoint | null) =>
    p === null ? NONE : `${out.pnl(p.money, money(p.money))} (${rMultiple(p.r)}) at ${price(p.price)}, ${dateTime(p.time, tz)}`;
  out.printFields([
    ['Bars', `${e.barsInstrument} ${e.timeframe}${e.continuous ? ' (continuous series: no bars of the contract)' : ''}`],
    ['MAE', point(e.mae)],
    ['MFE', point(e.mfe)],
    ['ETD (MFE given back)', money(e.etd)],
    ['Entry / exit efficiency', `${share(e.entryEfficiency)} / ${share(e.exitEfficiency)}`],
    ['High / low', `${price(e.high)} / ${price(e.low)}`],
  ]);
}

/** Prints the statistics' excursion block, when the selection has trades with figures. */
export function printExcursionStatistics(out: Output, x: ExcursionStatistics | null): void {
  if (x === null) return;
  out.line();
  out.line(out.c.bold(`Excursions (${x.trades} trades with bars)`));
  out.printFields([
    ['Average MAE / MFE', `${money(x.averageMae)} / ${money(x.averageMfe)}`],
    [`Average MAE / MFE in R (${x.tradesWithR} with a risk)`, `${rMultiple(x.averageMaeR)} / ${rMultiple(x.averageMfeR)}`],
    [`Winners whose MAE went beyond -${x.maeR}R`, pct(x.stopPlacement)],
    ['Left on the table (Σ ETD)', money(x.leftOnTable)],
  ]);
}

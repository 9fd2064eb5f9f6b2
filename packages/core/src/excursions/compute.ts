import type { Excursion, ExcursionPoint, ExcursionReason } from '@tj/schemas';
import type { Bar } from '../market/bar.js';
import { timeframeName, type TimeframeSeconds } from '../market/bar.js';
import { decimalOf } from '../shared/decimal.js';
import { isoUtc } from '../shared/iso.js';
import { fromMicros } from '../shared/money.js';
import type { ExcursionWrite } from '../storage/rows.js';
import { efficiencies } from './efficiency.js';
import { type Holding, holdingsOf, type PositionFill, pnlMicros } from './position.js';

/** A closed trade as its excursion needs it: direction, prices, multiplier and the fills it was held through. */
export interface ExcursionTrade {
  direction: 'long' | 'short';
  entryPrice: number;
  exitPrice: number;
  multiplier: number;
  fills: readonly PositionFill[];
}

/** The bars a trade is measured on: the series, its resolution and the bars overlapping the trade, oldest first. */
export interface ExcursionBars {
  instrumentKey: string;
  continuous: boolean;
  timeframe: TimeframeSeconds;
  bars: readonly Bar[];
}

/** The figures of an excursion in micro-units, before they become the API shape. */
interface Extreme {
  micros: number;
  price: number;
  time: number;
}

/** An excursion without figures, and why (`open`, `no_bars`, `gap`, `no_option_bars`). */
export function excursionWithout(reason: ExcursionReason): Excursion {
  return {
    reason,
    barsInstrument: null,
    continuous: false,
    timeframe: null,
    mae: null,
    mfe: null,
    etd: null,
    entryEfficiency: null,
    exitEfficiency: null,
    high: null,
    low: null,
  };
}

/**
 * The excursion of a closed trade over the bars covering it (docs/analytics.md, "Excursions"):
 * the worst and best P&L of the position as held (each fill changes the size), taken at every
 * fill's price and, between two fills, at the lowest low and highest high of the bars overlapping
 * that stretch (a bar straddling a fill counts for the size held on either side: its extremes may
 * have come after the fill). Exact to the micro; ties go to the first reached. `riskR` turns micros
 * into R (null without a risk).
 */
export function computeExcursion(
  trade: ExcursionTrade,
  series: ExcursionBars,
  riskR: (micros: number) => number | null,
): Omit<ExcursionWrite, 'id'> {
  const { fills } = trade;
  const holdings = holdingsOf(fills);
  const multiplier = decimalOf(trade.multiplier);
  const tfMs = series.timeframe * 1000;
  const bars = series.bars;
  let worst: Extreme | undefined;
  let best: Extreme | undefined;
  let high = Math.max(...fills.map((f) => f.price));
  let low = Math.min(...fills.map((f) => f.price));
  const consider = (h: Holding, price: number, time: number) => {
    const micros = pnlMicros(h, price, multiplier);
    if (worst === undefined || micros < worst.micros) worst = { micros, price, time };
    if (best === undefined || micros > best.micros) best = { micros, price, time };
  };
  let first = 0;
  for (let i = 0; i < fills.length; i++) {
    const fill = fills[i] as PositionFill;
    const held = holdings[i] as Holding;
    consider(held, fill.price, fill.time);
    const next = fills[i + 1];
    if (next === undefined || next.time <= fill.time || held.quantity.digits === 0n) continue;
    while (first < bars.length && (bars[first] as Bar).time + tfMs <= fill.time) first++;
    let lowBar: Bar | undefined;
    let highBar: Bar | undefined;
    for (let b = first; b < bars.length && (bars[b] as Bar).time < next.time; b++) {
      const bar = bars[b] as Bar;
      if (lowBar === undefined || bar.low < lowBar.low) lowBar = bar;
      if (highBar === undefined || bar.high > highBar.high) highBar = bar;
    }
    if (lowBar === undefined || highBar === undefined) continue;
    const lowFirst = lowBar.time <= highBar.time;
    if (lowFirst) consider(held, lowBar.low, lowBar.time);
    consider(held, highBar.high, highBar.time);
    if (!lowFirst) consider(held, lowBar.low, lowBar.time);
    high = Math.max(high, highBar.high);
    low = Math.min(low, lowBar.low);
  }
  const mae = worst as Extreme;
  const mfe = best as Extreme;
  const grossMicros = pnlMicros(holdings.at(-1) as Holding, 0, multiplier);
  const etdMicros = mfe.micros - grossMicros;
  const point = (e: Extreme, r: number | null): ExcursionPoint => ({
    price: e.price,
    money: fromMicros(e.micros),
    r,
    time: isoUtc(e.time),
  });
  const maeR = riskR(mae.micros);
  const mfeR = riskR(mfe.micros);
  const eff = efficiencies(trade.direction, trade.entryPrice, trade.exitPrice, high, low);
  const excursion: Excursion = {
    reason: null,
    barsInstrument: series.instrumentKey,
    continuous: series.continuous,
    timeframe: timeframeName(series.timeframe) as Excursion['timeframe'],
    mae: point(mae, maeR),
    mfe: point(mfe, mfeR),
    etd: fromMicros(etdMicros),
    entryEfficiency: eff.entry,
    exitEfficiency: eff.exit,
    high,
    low,
  };
  return { excursion, maeMicros: mae.micros, mfeMicros: mfe.micros, maeR, mfeR, etdMicros };
}

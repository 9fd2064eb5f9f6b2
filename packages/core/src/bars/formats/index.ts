/** The built-in bars formats, in detection order, and the registry that reads them. */
import { genericBarsCsv } from './generic-csv.js';
import { metaTrader5Bars } from './metatrader5.js';
import { ninjaTraderBars } from './ninjatrader.js';
import { BarFormatRegistry } from './registry.js';
import { tradingViewBars } from './tradingview.js';
import type { BarFormat } from './types.js';

/** The bars formats tj reads out of the box. */
export const BUILTIN_BAR_FORMATS: readonly BarFormat[] = [genericBarsCsv, tradingViewBars, ninjaTraderBars, metaTrader5Bars];

/** A registry of the built-in bars formats plus `extra` (an embedding application's own). */
export function barFormatRegistry(extra: Iterable<BarFormat> = []): BarFormatRegistry {
  return new BarFormatRegistry([...BUILTIN_BAR_FORMATS, ...extra]);
}

export { BarFormatRegistry, defineBarFormat } from './registry.js';
export type { BarFormat, BarRowReader, NaiveTimeRule, RawBar } from './types.js';

/**
 * Price bars as core holds them (docs/decisions.md, "Price bars"): OHLCV per instrument and
 * timeframe, each bar keyed by its start.
 */

/** One OHLCV bar. Prices are stored as given (IEEE doubles, each read as the decimal it prints as), like trade prices. */
export interface Bar {
  /** The bar's start, ms since the epoch (UTC). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Traded volume; null when the source gives none. */
  volume: number | null;
}

/** The resolutions bars are held at, in seconds, finest first: 1 minute … 1 day. */
export const TIMEFRAMES = [60, 300, 900, 1800, 3600, 14_400, 86_400] as const;

/** A bar resolution in seconds (one of {@link TIMEFRAMES}). */
export type TimeframeSeconds = (typeof TIMEFRAMES)[number];

const NAMES: Readonly<Record<TimeframeSeconds, string>> = {
  60: '1m',
  300: '5m',
  900: '15m',
  1800: '30m',
  3600: '1h',
  14400: '4h',
  86400: '1d',
};

/** A timeframe's API spelling (`1m`, `5m`, … `1d`). */
export function timeframeName(seconds: TimeframeSeconds): string {
  return NAMES[seconds];
}

/** The timeframe an API spelling names (`1m` → 60), undefined for anything else. */
export function timeframeOf(name: string): TimeframeSeconds | undefined {
  const found = TIMEFRAMES.find((t) => NAMES[t] === name);
  return found;
}

/** The instrument key bars are stored under: the instrument upper-cased and trimmed (`esz6` → `ESZ6`). */
export function barInstrumentKey(instrument: string): string {
  return instrument.trim().toUpperCase();
}

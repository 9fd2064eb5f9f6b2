/**
 * A generic bars set and trades whose excursions are computed BY HAND below (docs/analytics.md,
 * "Excursions"), shared by the core, API, SDK and CLI tests. Day: Monday 2026-11-02, UTC.
 */

const at = (hhmmss: string) => `2026-11-02T${hhmmss}Z`;
const ms = (hhmmss: string) => Date.parse(at(hhmmss));

/** One bar as [start HH:MM, open, high, low, close]. */
type BarLine = [string, number, number, number, number];

const bars = (lines: BarLine[]) =>
  lines.map(([t, open, high, low, close]) => ({ time: ms(`${t}:00`), open, high, low, close, volume: 100 }));

/** XYZ 1-minute bars 14:30…14:39, complete over [14:30, 14:40). */
export const XYZ_1M_A = {
  instrumentKey: 'XYZ',
  timeframe: 60,
  bars: bars([
    ['14:30', 100, 101, 99.5, 100.5],
    ['14:31', 100.5, 102, 100, 101.5],
    ['14:32', 101.5, 103.25, 101, 103],
    ['14:33', 103, 103.5, 100.75, 101],
    ['14:34', 101, 101.5, 98, 99],
    ['14:35', 99, 100, 98.5, 99.5],
    ['14:36', 99.5, 104, 99, 103.5],
    ['14:37', 103.5, 105, 103, 104.5],
    ['14:38', 104.5, 104.75, 102, 102.5],
    ['14:39', 102.5, 103, 101.5, 102],
  ]),
  range: { from: ms('14:30:00'), to: ms('14:40:00'), source: 'file:test' },
};

/** XYZ 1-minute bars complete over [14:50, 14:56): 14:53 was quiet (no bar, no gap). [14:40, 14:50) is a gap. */
export const XYZ_1M_B = {
  instrumentKey: 'XYZ',
  timeframe: 60,
  bars: bars([
    ['14:50', 100, 100.5, 99.8, 100.2],
    ['14:51', 100.2, 100.6, 100, 100.4],
    ['14:52', 100.4, 100.9, 99.9, 100.1],
    ['14:54', 100.1, 101.2, 100, 101],
    ['14:55', 101, 101.1, 100.7, 100.8],
  ]),
  range: { from: ms('14:50:00'), to: ms('14:56:00'), source: 'file:test' },
};

/** XYZ 5-minute bars complete over [14:30, 14:55): they arrive later and fill the gap trade. */
export const XYZ_5M = {
  instrumentKey: 'XYZ',
  timeframe: 300,
  bars: bars([
    ['14:30', 100, 103.5, 99.5, 101],
    ['14:35', 101, 105, 98.5, 102],
    ['14:40', 102, 102.8, 101.6, 102.4],
    ['14:45', 102.4, 102.6, 101.9, 102.2],
    ['14:50', 102.2, 103.3, 101.7, 103],
  ]),
  range: { from: ms('14:30:00'), to: ms('14:55:00'), source: 'file:test' },
};

/** The same prices as XYZ_1M_A on the continuous ES series (no bars of ESZ6 itself). */
export const ES_1M = { ...XYZ_1M_A, instrumentKey: 'ES' };

/** Trades entered by hand (API bodies), by name. */
export const HAND_TRADES = {
  // Long 10 @ 100.5 (14:30:30) → 102 (14:38:20), stop 99.5: risk (100.5 − 99.5) × 10 = 10.
  long: {
    instrument: 'XYZ',
    direction: 'long',
    entryPrice: 100.5,
    positionSize: 10,
    entryTime: at('14:30:30'),
    exitPrice: 102,
    exitTime: at('14:38:20'),
    stopLoss: 99.5,
    setupType: 'breakout',
  },
  // Short 5 @ 103 (14:32:10) → 99.25 (14:35:40), stop 104: risk (104 − 103) × 5 = 5.
  short: {
    instrument: 'XYZ',
    direction: 'short',
    entryPrice: 103,
    positionSize: 5,
    entryTime: at('14:32:10'),
    exitPrice: 99.25,
    exitTime: at('14:35:40'),
    stopLoss: 104,
    setupType: 'fade',
  },
  // Long 3 @ 103.4 → 104.2, both inside the 14:37 bar.
  oneBar: {
    instrument: 'XYZ',
    direction: 'long',
    entryPrice: 103.4,
    positionSize: 3,
    entryTime: at('14:37:10'),
    exitPrice: 104.2,
    exitTime: at('14:37:50'),
    setupType: 'breakout',
  },
  // Long 1 @ 102 (14:39:30) → 103 (14:51:30): [14:40, 14:50) has no 1-minute stretch.
  gap: {
    instrument: 'XYZ',
    direction: 'long',
    entryPrice: 102,
    positionSize: 1,
    entryTime: at('14:39:30'),
    exitPrice: 103,
    exitTime: at('14:51:30'),
  },
  // Long 2 @ 100.3 (14:52:30) → 101 (14:54:30): across the quiet 14:53.
  quiet: {
    instrument: 'XYZ',
    direction: 'long',
    entryPrice: 100.3,
    positionSize: 2,
    entryTime: at('14:52:30'),
    exitPrice: 101,
    exitTime: at('14:54:30'),
  },
  // Short 1 ESZ6 (multiplier 50) like `short`: only the continuous ES has bars.
  future: {
    instrument: 'ESZ6',
    assetClass: 'future',
    direction: 'short',
    entryPrice: 103,
    positionSize: 1,
    multiplier: 50,
    entryTime: at('14:32:10'),
    exitPrice: 99.25,
    exitTime: at('14:35:40'),
  },
  // An option on XYZ: the underlying's bars are never used.
  option: {
    instrument: 'XYZ261218C00100000',
    assetClass: 'option',
    underlying: 'XYZ',
    expiry: '2026-12-18',
    strike: 100,
    right: 'call',
    direction: 'long',
    entryPrice: 2.5,
    positionSize: 1,
    multiplier: 100,
    entryTime: at('14:31:00'),
    exitPrice: 3,
    exitTime: at('14:36:00'),
  },
  // No bars of ABC at all.
  noBars: {
    instrument: 'ABC',
    direction: 'long',
    entryPrice: 10,
    positionSize: 1,
    entryTime: at('14:31:00'),
    exitPrice: 11,
    exitTime: at('14:36:00'),
  },
  // Still open.
  open: { instrument: 'XYZ', direction: 'long', entryPrice: 101, positionSize: 1, entryTime: at('14:31:00') },
} as const;

/** Scaled in and out (a fills CSV, UTC times): buy 2 @ 100, buy 2 @ 101.5, sell 1 @ 103, sell 3 @ 104. */
export const SCALED_FILLS = [
  'datetime,symbol,side,quantity,price',
  `${at('14:30:20')},XYZ,buy,2,100`,
  `${at('14:31:30')},XYZ,buy,2,101.5`,
  `${at('14:33:10')},XYZ,sell,1,103`,
  `${at('14:36:45')},XYZ,sell,3,104`,
].join('\n');

const point = (price: number, money: number, r: number | null, hhmmss: string) => ({
  price,
  money,
  r,
  time: `${at(hhmmss)}`.replace('Z', '.000Z'),
});
const measured = { reason: null, barsInstrument: 'XYZ', continuous: false, timeframe: '1m' };

/** The expected excursions, computed by hand. */
export const EXPECTED = {
  // Bars overlapping [14:30:30, 14:38:20): 14:30…14:38. Lowest low 98 (14:34), highest high 105 (14:37).
  // MAE (98 − 100.5) × 10 = −25 (R −25 ÷ 10 = −2.5); MFE (105 − 100.5) × 10 = 45 (R 4.5).
  // Gross (102 − 100.5) × 10 = 15; ETD 45 − 15 = 30. High 105, low 98, range 7:
  // entry eff (105 − 100.5) ÷ 7 = 0.642857142… → 0.64285714; exit eff (102 − 98) ÷ 7 = 0.571428571… → 0.57142857.
  long: {
    ...measured,
    mae: point(98, -25, -2.5, '14:34:00'),
    mfe: point(105, 45, 4.5, '14:37:00'),
    etd: 30,
    entryEfficiency: 0.64285714,
    exitEfficiency: 0.57142857,
    high: 105,
    low: 98,
  },
  // Bars 14:32…14:35. Highest high 103.5 (14:33), lowest low 98 (14:34).
  // MAE (103 − 103.5) × 5 = −2.5 (R −0.5); MFE (103 − 98) × 5 = 25 (R 5). Gross (103 − 99.25) × 5 = 18.75; ETD 6.25.
  // Range 5.5: entry eff (103 − 98) ÷ 5.5 = 0.909090… → 0.90909091; exit eff (103.5 − 99.25) ÷ 5.5 = 0.772727… → 0.77272727.
  short: {
    ...measured,
    mae: point(103.5, -2.5, -0.5, '14:33:00'),
    mfe: point(98, 25, 5, '14:34:00'),
    etd: 6.25,
    entryEfficiency: 0.90909091,
    exitEfficiency: 0.77272727,
    high: 103.5,
    low: 98,
  },
  // Only the 14:37 bar (high 105, low 103): MAE (103 − 103.4) × 3 = −1.2, MFE (105 − 103.4) × 3 = 4.8; no stop: R null.
  // Gross (104.2 − 103.4) × 3 = 2.4; ETD 2.4. Range 2: entry eff 1.6 ÷ 2 = 0.8, exit eff 1.2 ÷ 2 = 0.6.
  oneBar: {
    ...measured,
    mae: point(103, -1.2, null, '14:37:00'),
    mfe: point(105, 4.8, null, '14:37:00'),
    etd: 2.4,
    entryEfficiency: 0.8,
    exitEfficiency: 0.6,
    high: 105,
    low: 103,
  },
  // Bars 14:52 (99.9…100.9) and 14:54 (100…101.2). MAE (99.9 − 100.3) × 2 = −0.8; MFE (101.2 − 100.3) × 2 = 1.8.
  // Gross 0.7 × 2 = 1.4; ETD 0.4. Range 1.3: entry eff 0.9 ÷ 1.3 = 0.692307… → 0.69230769; exit eff 1.1 ÷ 1.3 = 0.846153… → 0.84615385.
  quiet: {
    ...measured,
    mae: point(99.9, -0.8, null, '14:52:00'),
    mfe: point(101.2, 1.8, null, '14:54:00'),
    etd: 0.4,
    entryEfficiency: 0.69230769,
    exitEfficiency: 0.84615385,
    high: 101.2,
    low: 99.9,
  },
  // `short` × 50 on ES: MAE −2.5 × 10 = −25, MFE 25 × 10 = 250, gross 18.75 × 10 = 187.5, ETD 62.5.
  future: {
    ...measured,
    barsInstrument: 'ES',
    continuous: true,
    mae: point(103.5, -25, null, '14:33:00'),
    mfe: point(98, 250, null, '14:34:00'),
    etd: 62.5,
    entryEfficiency: 0.90909091,
    exitEfficiency: 0.77272727,
    high: 103.5,
    low: 98,
  },
  // Held: 2 (Σq·p 200) over [14:30:20, 14:31:30), bars 14:30–14:31: low 99.5 → −1, high 102 → +4.
  //       4 (Σ 403) over [14:31:30, 14:33:10), bars 14:31–14:33: low 100 → −3, high 103.5 → +11.
  //       3 (Σ 300) over [14:33:10, 14:36:45), bars 14:33–14:36: low 98 → −6, high 104 → +12.
  // Fills: 0, 406 − 403 = 3, 309 − 300 = 9, and the close: 415 − 403 = 12 (the gross result).
  // MAE −6 @ 98 (14:34); MFE 12 first reached @ 104 in the 14:36 bar; ETD 12 − 12 = 0.
  // Entry 403 ÷ 4 = 100.75, exit 415 ÷ 4 = 103.75; high 104, low 98, range 6:
  // entry eff (104 − 100.75) ÷ 6 = 0.541666… → 0.54166667; exit eff (103.75 − 98) ÷ 6 = 0.958333… → 0.95833333.
  scaled: {
    ...measured,
    mae: point(98, -6, null, '14:34:00'),
    mfe: point(104, 12, null, '14:36:00'),
    etd: 0,
    entryEfficiency: 0.54166667,
    exitEfficiency: 0.95833333,
    high: 104,
    low: 98,
  },
  // After the 5-minute bars arrive: bars 14:35 (98.5…105), 14:40, 14:45, 14:50 overlap [14:39:30, 14:51:30).
  // MAE (98.5 − 102) × 1 = −3.5 and MFE (105 − 102) = 3, both in the 14:35 bar; gross 1, ETD 2.
  // Range 6.5: entry eff 3 ÷ 6.5 = 0.461538… → 0.46153846; exit eff (103 − 98.5) ÷ 6.5 = 0.692307… → 0.69230769.
  gapFilled: {
    ...measured,
    timeframe: '5m',
    mae: point(98.5, -3.5, null, '14:35:00'),
    mfe: point(105, 3, null, '14:35:00'),
    etd: 2,
    entryEfficiency: 0.46153846,
    exitEfficiency: 0.69230769,
    high: 105,
    low: 98.5,
  },
} as const;

/** An excursion without figures and why. */
export function without(reason: 'open' | 'no_bars' | 'gap' | 'no_option_bars') {
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

/** A bars batch of this fixture as a generic bars CSV (`time,open,high,low,close,volume`): the file a trader imports. */
export function barsCsv(batch: {
  bars: readonly { time: number; open: number; high: number; low: number; close: number; volume: number | null }[];
}): string {
  const lines = batch.bars.map(
    (b) => `${new Date(b.time).toISOString()},${b.open},${b.high},${b.low},${b.close},${b.volume ?? ''}`,
  );
  return `time,open,high,low,close,volume\n${lines.join('\n')}\n`;
}

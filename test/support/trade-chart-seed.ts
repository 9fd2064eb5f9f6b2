/**
 * Two trades and the bars around them, for the tests of a trade's chart (terminal, HTML page,
 * report): ESZ6 long 1 at 5002 (14:31:30) out at 5004 (14:34:10), multiplier 50, stop 4998
 * (risk 200), and a losing short, over 1-minute bars of ESZ6 14:25 … 14:40 seeded through core's
 * storage. Their excursions are computed by core when the bars arrive; the figures below are the
 * same by hand (docs/analytics.md, "Excursions": every bar overlapping the time held counts).
 */
import { type Bar, type Excursion, excursionsAfterBars, type Storage, storeBars } from '@tj/core/internal';

/** The trade, as `tj trades add` or `POST /api/trades` takes it. */
export const CHART_TRADE = {
  instrument: 'ESZ6',
  assetClass: 'future',
  direction: 'long',
  entryPrice: 5002,
  positionSize: 1,
  multiplier: 50,
  stopLoss: 4998,
  entryTime: '2026-11-20T14:31:30Z',
  exitPrice: 5004,
  exitTime: '2026-11-20T14:34:10Z',
} as const;

const minute = (m: number) => Date.parse('2026-11-20T14:25:00Z') + m * 60_000;
/** [open, high, low, close] from 14:25 on: the lowest low (4999) at 14:32, the highest high (5007) at 14:33. */
const OHLC: Array<[number, number, number, number]> = [
  [5001, 5001.5, 5000.25, 5001.25], // 14:25
  [5001.25, 5002, 5000.5, 5001.75], // 14:26
  [5001.75, 5002.5, 5001, 5002], // 14:27
  [5002, 5002.75, 5001.25, 5002.5], // 14:28
  [5002.5, 5003, 5001.5, 5001.75], // 14:29
  [5001.75, 5002.25, 5000.75, 5001.5], // 14:30
  [5001, 5003, 5000.5, 5002.5], // 14:31: entry bar
  [5002.5, 5003, 4999, 5000.5], // 14:32: MAE at its low
  [5000.5, 5007, 5000.25, 5005], // 14:33: MFE at its high
  [5005, 5005.5, 5003.5, 5004], // 14:34: exit bar
  [5004, 5004.5, 5003, 5003.25], // 14:35
  [5003.25, 5004, 5002.5, 5003.75], // 14:36
  [5003.75, 5004.25, 5003, 5004], // 14:37
  [5004, 5005, 5003.5, 5004.75], // 14:38
  [5004.75, 5005.25, 5004, 5004.5], // 14:39
  [5004.5, 5004.75, 5003.75, 5004.25], // 14:40
];

/** The 16 bars 14:25 … 14:40. */
export const CHART_BARS: Bar[] = OHLC.map(([open, high, low, close], i) => ({
  time: minute(i),
  open,
  high,
  low,
  close,
  volume: 100 + i,
}));

/**
 * The excursion by hand: MAE (4999 − 5002) × 50 = −150, −150 ÷ 200 = −0.75R at 14:32; MFE
 * (5007 − 5002) × 50 = 250, 1.25R at 14:33; result (5004 − 5002) × 50 = 100, so ETD 250 − 100 = 150;
 * entry efficiency (5007 − 5002) ÷ (5007 − 4999) = 0.625, exit efficiency (5004 − 4999) ÷ 8 = 0.625.
 */
export const CHART_EXCURSION: Excursion = {
  reason: null,
  barsInstrument: 'ESZ6',
  continuous: false,
  timeframe: '1m',
  mae: { price: 4999, money: -150, r: -0.75, time: '2026-11-20T14:32:00.000Z' },
  mfe: { price: 5007, money: 250, r: 1.25, time: '2026-11-20T14:33:00.000Z' },
  etd: 150,
  entryEfficiency: 0.625,
  exitEfficiency: 0.625,
  high: 5007,
  low: 4999,
};

/**
 * Stores the bars for `userId` in a transaction of the real storage, with the after-bars work core
 * runs (excursionsAfterBars): the excursions of the trades they cover are computed and stored then.
 */
export async function seedTradeChart(storage: Storage, userId: string): Promise<void> {
  const range = { from: minute(0), to: minute(16), source: 'file:test' };
  const batch = { instrumentKey: 'ESZ6', timeframe: 60, bars: CHART_BARS, range };
  await storage.transaction((tx) => storeBars(tx, userId, batch, [excursionsAfterBars]));
}

/** A losing trade over the same bars: ESZ6 short 1 at 5002 (14:27:10) out at 5002.5 (14:28:50), stop 5004 (risk 100). */
export const CHART_LOSER = {
  instrument: 'ESZ6',
  assetClass: 'future',
  direction: 'short',
  entryPrice: 5002,
  positionSize: 1,
  multiplier: 50,
  stopLoss: 5004,
  entryTime: '2026-11-20T14:27:10Z',
  exitPrice: 5002.5,
  exitTime: '2026-11-20T14:28:50Z',
} as const;

/**
 * Its excursion by hand, over the bars of 14:27 (high 5002.5, low 5001) and 14:28 (high 5002.75,
 * low 5001.25): MAE (5002 − 5002.75) × 50 = −37.5, −0.375R at 14:28; MFE (5002 − 5001) × 50 = 50,
 * 0.5R at 14:27; result (5002 − 5002.5) × 50 = −25, so ETD 50 + 25 = 75; entry efficiency
 * (5002 − 5001) ÷ 1.75 = 0.571428…, exit efficiency (5002.75 − 5002.5) ÷ 1.75 = 0.142857… (8 decimals).
 */
export const LOSER_EXCURSION: Excursion = {
  reason: null,
  barsInstrument: 'ESZ6',
  continuous: false,
  timeframe: '1m',
  mae: { price: 5002.75, money: -37.5, r: -0.375, time: '2026-11-20T14:28:00.000Z' },
  mfe: { price: 5001, money: 50, r: 0.5, time: '2026-11-20T14:27:00.000Z' },
  etd: 75,
  entryEfficiency: 0.57142857,
  exitEfficiency: 0.14285714,
  high: 5002.75,
  low: 5001,
};

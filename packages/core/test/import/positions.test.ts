import { describe, expect, it } from 'vitest';
import { type Fill, type ImportedTrade, matchFills } from '../../src/import/index.js';
import type { CorporateActionItem } from '../../src/import/formats/corporate-action-record.js';
import { collect } from './support.js';

const at = (iso: string) => Date.parse(iso);
let line = 1;

/** A fill with the defaults of a plain stock execution. */
function fill(f: Partial<Fill> & Pick<Fill, 'datetime' | 'symbol' | 'side' | 'quantity' | 'price'>): Fill {
  line++;
  return { line, commission: 0, fees: 0, account: '', multiplier: 1, tags: [], note: '', ...f };
}

/** An option fill on `underlying` (multiplier 100). */
function option(
  underlying: string,
  right: 'call' | 'put',
  strike: number,
  f: Partial<Fill> & Pick<Fill, 'datetime' | 'side' | 'quantity' | 'price'>,
  expiry = '2026-12-18',
): Fill {
  const symbol = `${underlying} ${expiry} ${strike}${right === 'call' ? 'C' : 'P'}`;
  return fill({ symbol, multiplier: 100, details: { assetClass: 'option', underlying, expiry, strike, right }, ...f });
}

const STOCK: Fill['details'] = { assetClass: 'stock' };

const trades = async (items: Array<Fill | CorporateActionItem>): Promise<ImportedTrade[]> =>
  (await collect(matchFills(items))).filter((t): t is ImportedTrade => 'executions' in t);

describe('positions: partial exits', () => {
  it('books each partial exit at its time against the FIFO lots; the close books the rest', async () => {
    const [t] = await trades([
      fill({ datetime: at('2026-11-02T14:30:00Z'), symbol: 'XYZ', side: 'buy', quantity: 300, price: 50, commission: 3 }),
      fill({ datetime: at('2026-11-02T20:00:00Z'), symbol: 'XYZ', side: 'sell', quantity: 100, price: 52, commission: 1 }),
      fill({ datetime: at('2026-11-03T15:00:00Z'), symbol: 'XYZ', side: 'sell', quantity: 100, price: 49, commission: 1 }),
      fill({ datetime: at('2026-11-04T15:00:00Z'), symbol: 'XYZ', side: 'sell', quantity: 100, price: 55, commission: 1 }),
    ]);
    // Day 1: (52 − 50) × 100 = 200 − 1 (its fee) − 3 × 100/300 (the lot's fee) = 198.
    // Day 2: (49 − 50) × 100 = −100 − 1 − 1 = −102. Day 3 closes: (55 − 50) × 100 − 2 = 498,
    // and 198 − 102 + 498 = 594 = (52 − 50) × 300 − 6, the trade's result at the VWAPs.
    expect(t?.input).toMatchObject({ entryPrice: 50, exitPrice: 52, positionSize: 300, fees: 6 });
    expect(t?.partialExits).toEqual([
      { time: at('2026-11-02T20:00:00Z'), pnlMicros: 198_000_000 },
      { time: at('2026-11-03T15:00:00Z'), pnlMicros: -102_000_000 },
    ]);
  });

  it('takes the oldest lots first when a position scales in and out', async () => {
    const [t] = await trades([
      fill({ datetime: at('2026-11-02T14:30:00Z'), symbol: 'XYZ', side: 'sell', quantity: 10, price: 20 }),
      fill({ datetime: at('2026-11-02T14:31:00Z'), symbol: 'XYZ', side: 'sell', quantity: 10, price: 22 }),
      fill({ datetime: at('2026-11-02T14:32:00Z'), symbol: 'XYZ', side: 'buy', quantity: 15, price: 21 }),
    ]);
    // Short: 10 @ 20 then 10 @ 22; buying 15 @ 21 takes 10 @ 20 (−10) and 5 @ 22 (+5): −5. Still short 5.
    expect(t?.input).toMatchObject({ direction: 'short', positionSize: 5, entryPrice: 21 });
    expect(t?.input.exitPrice).toBeUndefined();
    expect(t?.partialExits).toEqual([{ time: at('2026-11-02T14:32:00Z'), pnlMicros: -5_000_000 }]);
  });
});

describe('positions: option strategies', () => {
  const T0 = at('2026-11-02T15:00:00Z');
  const T1 = at('2026-11-09T15:00:00Z');
  const T2 = at('2026-11-16T15:00:00Z');

  it('makes an iron condor opened as one order one position, closed in two orders', async () => {
    const c = { commission: 0.65 };
    const [t, ...rest] = await trades([
      option('SPY', 'put', 560, { datetime: T0, side: 'sell', quantity: 1, price: 2, orderRef: 'O1', ...c }),
      option('SPY', 'put', 555, { datetime: T0, side: 'buy', quantity: 1, price: 1.2, orderRef: 'O1', ...c }),
      option('SPY', 'call', 600, { datetime: T0, side: 'sell', quantity: 1, price: 1.8, orderRef: 'O1', ...c }),
      option('SPY', 'call', 605, { datetime: T0, side: 'buy', quantity: 1, price: 1, orderRef: 'O1', ...c }),
      option('SPY', 'put', 560, { datetime: T1, side: 'buy', quantity: 1, price: 0.5, orderRef: 'O2', ...c }),
      option('SPY', 'put', 555, { datetime: T1, side: 'sell', quantity: 1, price: 0.2, orderRef: 'O2', ...c }),
      option('SPY', 'call', 600, { datetime: T2, side: 'buy', quantity: 1, price: 0.3, orderRef: 'O3', ...c }),
      option('SPY', 'call', 605, { datetime: T2, side: 'sell', quantity: 1, price: 0.1, orderRef: 'O3', ...c }),
    ]);
    expect(rest).toEqual([]);
    // Credit 2.00 − 1.20 + 1.80 − 1.00 = 1.60 a share; closed for debits 0.30 and 0.20 = 0.50.
    // Cash 160 − 30 − 20 = 110, fees 8 × 0.65 = 5.20: result 104.80.
    // The put spread (T1): (2.00 − 0.50) × 100 − (1.20 − 0.20) × 100 = 50 − 2 × 0.65 − 2 × 0.65 = 47.40;
    // the call spread closes the position: 150 − 90 − 2.60 = 57.40; 47.40 + 57.40 = 104.80.
    expect(t?.strategy).toBe('iron condor');
    expect(t?.input).toMatchObject({
      instrument: 'SPY',
      direction: 'short',
      entryPrice: 1.6,
      exitPrice: 0.5,
      positionSize: 1,
      multiplier: 100,
      fees: 5.2,
      result: 104.8,
      assetClass: 'option',
      underlying: 'SPY',
      expiry: '2026-12-18',
      exitTime: new Date(T2).toISOString(),
    });
    expect(t?.partialExits).toEqual([{ time: T1, pnlMicros: 47_400_000 }]);
    expect(t?.executions).toHaveLength(8);
  });

  it('groups legs opened at the same instant without an order reference, never two stocks', async () => {
    const out = await trades([
      option('QQQ', 'call', 500, { datetime: T0, side: 'buy', quantity: 2, price: 10 }),
      option('QQQ', 'put', 500, { datetime: T0, side: 'buy', quantity: 2, price: 9 }),
      fill({ datetime: T0, symbol: 'AAPL', side: 'buy', quantity: 10, price: 150 }),
      fill({ datetime: T0, symbol: 'MSFT', side: 'buy', quantity: 10, price: 400 }),
    ]);
    // Open positions come out by entry time, then first line: the straddle first.
    expect(out.map((t) => [t.input.instrument, t.strategy, t.executions.length])).toEqual([
      ['QQQ', 'straddle', 2],
      ['AAPL', null, 1],
      ['MSFT', null, 1],
    ]);
    // A debit of 10 + 9 = 19 a share for 2 straddles.
    expect(out[0]?.input).toMatchObject({ direction: 'long', entryPrice: 19, positionSize: 2 });
  });

  it('keeps orders apart when the file has order references, even at one instant', async () => {
    const out = await trades([
      option('QQQ', 'call', 500, { datetime: T0, side: 'buy', quantity: 1, price: 10, orderRef: 'A' }),
      option('QQQ', 'put', 480, { datetime: T0, side: 'buy', quantity: 1, price: 6, orderRef: 'B' }),
    ]);
    expect(out.map((t) => [t.input.instrument, t.strategy])).toEqual([
      ['QQQ 2026-12-18 500C', null],
      ['QQQ 2026-12-18 480P', null],
    ]);
  });

  it('rolls a leg within its position when one order closes it and opens another, whatever the row order', async () => {
    const out = await trades([
      option('IWM', 'put', 200, { datetime: T0, side: 'sell', quantity: 1, price: 3, orderRef: 'A' }),
      // The roll, its opening leg written first.
      option('IWM', 'put', 195, { datetime: T1, side: 'sell', quantity: 1, price: 2.5, orderRef: 'B' }),
      option('IWM', 'put', 200, { datetime: T1, side: 'buy', quantity: 1, price: 1, orderRef: 'B' }),
      option('IWM', 'put', 195, { datetime: T2, side: 'buy', quantity: 1, price: 0, action: 'expiry' }),
    ]);
    expect(out).toHaveLength(1);
    // Rolled: (3 − 1) × 100 = 200 booked at T1; the new put expires worthless: 250 at T2. Result 450:
    // credits 3.00 + 2.50 = 5.50 a share in, 1.00 + 0 out.
    expect(out[0]?.strategy).toBe('custom');
    expect(out[0]?.partialExits).toEqual([{ time: T1, pnlMicros: 200_000_000 }]);
    expect(out[0]?.input).toMatchObject({ direction: 'short', entryPrice: 5.5, exitPrice: 1, result: 450 });
  });

  it('closes a covered call assigned at expiry: the call at 0, the stock at the strike', async () => {
    const [t, ...rest] = await trades([
      fill({ datetime: T0, symbol: 'XYZ', side: 'buy', quantity: 100, price: 50, orderRef: 'BW', commission: 1, details: STOCK }),
      option('XYZ', 'call', 55, { datetime: T0, side: 'sell', quantity: 1, price: 1.5, orderRef: 'BW', commission: 0.65 }),
      option('XYZ', 'call', 55, { datetime: T2, side: 'buy', quantity: 1, price: 0, action: 'assignment' }),
      fill({ datetime: T2, symbol: 'XYZ', side: 'sell', quantity: 100, price: 55, commission: 1, details: STOCK }),
    ]);
    expect(rest).toEqual([]);
    // Paid 5,000 − 150 = 4,850 (48.50 a share of the one covered call), received 5,500 (55.00):
    // 650 − fees 2.65 = 647.35.
    expect(t?.strategy).toBe('covered call');
    expect(t?.input).toMatchObject({
      instrument: 'XYZ',
      direction: 'long',
      entryPrice: 48.5,
      exitPrice: 55,
      positionSize: 1,
      result: 647.35,
    });
    expect(t?.partialExits).toEqual([]);
  });

  it('closes a short put assigned into stock; the stock is a position of its own', async () => {
    const out = await trades([
      option('XYZ', 'put', 45, { datetime: T0, side: 'sell', quantity: 1, price: 2, commission: 0.65 }),
      fill({ datetime: T2, symbol: 'XYZ', side: 'buy', quantity: 100, price: 45 }),
      option('XYZ', 'put', 45, { datetime: T2, side: 'buy', quantity: 1, price: 0, action: 'assignment' }),
    ]);
    // The put keeps its premium: 200 − 0.65 = 199.35; the 100 shares bought at 45 stay open.
    expect(out.map((t) => [t.input.instrument, t.input.exitPrice, t.strategy])).toEqual([
      ['XYZ 2026-12-18 45P', 0, null],
      ['XYZ', undefined, null],
    ]);
    expect(out[1]?.input).toMatchObject({ entryPrice: 45, positionSize: 100 });
  });
});

describe('positions: corporate actions', () => {
  const split = (effectiveAt: number, ratio: number): CorporateActionItem => ({
    corporateAction: { kind: 'split', account: null, instrument: 'AAPL', effectiveAt, ratio: { new: ratio, old: 1 } },
    line: 0,
  });

  it('splits an open position 4:1: four times the shares at a quarter of the price, the same money', async () => {
    const [t] = await trades([
      fill({ datetime: at('2026-08-03T14:00:00Z'), symbol: 'AAPL', side: 'buy', quantity: 100, price: 200 }),
      split(at('2026-08-31T04:00:00Z'), 4),
      fill({ datetime: at('2026-09-10T14:00:00Z'), symbol: 'AAPL', side: 'sell', quantity: 400, price: 55 }),
    ]);
    // 100 @ 200 become 400 @ 50; sold 400 @ 55: (55 − 50) × 400 = 2,000 = (220 − 200) × 100.
    expect(t?.input).toMatchObject({ entryPrice: 50, positionSize: 400, exitPrice: 55 });
    expect(t?.executions.map((e) => [e.fill.quantity, e.fill.price, e.units / 1e8])).toEqual([
      [400, 50, 400],
      [400, 55, 400],
    ]);
  });

  it('splits a position still open at the end of the file', async () => {
    const [t] = await trades([
      fill({ datetime: at('2026-08-03T14:00:00Z'), symbol: 'AAPL', side: 'buy', quantity: 100, price: 200 }),
      split(at('2026-08-31T04:00:00Z'), 4),
    ]);
    expect(t?.input).toMatchObject({ entryPrice: 50, positionSize: 400 });
  });

  it('renames an open position at a symbol change; later fills of the new symbol continue it', async () => {
    const [t, ...rest] = await trades([
      fill({ datetime: at('2026-05-01T14:00:00Z'), symbol: 'FB', side: 'buy', quantity: 10, price: 300 }),
      {
        corporateAction: {
          kind: 'symbolChange',
          account: null,
          instrument: 'FB',
          effectiveAt: at('2026-06-09T04:00:00Z'),
          newInstrument: 'META',
        },
        line: 0,
      },
      fill({ datetime: at('2026-07-01T14:00:00Z'), symbol: 'META', side: 'sell', quantity: 10, price: 310 }),
    ]);
    expect(rest).toEqual([]);
    expect(t?.input).toMatchObject({ instrument: 'META', entryPrice: 300, exitPrice: 310, positionSize: 10 });
  });
});

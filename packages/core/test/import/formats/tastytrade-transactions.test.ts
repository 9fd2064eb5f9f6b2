import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, importFailure, fixture, importText, readRecords, sharedSample, tradesOf } from './support.js';

const text = fixture('tastytrade-transactions.csv');
const sample = sharedSample('tastytrade-transactions.csv');
const HEADER = text.split('\n')[0] as string;

/** A file in the layout of our fixture, rows newest first. */
const file = (...rows: string[]): string => [HEADER, ...rows].join('\n');

describe('tastytrade transactions', () => {
  it('is detected from its header, with and without Sub Type / Multiplier / Order #', async () => {
    expect(await detectedFormat(text)).toBe('tastytrade-transactions');
    expect(await detectedFormat(sample)).toBe('tastytrade-transactions');
  });

  it('reads trades oldest first with prices from the description, effects, costs ≥ 0 and skips money movements', async () => {
    const fills = await readRecords('tastytrade-transactions', text);
    expect(fills.map((f) => f.line)).toEqual([9, 8, 7, 6, 5, 4, 2]);
    expect(fills[0]).toEqual({
      kind: 'fill',
      line: 9,
      time: { utc: Date.parse('2026-03-02T15:15:00Z') },
      symbol: 'AAPL',
      side: 'buy',
      quantity: 100,
      price: 150,
      commission: 1,
      fees: 0.08,
      effect: 'open',
      orderId: '398',
      assetClass: 'stock',
      currency: 'USD',
    });
    // The option: OCC symbol without its padding, Multiplier column stated.
    expect(fills[2]).toMatchObject({
      symbol: 'SPY260320P00550000',
      price: 3.15,
      multiplier: 100,
      expiry: '2026-03-20',
      right: 'put',
    });
    // The future: no multiplier (the catalogue gives ES its 50).
    expect(fills[3]).toMatchObject({ symbol: '/ESH6', assetClass: 'future', price: 5000.25 });
    expect(fills[3]).not.toHaveProperty('multiplier');
    // The expiration has no Action: it sells the 1 put still held, at 0.
    expect(fills[6]).toMatchObject({ line: 2, side: 'sell', quantity: 1, price: 0, effect: 'expired', commission: 0 });
  });

  it('closes an assigned short put with a buy at 0 and reads the delivered stock as a trade', async () => {
    const records = await readRecords(
      'tastytrade-transactions',
      file(
        '2026-03-20T17:00:00-0400,Receive Deliver,Buy to Open,BUY_TO_OPEN,SCHG,Equity,Buy to Open 100 SCHG @ 103.00,"-10,300.00",100,-103.00,--,-5.00,,,,,,,,USD',
        '2026-03-20T17:00:00-0400,Receive Deliver,Assignment,,SCHG  260320P00103000,Equity Option,Removal of option due to assignment,0.00,1,0.00,--,0.00,100,SCHG,SCHG,3/20/26,103,PUT,,USD',
        '2026-02-20T10:30:00-0500,Trade,Sell to Open,SELL_TO_OPEN,SCHG  260320P00103000,Equity Option,Sold 1 SCHG 03/20/26 Put 103.00 @ 2.05,205.00,1,205.00,-1.00,-0.14,100,SCHG,SCHG,3/20/26,103,PUT,336999001,USD',
      ),
    );
    expect(records).toEqual([
      expect.objectContaining({ line: 4, symbol: 'SCHG260320P00103000', side: 'sell', price: 2.05, effect: 'open' }),
      expect.objectContaining({ line: 3, symbol: 'SCHG260320P00103000', side: 'buy', quantity: 1, price: 0, effect: 'assigned' }),
      expect.objectContaining({ line: 2, symbol: 'SCHG', side: 'buy', quantity: 100, price: 103, fees: 5, effect: 'open' }),
    ]);
  });

  it('leaves out, with a warning, an expiration of a position opened before the file', async () => {
    const records = await readRecords(
      'tastytrade-transactions',
      file(
        '2026-03-20T16:00:00-0400,Receive Deliver,Expiration,,CLNE  260320C00014000,Equity Option,Removal of 1.0 CLNE 03/20/26 Call 14.00 due to expiration.,0.00,1,0.00,--,0.00,100,CLNE,CLNE,3/20/26,14,CALL,,USD',
      ),
    );
    expect(records).toEqual([
      {
        kind: 'warning',
        line: 2,
        message: 'the expiration of CLNE260320C00014000 closes no position opened in this file: left out',
      },
    ]);
  });

  it('reads Average Price per contract when the description has no price, and futures options at the future point value', async () => {
    const records = await readRecords(
      'tastytrade-transactions',
      file(
        '2026-03-05T10:00:00-0500,Trade,Buy to Open,BUY_TO_OPEN,SPY   260417C00600000,Equity Option,Bought 1 SPY,-200.00,1,-200.00,-1.00,-0.14,100,SPY,SPY,4/17/26,600,CALL,2,USD',
        '2026-03-05T11:00:00-0500,Trade,Buy to Open,BUY_TO_OPEN,./ESM6 E2AJ6 260410P5000,Future Option,Bought 1 ./ESM6 E2AJ6 04/10/26 Put 5000.00 @ 12.25,-612.50,1,-612.50,-1.25,-0.52,50,./ES,/ESM6,4/10/26,5000,PUT,3,USD',
      ),
    );
    expect(records.map((r) => r.kind === 'fill' && [r.symbol, r.price, r.multiplier, r.underlying])).toEqual([
      ['SPY260417C00600000', 2, 100, 'SPY'],
      ['./ESM6 E2AJ6 260410P5000', 12.25, 50, '/ESM6'],
    ]);
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`tastytrade transactions import on ${db.name}`, () => {
    const h = useCore(db);

    it('matches the hand-computed net P&L of stock, option (with its expiration) and future trades', async () => {
      const { summary, report, trades } = await importText(h.core(), await newUser(h.core()), text, 'Europe/Berlin');
      expect(summary).toMatchObject({ created: 3 });
      expect(report).toMatchObject({ fills: 7, warnings: [] });
      // AAPL: 100 × (155.50 − 150.00) = 550.00 − (1.00 + 0.08 + 0.42) = 548.50; times from their offsets.
      expect(tradesOf(trades, 'AAPL')[0]).toMatchObject({
        fees: 1.5,
        result: 548.5,
        entryTime: '2026-03-02T15:15:00.000Z',
        exitTime: '2026-03-03T19:20:00.000Z',
      });
      // /ESH6: 10.50 points × 50 = 525.00 − (1.25 + 0.87) × 2 = 520.76.
      expect(tradesOf(trades, '/ESH6')[0]).toMatchObject({
        assetClass: 'future',
        multiplier: 50,
        underlying: 'ES',
        result: 520.76,
      });
      // SPY put: 2 @ 3.15, out 1 @ 4.40 and 1 expired @ 0 (VWAP 2.20): −0.95 × 2 × 100 = −190.00 − (2.28 + 1.14) = −193.42.
      expect(tradesOf(trades, 'SPY260320P00550000')[0]).toMatchObject({
        exitPrice: 2.2,
        fees: 3.42,
        result: -193.42,
        exitTime: '2026-03-20T20:00:00.000Z',
      });
    });

    it('imports the shared sample (dates only, at noon in the source zone): 500.00 − 2.00 = 498.00', async () => {
      const { trades } = await importText(h.core(), await newUser(h.core()), sample, 'America/New_York');
      expect(trades).toEqual([
        expect.objectContaining({
          result: 498,
          fees: 2,
          entryTime: '2025-01-01T17:00:00.000Z',
          exitTime: '2025-01-02T17:00:00.000Z',
        }),
      ]);
    });

    it('fails the whole import on one bad fee, naming line, column and value, and writes nothing', async () => {
      const { message, trades } = await importFailure(h.core(), text.replace('0.00,-0.42,', '0.00,-0.4z,'));
      expect(message).toContain('line 8, column Fees: "-0.4z" is not an amount');
      expect(trades).toBe(0);
    });
  });
}

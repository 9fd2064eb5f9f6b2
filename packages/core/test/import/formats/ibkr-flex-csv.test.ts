import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, importFailure, fixture, importText, readFormat, sharedSample } from './support.js';

const full = fixture('ibkr-flex-trades.csv');
const compact = fixture('ibkr-flex-compact.csv');
const sample = sharedSample('ibkr-flex-trades-compact.csv');

describe('IBKR Flex Query CSV (Trades)', () => {
  it('is detected among all formats, in the full and the compact layouts and for the shared sample', async () => {
    expect(await detectedFormat(full)).toBe('ibkr-flex-csv');
    expect(await detectedFormat(compact)).toBe('ibkr-flex-csv');
    expect(await detectedFormat(sample)).toBe('ibkr-flex-csv');
  });

  it('reads EXECUTION rows with ids, codes, multipliers and option details, skipping ORDER, CLOSED_LOT and CASH rows', async () => {
    const { fills, warnings } = await readFormat('ibkr-flex-csv', full);
    expect(fills.map((f) => `${f.symbol} ${f.side} ${f.quantity}@${f.price}`)).toEqual([
      'AAPL buy 60@150',
      'AAPL buy 40@150.1',
      'AAPL sell 100@151',
      'SPY260320C00580000 sell 3@2.1',
      'SPY260320C00580000 buy 3@1.4',
      'ESM6 buy 1@5600.25',
      'ESM6 sell 1@5610.5',
    ]);
    expect(warnings).toEqual([
      { line: 8, message: 'CASH trades are not imported (this and any further ones are skipped)' },
      { line: 2, message: '2 ORDER rows are not imported: the EXECUTION rows of the same trades are' },
    ]);
    expect(fills[0]).toMatchObject({
      account: 'U9876543',
      execId: '0000e0d5.67a1b2c3.01.01',
      orderId: '7001',
      commission: 0.3,
      multiplier: 1,
      assetClass: 'stock',
      effect: 'open',
      time: { wall: { year: 2026, month: 3, day: 2, hour: 9, minute: 35, second: 10 } },
    });
    expect(fills[2]).toMatchObject({ effect: 'close', brokerPnl: { amount: 95, basis: 'net' } });
    expect(fills[3]).toMatchObject({
      assetClass: 'option',
      underlying: 'SPY',
      expiry: '2026-03-20',
      strike: 580,
      right: 'call',
      multiplier: 100,
    });
    expect(fills[5]).toMatchObject({ assetClass: 'future', multiplier: 50, underlying: 'ES', currency: 'USD' });
  });

  it('gives date-only rows noon of their day and keeps their file order', async () => {
    const { fills, warnings } = await readFormat('ibkr-flex-csv', compact);
    expect(fills.map((f) => `${f.symbol} ${f.side}`)).toEqual([
      'XYZ buy',
      'QQQ buy',
      'XYZ sell',
      'QQQ sell',
      'XYZ sell',
      'XYZ buy',
    ]);
    expect(fills.every((f) => 'wall' in f.time && f.time.wall.hour === 12 && f.time.wall.minute === 0)).toBe(true);
    expect(warnings).toEqual([{ line: 7, message: 'CASH trades are not imported (this and any further ones are skipped)' }]);
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`IBKR Flex Query CSV import on ${db.name}`, () => {
    const h = useCore(db);

    it('matches the hand-computed net P&L of each trade of the full layout', async () => {
      const user = await newUser(h.core());
      const { summary, trades } = await importText(h.core(), user, full);
      expect(summary).toMatchObject({ created: 3, skipped: 0 });
      const by = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      // AAPL: 15,100.00 − (60 × 150 + 40 × 150.10 = 15,004.00) = 96.00 − (0.30 + 0.20 + 0.50) = 95.00.
      expect(by.AAPL).toMatchObject({
        result: 95,
        fees: 1,
        positionSize: 100,
        entryPrice: 150.04,
        account: 'U9876543',
        entryTime: '2026-03-02T14:35:10.000Z',
        exitTime: '2026-03-02T15:12:44.000Z',
      });
      // SPY call sold to open: (2.10 − 1.40) × 3 × 100 = 210.00 − 3.90 = 206.10; EDT from 8 March.
      expect(by.SPY260320C00580000).toMatchObject({
        direction: 'short',
        result: 206.1,
        multiplier: 100,
        assetClass: 'option',
        strike: 580,
        right: 'call',
        expiry: '2026-03-20',
        entryTime: '2026-03-09T14:00:00.000Z',
      });
      // ES: (5610.50 − 5600.25) × 50 = 512.50 − 4.50 = 508.00.
      expect(by.ESM6).toMatchObject({ result: 508, multiplier: 50, assetClass: 'future', underlying: 'ES' });
    });

    it('imports date-only rows at noon in the source zone, same-day round trips in file order', async () => {
      const user = await newUser(h.core());
      const { summary, trades } = await importText(h.core(), user, compact);
      expect(summary).toMatchObject({ created: 3 });
      const results = trades.map((t) => [t.instrument, t.direction, t.result, t.entryTime]).sort();
      expect(results).toEqual([
        // QQQ: (505 − 500) × 20 = 100 − 2 = 98.
        ['QQQ', 'long', 98, '2026-07-21T16:00:00.000Z'],
        // XYZ day 1: (10.50 − 10.00) × 100 = 50 − 2 = 48; day 2 short: (11.00 − 10.80) × 50 = 10 − 2 = 8.
        ['XYZ', 'long', 48, '2026-07-21T16:00:00.000Z'],
        ['XYZ', 'short', 8, '2026-07-22T16:00:00.000Z'],
      ]);
    });

    it('imports the shared compact sample: five buys make one open position', async () => {
      const user = await newUser(h.core());
      const { summary, trades } = await importText(h.core(), user, sample);
      expect(summary).toMatchObject({ created: 1 });
      // 250 @ 3.13 + 500 @ 3.86 = 2,712.50 / 750; fees 1.000123 + 0.0003 + 0.250327 + 1.000444 + 1.501056.
      expect(trades[0]).toMatchObject({
        instrument: 'VIVK',
        status: 'open',
        positionSize: 750,
        entryPrice: 3.6166666667,
        fees: 3.75225,
        account: 'DUN261693',
        assetClass: 'stock',
      });
    });

    it('fails the whole import on one bad cell and writes nothing', async () => {
      const bad = compact.replace('DU1000001,XYZ,SELL,-50,11.00', 'DU1000001,XYZ,SELL,-50,eleven');
      const { message, trades } = await importFailure(h.core(), bad);
      expect(trades).toBe(0);
      expect(message).toContain('line 6, column Price: "eleven" is not an amount');
    });
  });
}

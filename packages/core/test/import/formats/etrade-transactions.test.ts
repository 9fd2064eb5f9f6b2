import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, importFailure, fixture, importText, readRecords, sharedSample, tradesOf } from './support.js';

const text = fixture('etrade-transactions.csv');
const sample = sharedSample('etrade-transactions.csv');
const noon = (year: number, month: number, day: number) => ({
  wall: { year, month, day, hour: 12, minute: 0, second: 0, millisecond: 0 },
});

describe('E*TRADE transactions', () => {
  it('is detected below its account banner, and in the layout with spaced names and a Fees column', async () => {
    expect(await detectedFormat(text)).toBe('etrade-transactions');
    expect(await detectedFormat(sample)).toBe('etrade-transactions');
  });

  it('reads bought and sold rows oldest first at noon of their date, same-day rows in the order they happened', async () => {
    const fills = await readRecords('etrade-transactions', text);
    // Newest first in the file: reversed, so the AMD buy (line 6) comes before its sale (line 5).
    expect(fills.map((f) => f.line)).toEqual([11, 10, 9, 8, 6, 5]);
    expect(fills[5]).toEqual({
      kind: 'fill',
      line: 5,
      time: noon(2026, 3, 5),
      account: '####1234',
      symbol: 'AMD',
      side: 'sell',
      quantity: 20,
      price: 120.8,
      commission: 0,
      // 20 × 120.80 = 2416.00, of which Amount pays 2415.97.
      fees: 0.03,
      assetClass: 'stock',
    });
    // 9 × 31.1176 = 280.0584 against an Amount of 280.06: the sub-cent rest is price rounding, not a fee.
    expect(fills.find((f) => f.line === 10)).toMatchObject({ symbol: 'SQQQ', fees: 0 });
  });

  it('reads the newer All Transactions layout', async () => {
    const fills = await readRecords(
      'etrade-transactions',
      [
        'Activity/Trade Date,Transaction Date,Settlement Date,Activity Type,Description,Symbol,Cusip,Quantity #,Price $,Amount $,Commission,Category,Note',
        '03/02/2026,03/02/2026,03/03/2026,Bought,FORD MOTOR CO,F,345370860,100,12.00,-1200.00,0,,',
        '03/02/2026,03/02/2026,03/02/2026,Dividend,FORD MOTOR CO,F,345370860,,,15.00,0,,',
      ].join('\n'),
    );
    expect(fills).toEqual([
      expect.objectContaining({ line: 2, time: noon(2026, 3, 2), side: 'buy', quantity: 100, price: 12, fees: 0 }),
    ]);
  });

  it('refuses an option it cannot read rather than take it for a stock, naming the symbol', async () => {
    const spelled = text.replace('03/04/26,Sold,EQ,F,', '03/04/26,Sold,OPTN,F Mar 20 26 $12 Call,');
    await expect(readRecords('etrade-transactions', spelled)).rejects.toThrow(
      'line 9, column Symbol: "F Mar 20 26 $12 Call" looks like an option or futures contract in a spelling this format does not read',
    );
    const typed = text.replace('03/04/26,Sold,EQ,F,', '03/04/26,Sold,OPTN,FORD,');
    await expect(readRecords('etrade-transactions', typed)).rejects.toThrow(
      'line 9, column Symbol: "FORD" is an option (OPTN) but not an OCC symbol such as SPY250321C00570000',
    );
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`E*TRADE transactions import on ${db.name}`, () => {
    const h = useCore(db);

    it('matches the P&L its Amounts imply, trade by trade', async () => {
      const { summary, trades } = await importText(h.core(), await newUser(h.core()), text, 'America/New_York');
      expect(summary).toMatchObject({ created: 3 });
      // AMD, bought and sold on 03/05: 2415.97 − 2405.00 = 10.97 (20 × 0.55 = 11.00 − 0.03 fees); noon EST is 17:00 UTC.
      expect(tradesOf(trades, 'AMD')[0]).toMatchObject({
        direction: 'long',
        account: '####1234',
        result: 10.97,
        entryTime: '2026-03-05T17:00:00.000Z',
        exitTime: '2026-03-05T17:00:00.000Z',
      });
      // F: 1249.97 − 1206.95 = 43.02 (100 × 0.50 = 50.00 − 6.95 commission − 0.03 fees).
      expect(tradesOf(trades, 'F')[0]).toMatchObject({ fees: 6.98, result: 43.02 });
      // SQQQ: 290.24 − 280.06 = 10.18; ours is 9 × 1.1324 − 0.01 = 10.1816, the 0.0016 being the price's rounding.
      expect(tradesOf(trades, 'SQQQ')[0]?.result).toBeCloseTo(10.18, 2);
    });

    it('imports the shared sample with the P&L its Amounts imply: 15493.05 − 15006.95 = 486.10', async () => {
      const { trades } = await importText(h.core(), await newUser(h.core()), sample, 'America/New_York');
      expect(trades).toEqual([expect.objectContaining({ fees: 13.9, result: 486.1, entryTime: '2025-01-01T17:00:00.000Z' })]);
    });

    it('fails the whole import on a bad date, naming line, column and value, and writes nothing', async () => {
      const { message, trades } = await importFailure(h.core(), text.replace('03/03/26,Bought', '03/33/26,Bought'));
      expect(message).toContain('line 10, column Transaction Date: "03/33/26" is not a date-time in the form M/d/yyyy');
      expect(trades).toBe(0);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, importFailure, fixture, importText, readRecords, sharedSample, tradesOf } from './support.js';

const text = fixture('webull-orders.csv');
const sample = sharedSample('webull-orders.csv');

describe('Webull orders', () => {
  it('is detected from its header, in the full and the short layout', async () => {
    expect(await detectedFormat(text)).toBe('webull-orders');
    expect(await detectedFormat(sample)).toBe('webull-orders');
  });

  it('reads filled quantities at the average fill price, skips unfilled orders and warns on a cancelled order with fills', async () => {
    const records = await readRecords('webull-orders', text);
    expect(records[0]).toEqual({
      kind: 'warning',
      line: 12,
      message: 'status "Cancelled" with 5 filled: the filled part is imported',
    });
    const fills = records.filter((r) => r.kind === 'fill');
    // 11 rows: the failed and the cancelled order without fills are skipped; oldest first.
    expect(fills.map((f) => f.line)).toEqual([12, 11, 9, 8, 7, 4, 5, 3, 2]);
    expect(fills.find((f) => f.line === 7)).toMatchObject({ symbol: 'AMC', side: 'sell', quantity: 60, price: 5.31 });
    expect(fills.find((f) => f.line === 5)).toMatchObject({ symbol: 'TSLA', side: 'sell', quantity: 10 });
    // 09:31:05 EDT is 13:31:05 UTC: the abbreviation makes it an instant.
    expect(fills.find((f) => f.line === 9)?.time).toEqual({ utc: Date.parse('2026-03-13T13:31:05Z') });
    expect(fills.find((f) => f.line === 8)).toMatchObject({
      symbol: 'SPY250321C00570000',
      assetClass: 'option',
      right: 'call',
      strike: 570,
    });
  });

  it('reads times without a zone as wall-clock times, and refuses an unknown zone naming the cell', async () => {
    const [fill] = await readRecords('webull-orders', sample);
    expect(fill).toMatchObject({ time: { wall: { year: 2025, month: 1, day: 1, hour: 9, minute: 30 } }, price: 150 });
    const bad = text.replace('03/13/2026 09:31:05 EDT', '03/13/2026 09:31:05 XST');
    await expect(readRecords('webull-orders', bad)).rejects.toThrow(
      /line 9, column Filled Time: "03\/13\/2026 09:31:05 XST" ends in the unknown time zone "XST"/,
    );
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`Webull orders import on ${db.name}`, () => {
    const h = useCore(db);

    it('matches the hand-computed P&L of each trade, stocks and options, at the instants the zones give', async () => {
      const { summary, report, trades } = await importText(h.core(), await newUser(h.core()), text, 'Asia/Tokyo');
      expect(summary).toMatchObject({ created: 4, skipped: 0 });
      expect(report.fills).toBe(9);
      // AMC: long 100 @ 5.02, out 60 @ 5.31 and 40 @ 5.40: 60 × 0.29 + 40 × 0.38 = 17.40 + 15.20 = 32.60, no fees.
      expect(tradesOf(trades, 'AMC')).toEqual([
        expect.objectContaining({
          direction: 'long',
          positionSize: 100,
          entryPrice: 5.02,
          exitPrice: 5.346,
          fees: 0,
          result: 32.6,
          assetClass: 'stock',
          multiplier: 1,
          entryTime: '2026-03-13T13:31:05.000Z',
          exitTime: '2026-03-13T14:30:00.000Z',
        }),
      ]);
      // TSLA: short 10 @ 250.00, covered @ 245.50: 4.50 × 10 = 45.00.
      expect(tradesOf(trades, 'TSLA')[0]).toMatchObject({ direction: 'short', result: 45 });
      // SPY call: 2 @ 1.25 → 1.55: 0.30 × 2 × 100 = 60.00.
      expect(tradesOf(trades, 'SPY250321C00570000')[0]).toMatchObject({
        assetClass: 'option',
        multiplier: 100,
        underlying: 'SPY',
        expiry: '2025-03-21',
        strike: 570,
        right: 'call',
        result: 60,
      });
      // NVDA (EST, winter): 5 @ 120.00 → 121.00 = 5.00; 09:45 EST is 14:45 UTC.
      expect(tradesOf(trades, 'NVDA')[0]).toMatchObject({ result: 5, entryTime: '2026-01-15T14:45:00.000Z' });
    });

    it('imports the shared sample, naive times in the source zone: 500.00 on 100 AAPL', async () => {
      const { trades } = await importText(h.core(), await newUser(h.core()), sample, 'America/New_York');
      // 100 × (155.00 − 150.00) = 500.00; 09:30 EST is 14:30 UTC, 10:00 EST 15:00 UTC.
      expect(trades).toEqual([
        expect.objectContaining({ result: 500, entryTime: '2025-01-01T14:30:00.000Z', exitTime: '2025-01-02T15:00:00.000Z' }),
      ]);
    });

    it('refuses a contract spelling it cannot read rather than import it as a stock with multiplier 1', async () => {
      const { message, trades } = await importFailure(
        h.core(),
        text.replace('Tesla Inc,TSLA,Buy', 'Tesla Inc,TSLA 20MAR26 250 C,Buy'),
      );
      expect(message).toContain('line 3, column Symbol: "TSLA 20MAR26 250 C" looks like an option or futures contract');
      expect(trades).toBe(0);
    });

    it('fails the whole import on one bad price, naming line, column and value, and writes nothing', async () => {
      const { message, trades } = await importFailure(h.core(), text.replace('@5.30,5.31', '@5.30,5.3x'));
      expect(message).toContain('line 7, column Avg Price: "5.3x" is not an amount');
      expect(trades).toBe(0);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, fillsOf, fixture, importFailure, importText, readRecords, sharedSample } from './support.js';

const text = fixture('tradovate-orders.csv');
const sample = sharedSample('tradovate-orders.csv');

describe('Tradovate Orders', () => {
  it('is detected from the full header and from the short sample layout', async () => {
    expect(await detectedFormat(text)).toBe('tradovate-orders');
    expect(await detectedFormat(sample)).toBe('tradovate-orders');
  });

  it('reads filled orders as fills, trims the leading spaces, skips unfilled orders and keeps a partial fill with a warning', async () => {
    const records = await readRecords('tradovate-orders', text);
    const fills = fillsOf(records);
    expect(fills.map((f) => [f.execId, f.side, f.quantity, f.price])).toEqual([
      ['5105', 'sell', 1, 71.35],
      ['5106', 'buy', 1, 71.12],
      ['5101', 'buy', 2, 6010.25],
      ['5104', 'sell', 1, 6008],
      ['5103', 'sell', 1, 6014.5],
    ]);
    expect(fills[2]).toMatchObject({
      account: 'DEMO2',
      symbol: 'MESZ6',
      orderId: '5101',
      assetClass: 'future',
      currency: 'USD',
      time: { wall: { year: 2026, month: 9, day: 14, hour: 9, minute: 31, second: 5 } },
    });
    expect(fills.every((f) => f.commission === undefined)).toBe(true);
    const warnings = records.filter((r) => r.kind === 'warning').map((r) => r.message);
    expect(warnings).toEqual([
      expect.stringContaining('no commissions'),
      'order 5104 is Canceled after filling 1 of 2: the filled part is imported',
    ]);
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`Tradovate Orders import on ${db.name}`, () => {
    const h = useCore(db);

    it('matches the hand-computed P&L of each trade, with naive Fill Times read in the source zone', async () => {
      const user = await newUser(h.core());
      const { summary, report, trades } = await importText(h.core(), user, text);
      expect(summary).toMatchObject({ created: 2, skipped: 0 });
      expect(report.fills).toBe(5);
      // MES (5/pt): long 2 @ 6010.25; out 1 @ 6014.50 (+4.25 × 5 = 21.25) and the partial 1 @ 6008.00
      // (−2.25 × 5 = −11.25): 10.00, no fees in this export. 09:31:05 EDT = 13:31:05Z.
      expect(trades[0]).toMatchObject({
        instrument: 'MESZ6',
        direction: 'long',
        positionSize: 2,
        entryPrice: 6010.25,
        exitPrice: 6011.25,
        multiplier: 5,
        fees: 0,
        result: 10,
        account: 'DEMO2',
        assetClass: 'future',
        currency: 'USD',
        underlying: 'MES',
        entryTime: '2026-09-14T13:31:05.000Z',
        exitTime: '2026-09-14T13:45:00.000Z',
      });
      // CL (1000/pt): short 1 @ 71.35, covered @ 71.12: 0.23 × 1000 = 230.00.
      expect(trades[1]).toMatchObject({
        instrument: 'CLX6',
        direction: 'short',
        multiplier: 1000,
        result: 230,
        entryTime: '2026-09-14T14:02:30.000Z',
        exitTime: '2026-09-14T14:15:45.000Z',
      });
      const again = await importText(h.core(), user, text);
      // Every execution of the file is already imported: nothing is created or changed.
      expect(again.summary).toEqual({ created: 0, closed: 0, skipped: again.report.fills });
      expect(again.report.fills).toBeGreaterThan(0);
    });

    it('imports the shared short-layout sample: ES long 1 from 5000 to 5010 is 10 × 50 = 500.00', async () => {
      const user = await newUser(h.core());
      const { trades } = await importText(h.core(), user, sample);
      expect(trades).toHaveLength(1);
      expect(trades[0]).toMatchObject({
        instrument: 'ESM4',
        direction: 'long',
        multiplier: 50,
        result: 500,
        entryTime: '2025-01-01T14:30:00.000Z',
        exitTime: '2025-01-01T15:00:00.000Z',
      });
    });

    it('fails the whole import on one bad price, naming line, column and value, and writes nothing', async () => {
      const bad = text.replace('6014.50,1,09/14/2026 09:40:10', '6O14.50,1,09/14/2026 09:40:10');
      expect(await importFailure(h.core(), bad)).toEqual({
        message: 'line 8, column avgPrice: "6O14.50" is not an amount',
        trades: 0,
      });
    });
  });
}

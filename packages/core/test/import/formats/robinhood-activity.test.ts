import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, importFailure, fixture, importText, readRecords, tradesOf } from './support.js';

const text = fixture('robinhood-activity.csv');
const HEADER = text.split('\n')[0] as string;

describe('Robinhood activity', () => {
  it('is detected from its quoted header', async () => {
    expect(await detectedFormat(text)).toBe('robinhood-activity');
  });

  it('reads trades oldest first with the lines they start on, past multi-line descriptions', async () => {
    const records = await readRecords('robinhood-activity', text);
    // NVDA's split (lines 10-12) is a warning; the dividend, the deposit and the footer are skipped.
    expect(records[0]).toEqual({
      kind: 'warning',
      line: 10,
      message: 'code SPL changes the position in NVDA and is not read: adjust that position by hand',
    });
    const fills = records.slice(1);
    expect(fills.map((f) => f.line)).toEqual([13, 7, 5, 4, 3, 2]);
    expect(fills.find((f) => f.line === 5)).toEqual({
      kind: 'fill',
      line: 5,
      time: { wall: { year: 2026, month: 3, day: 9, hour: 12, minute: 0, second: 0, millisecond: 0 } },
      symbol: 'AAPL',
      side: 'sell',
      quantity: 100,
      price: 155.5,
      // 100 × 155.50 = 15,550.00, of which Amount pays 15,549.58.
      fees: 0.42,
      assetClass: 'stock',
    });
    expect(fills.find((f) => f.line === 13)).toMatchObject({
      symbol: 'QQQ260306C00500000',
      side: 'sell',
      effect: 'open',
      fees: 0.04,
      multiplier: 100,
      underlying: 'QQQ',
      expiry: '2026-03-06',
      strike: 500,
      right: 'call',
    });
    // OEXP has no side: it sells the one put still held (bought 2, sold 1), at 0.
    expect(fills.find((f) => f.line === 2)).toMatchObject({
      symbol: 'SPY260320P00550000',
      side: 'sell',
      quantity: 1,
      price: 0,
      effect: 'expired',
    });
  });

  it('closes an assigned short call with a buy at 0', async () => {
    const records = await readRecords(
      'robinhood-activity',
      [
        HEADER,
        '"3/20/2026","3/20/2026","3/23/2026","AMD","Option Assigned for AMD 3/20/2026 Call $120.00","OASGN","2","",""',
        '"3/2/2026","3/2/2026","3/3/2026","AMD","AMD 3/20/2026 Call $120.00","STO","2","$1.10","$219.94"',
      ].join('\n'),
    );
    expect(records).toEqual([
      expect.objectContaining({ line: 3, side: 'sell', quantity: 2, price: 1.1, fees: 0.06 }),
      expect.objectContaining({ line: 2, symbol: 'AMD260320C00120000', side: 'buy', quantity: 2, price: 0, effect: 'assigned' }),
    ]);
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`Robinhood activity import on ${db.name}`, () => {
    const h = useCore(db);

    it('matches the P&L its Amounts imply, with dates at noon in the source zone', async () => {
      const { summary, report, trades } = await importText(h.core(), await newUser(h.core()), text, 'America/Los_Angeles');
      expect(summary).toMatchObject({ created: 3 });
      expect(report.fills).toBe(6);
      // AAPL, bought and sold on 3/9 (listed sale first): 15,549.58 − 15,000.00 = 549.58; noon PDT is 19:00 UTC.
      expect(tradesOf(trades, 'AAPL')[0]).toMatchObject({
        direction: 'long',
        fees: 0.42,
        result: 549.58,
        entryTime: '2026-03-09T19:00:00.000Z',
        exitTime: '2026-03-09T19:00:00.000Z',
      });
      // SPY put: 2 @ 3.15, 1 sold @ 4.40, 1 expired @ 0: 439.95 − 630.06 = −190.11 (−0.95 × 2 × 100 − 0.11 fees).
      expect(tradesOf(trades, 'SPY260320P00550000')[0]).toMatchObject({
        assetClass: 'option',
        multiplier: 100,
        exitPrice: 2.2,
        fees: 0.11,
        result: -190.11,
        exitTime: '2026-03-23T19:00:00.000Z',
      });
      // QQQ call sold to open and not closed in the file: open, short, with its 0.04 of fees.
      expect(tradesOf(trades, 'QQQ260306C00500000')[0]).toMatchObject({ status: 'open', direction: 'short', fees: 0.04 });
    });

    it('fails the whole import on a bad price after multi-line rows, naming its own line, and writes nothing', async () => {
      const { message, trades } = await importFailure(h.core(), text.replace('"$2.40"', '"$2.4O"'));
      expect(message).toContain('line 13, column Price: "$2.4O" is not an amount');
      expect(trades).toBe(0);
    });
  });
}

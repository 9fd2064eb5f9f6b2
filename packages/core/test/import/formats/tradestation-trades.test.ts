import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, importFailure, fixture, importText, readRecords, sharedSample, tradesOf } from './support.js';

const text = fixture('tradestation-trades.csv');
const sample = sharedSample('tradestation-trades.csv');
const ITEMIZED = 'Account,T/D,S/D,Currency,Type,Side,Symbol,Qty,Price,Exec Time,Comm,SEC,TAF,Gross Proceeds,Net Proceeds';

describe('TradeStation trades', () => {
  it('is detected from its header, but leaves the DAS Trader template to its own format', async () => {
    expect(await detectedFormat(text)).toBe('tradestation-trades');
    expect(await detectedFormat(sample)).toBe('tradestation-trades');
    expect(await detectedFormat(`${ITEMIZED}\n`)).toBe('tradestation-trades');
    expect(await detectedFormat(sharedSample('das-tradenote-template.csv'))).not.toBe('tradestation-trades');
  });

  it('joins T/D and Exec Time into a wall-clock time and takes |Gross − Net Proceeds| as fees', async () => {
    const [first] = await readRecords('tradestation-trades', text);
    expect(first).toEqual({
      kind: 'fill',
      line: 2,
      time: { wall: { year: 2026, month: 3, day: 16, hour: 9, minute: 35, second: 12, millisecond: 0 } },
      account: '11111111',
      symbol: 'MSFT',
      side: 'buy',
      quantity: 50,
      price: 410,
      fees: 1,
      assetClass: 'stock',
    });
  });

  it('reads Comm, SEC and TAF where the export itemizes them, and futures and option symbols (OCC or short) as such', async () => {
    const records = await readRecords(
      'tradestation-trades',
      [
        ITEMIZED,
        '11,03/16/2026,03/17/2026,USD,2,B,QQQ,10,500.00,09:45:00,1.00,0,0,-5000,-5001',
        '11,03/16/2026,03/17/2026,USD,2,S,QQQ,10,502.50,14:15:30,1.00,0.02,0.01,5025,5023.97',
        '11,03/16/2026,03/17/2026,USD,2,B,ESM26,1,5000.25,14:20:00,2.50,0,0,0,0',
        '11,03/16/2026,03/17/2026,USD,2,B,SPY 260417C00600000,1,2.00,14:25:00,0.65,0,0,-200,-200.65',
        '11,03/16/2026,03/17/2026,USD,2,S,SPY 260417C600,1,2.10,14:30:00,0.65,0,0,210,209.35',
      ].join('\n'),
    );
    expect(records.map((r) => r.kind === 'fill' && [r.symbol, r.side, r.commission, r.fees, r.assetClass, r.currency])).toEqual([
      ['QQQ', 'buy', 1, 0, 'stock', 'USD'],
      ['QQQ', 'sell', 1, 0.03, 'stock', 'USD'],
      ['ESM26', 'buy', 2.5, 0, 'future', 'USD'],
      ['SPY260417C00600000', 'buy', 0.65, 0, 'option', 'USD'],
      ['SPY260417C00600000', 'sell', 0.65, 0, 'option', 'USD'],
    ]);
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`TradeStation trades import on ${db.name}`, () => {
    const h = useCore(db);

    it('matches the hand-computed net P&L per account, with times read in the source zone', async () => {
      const { summary, trades } = await importText(h.core(), await newUser(h.core()), text, 'America/New_York');
      expect(summary).toMatchObject({ created: 3 });
      // MSFT: 50 @ 410.00, out 20 @ 412.50 and 30 @ 409.80: 50.00 − 6.00 = 44.00 − (1.00 + 1.02 + 1.03) = 40.95.
      const [msft, open] = tradesOf(trades, 'MSFT', '11111111');
      expect(msft).toMatchObject({
        direction: 'long',
        exitPrice: 410.88,
        fees: 3.05,
        result: 40.95,
        entryTime: '2026-03-16T13:35:12.000Z',
        exitTime: '2026-03-16T14:45:30.000Z',
      });
      // The next day's buy stays open, with its 1.00 of fees; 9:31 EDT is 13:31 UTC.
      expect(open).toMatchObject({ status: 'open', fees: 1, entryTime: '2026-03-17T13:31:00.000Z', result: null });
      // TSLA in the other account: short 10 @ 250.00, covered @ 245.00: 50.00 − (1.05 + 1.00) = 47.95.
      expect(tradesOf(trades, 'TSLA', '22222222')[0]).toMatchObject({ direction: 'short', fees: 2.05, result: 47.95 });
    });

    it('imports the shared sample with the P&L its Net Proceeds imply: −15001.00 + 15499.00 = 498.00', async () => {
      const { trades } = await importText(h.core(), await newUser(h.core()), sample, 'America/New_York');
      expect(trades).toEqual([
        expect.objectContaining({ account: '12345', fees: 2, result: 498, entryTime: '2025-01-01T14:30:00.000Z' }),
      ]);
    });

    it('fails the whole import on a bad time, naming line, column and value, and writes nothing', async () => {
      const { message, trades } = await importFailure(h.core(), text.replace('10:02:00', '10h02'));
      expect(message).toContain('line 4, column Exec Time: "10h02" is not a date-time in the form H:mm:ss');
      expect(trades).toBe(0);
    });
  });
}

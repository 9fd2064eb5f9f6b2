import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, importFailure, fixture, importText, readFormat, sharedSample } from './support.js';

const plain = fixture('ibkr-tradeconfirm.csv');
const wrapped = fixture('ibkr-tradeconfirm-wrapped.csv');
const sample = sharedSample('ibkr-tradeconfirm-futures.csv');

describe('IBKR Trade Confirmation Flex', () => {
  it('is detected among all formats, with or without wrapper rows, and for the shared sample', async () => {
    expect(await detectedFormat(plain)).toBe('ibkr-tradeconfirm');
    expect(await detectedFormat(wrapped)).toBe('ibkr-tradeconfirm');
    expect(await detectedFormat(sample)).toBe('ibkr-tradeconfirm');
  });

  it('counts each ExecID once (a cancellation removes its execution, the re-booked row takes its place, a repeated row counts once), with its OrderID', async () => {
    const { fills, warnings } = await readFormat('ibkr-tradeconfirm', plain);
    expect(warnings).toEqual([]);
    expect(fills.map((f) => `${f.symbol} ${f.side} ${f.quantity}@${f.price} ${f.execId} order ${f.orderId}`)).toEqual([
      'AAPL buy 10@200 0000e0d5.65f1a2b3.02.01 order 3102',
      'MESM6 buy 2@6621.75 0001f4e8.65f1a2b3.01.01 order 3101',
      'MESM6 sell 2@6630.25 0001f4e8.65f1a2b3.04.01 order 3104',
      'AAPL sell 10@201.5 0000e0d5.65f1a2b3.05.01 order 3105',
    ]);
    expect(fills[1]).toMatchObject({
      line: 6,
      account: 'U5550001',
      assetClass: 'future',
      multiplier: 5,
      commission: 1.24,
      expiry: '2026-06-19',
      time: { wall: { year: 2026, month: 3, day: 23, hour: 10, minute: 0, second: 0 } },
    });
  });

  it('skips BOF/BOA/BOS/EOS/EOA/EOF and MSG rows, strips section prefixes, cancels by content when ExecIDs differ, skips CASH', async () => {
    const { fills, warnings } = await readFormat('ibkr-tradeconfirm', wrapped);
    expect(fills.map((f) => `${f.symbol} ${f.side} ${f.quantity}@${f.price}`)).toEqual([
      'MNQM6 sell 3@21000',
      'MNQM6 buy 3@20990.25',
    ]);
    expect(fills[0]).toMatchObject({ line: 7, account: 'U5550002', time: { wall: { day: 24, hour: 10, minute: 0 } } });
    expect(warnings).toEqual([{ line: 9, message: 'CASH trades are not imported (this and any further ones are skipped)' }]);
  });

  it('tells a cancellation by any one of its marks: TransactionType TradeCancel, "BUY (Ca.)", or code Ca', async () => {
    const lines = plain.split('\r\n');
    const row = lines[3] as string;
    // The re-booked row under its own ExecID, so only the cancellation can remove the original.
    const rebooked = lines[5] as string;
    const text = plain.replace(rebooked, rebooked.replace('"0001f4e8.65f1a2b3.01.01"', '"0001f4e8.65f1a2b3.01.02"'));
    const only = {
      TradeCancel: row.replace('"BUY (Ca.)"', '"BUY"').replace('"Ca","LMT"', '"","LMT"'),
      '(Ca.)': row.replace('"TradeCancel"', '"ExchTrade"').replace('"Ca","LMT"', '"","LMT"'),
      Ca: row.replace('"TradeCancel"', '"ExchTrade"').replace('"BUY (Ca.)"', '"BUY"'),
    };
    for (const [mark, cancel] of Object.entries(only)) {
      const { fills } = await readFormat('ibkr-tradeconfirm', text.replace(row, cancel));
      // The cancelled 6622.00 execution never shows; the re-booked 6621.75 one stands in its place.
      expect(
        fills.filter((f) => f.symbol === 'MESM6').map((f) => f.price),
        mark,
      ).toEqual([6621.75, 6630.25]);
    }
  });

  it('warns about a cancellation whose execution is not in the file', async () => {
    const lines = plain.split('\r\n');
    const withoutOriginal = [lines[0], ...lines.slice(2)].join('\r\n');
    const { warnings } = await readFormat('ibkr-tradeconfirm', withoutOriginal);
    expect(warnings).toEqual([
      { line: 3, message: 'cancels a MESM6 execution that is not in this file: nothing imported for it' },
    ]);
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`IBKR Trade Confirmation import on ${db.name}`, () => {
    const h = useCore(db);

    it('matches the hand-computed net P&L of each trade, with the re-booked price', async () => {
      const user = await newUser(h.core());
      const { summary, trades } = await importText(h.core(), user, plain, 'America/Chicago');
      expect(summary).toMatchObject({ created: 2 });
      const by = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      // MES, re-booked at 6621.75: (6630.25 − 6621.75) × 2 × 5 = 85.00 − 2.48 = 82.52; CDT (UTC−5).
      expect(by.MESM6).toMatchObject({
        result: 82.52,
        entryPrice: 6621.75,
        multiplier: 5,
        account: 'U5550001',
        assetClass: 'future',
        underlying: 'MES',
        entryTime: '2026-03-23T15:00:00.000Z',
        exitTime: '2026-03-23T15:30:00.000Z',
      });
      // AAPL: (201.50 − 200.00) × 10 = 15.00 − 2.00 = 13.00.
      expect(by.AAPL).toMatchObject({ result: 13, fees: 2, positionSize: 10 });
    });

    it('imports the wrapped file (the cancelled sell left out) and the shared futures sample', async () => {
      const user = await newUser(h.core());
      const wrappedImport = await importText(h.core(), user, wrapped);
      // MNQ short: (21000.00 − 20990.25) × 3 × 2 = 58.50 − 3.72 = 54.78.
      expect(wrappedImport.trades).toMatchObject([
        { instrument: 'MNQM6', direction: 'short', result: 54.78, account: 'U5550002' },
      ]);
      const other = await newUser(h.core());
      const { trades } = await importText(h.core(), other, sample);
      // MES: (6627 − 6622) × 5 = 25.00 − 2 × 1.24 = 22.52.
      expect(trades).toMatchObject([{ instrument: 'MESM6', result: 22.52, multiplier: 5, assetClass: 'future', fees: 2.48 }]);
    });

    it('fails the whole import on one bad cell and writes nothing', async () => {
      const bad = wrapped.replace('"20260324;104500"', '"20260324;254500"');
      const { message, trades } = await importFailure(h.core(), bad);
      expect(trades).toBe(0);
      expect(message).toContain('line 10, column Date/Time: "20260324;254500" is not a valid date-time');
    });
  });
}

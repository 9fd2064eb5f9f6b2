import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, importFailure, fixture, importText, readFormat, sharedSample } from './support.js';

const statement = fixture('ibkr-activity.csv');
const optionEvents = fixture('ibkr-activity-option-events.csv');
const sample = sharedSample('ibkr-activity-statement.csv');

describe('IBKR Activity Statement', () => {
  it('is detected among all formats, for our statements and the shared sample', async () => {
    expect(await detectedFormat(statement)).toBe('ibkr-activity');
    expect(await detectedFormat(optionEvents)).toBe('ibkr-activity');
    expect(await detectedFormat(sample)).toBe('ibkr-activity');
  });

  it('reads Order rows of the Trades section under each header, skipping sub-totals, closed lots, Trade rows, cancellations and Forex', async () => {
    const { fills, warnings } = await readFormat('ibkr-activity', statement);
    expect(fills.map((f) => `${f.symbol} ${f.side} ${f.quantity}`)).toEqual([
      'AAPL buy 100',
      'AAPL sell 100',
      'TSLA sell 50',
      'TSLA buy 50',
      'SPY260320C00580000 buy 2',
      'SPY260320C00580000 sell 2',
      'MESM6 buy 1',
      'MESM6 sell 1',
      'ZNM6 buy 2',
      'ZNM6 sell 2',
    ]);
    expect(warnings).toEqual([
      { line: 17, message: expect.stringMatching(/^Trade rows are not imported: the statement's Order rows are/) },
      { line: 19, message: 'a cancelled trade (code Ca) was not imported' },
      { line: 32, message: expect.stringMatching(/^Forex trades are not imported/) },
    ]);
    const [aaplBuy, aaplSell] = fills;
    expect(aaplBuy).toMatchObject({
      line: 12,
      account: 'U1234567',
      assetClass: 'stock',
      currency: 'USD',
      price: 150.25,
      commission: 1,
      effect: 'open',
      time: { wall: { year: 2026, month: 3, day: 2, hour: 9, minute: 35, second: 10, millisecond: 0 } },
    });
    expect(aaplBuy?.multiplier).toBeUndefined();
    expect(aaplSell).toMatchObject({ effect: 'close', commission: 1.02, brokerPnl: { amount: 182.98, basis: 'net' } });
    expect(fills[4]).toMatchObject({
      account: 'U1234567',
      assetClass: 'option',
      multiplier: 100,
      underlying: 'SPY',
      expiry: '2026-03-20',
      strike: 580,
      right: 'call',
    });
    expect(fills[6]).toMatchObject({ account: 'U7654321', assetClass: 'future', multiplier: 5 });
    expect(fills[8]).toMatchObject({ assetClass: 'future', multiplier: 1000 });
  });

  it('reads Trade rows when they come first, option exercises, assignments and expirations, and a rebate', async () => {
    const { fills, warnings } = await readFormat('ibkr-activity', optionEvents);
    expect(fills.map((f) => [f.symbol, f.effect, f.price])).toEqual([
      ['CLOV', 'open', 20],
      ['CLOV', 'open', 25],
      ['GME', 'open', 300],
      ['CLOV210716C00020000', 'open', 1.1],
      ['CLOV210716C00020000', 'exercised', 0],
      ['CLOV210716P00025000', 'open', 2],
      ['CLOV210716P00025000', 'assigned', 0],
      ['CLOV210716C00030000', 'open', 0.2],
      ['CLOV210716C00030000', 'expired', 0],
    ]);
    expect(fills.every((f) => f.account === 'U2222222')).toBe(true);
    // The expiration row (price 0) keeps the multiplier its opening row showed.
    expect(fills[8]).toMatchObject({ multiplier: 100, brokerPnl: { amount: -20.65, basis: 'net' }, expiry: '2021-07-16' });
    // A positive Comm/Fee is a rebate: no cost, carried as financing.
    expect(fills[2]).toMatchObject({ symbol: 'GME', commission: 0, financing: 0.12 });
    expect(warnings).toEqual([
      { line: 8, message: expect.stringMatching(/^Order rows are not imported: the statement's Trade rows are/) },
    ]);
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`IBKR Activity Statement import on ${db.name}`, () => {
    const h = useCore(db);

    it('matches the hand-computed net P&L of each trade to the cent, with accounts, asset classes, multipliers and times', async () => {
      const user = await newUser(h.core());
      const { summary, report, trades } = await importText(h.core(), user, statement);
      expect(summary).toMatchObject({ created: 5, closed: 0, skipped: 0 });
      expect(report.fills).toBe(10);
      const by = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      // AAPL: (152.10 − 150.25) × 100 = 185.00 − (1.00 + 1.02) = 182.98; EST (UTC−5) before 8 March.
      expect(by.AAPL).toMatchObject({
        direction: 'long',
        result: 182.98,
        fees: 2.02,
        multiplier: 1,
        account: 'U1234567',
        assetClass: 'stock',
        currency: 'USD',
        entryTime: '2026-03-02T14:35:10.000Z',
        exitTime: '2026-03-02T15:12:44.000Z',
      });
      // TSLA short: (200.00 − 195.50) × 50 = 225.00 − 2.00 = 223.00.
      expect(by.TSLA).toMatchObject({ direction: 'short', result: 223, fees: 2 });
      // SPY call: (4.25 − 3.50) × 2 × 100 = 150.00 − 2.62 = 147.38; EDT (UTC−4) from 8 March.
      expect(by.SPY260320C00580000).toMatchObject({
        result: 147.38,
        multiplier: 100,
        assetClass: 'option',
        underlying: 'SPY',
        expiry: '2026-03-20',
        strike: 580,
        right: 'call',
        entryTime: '2026-03-09T14:00:00.000Z',
      });
      // MES: (6627.25 − 6622.00) × 5 = 26.25 − 1.24 = 25.01, account from the Account column.
      expect(by.MESM6).toMatchObject({
        result: 25.01,
        multiplier: 5,
        account: 'U7654321',
        assetClass: 'future',
        underlying: 'MES',
      });
      // ZN (not in the catalogue; multiplier 1000 from the proceeds): 0.25 × 2 × 1000 = 500 − 8.20 = 491.80.
      expect(by.ZNM6).toMatchObject({ result: 491.8, multiplier: 1000 });
    });

    it('imports the shared sample with the P&L its Realized P/L states', async () => {
      const user = await newUser(h.core());
      const { summary, trades } = await importText(h.core(), user, sample);
      expect(summary).toMatchObject({ created: 1 });
      // (155 − 150) × 100 = 500 − 2 × 1.00 = 498, the statement's Realized P/L.
      expect(trades[0]).toMatchObject({ instrument: 'AAPL', result: 498, account: 'U1234567', assetClass: 'stock' });
    });

    it('fails the whole import on one bad cell, naming line, column and value, and writes nothing', async () => {
      const bad = statement.replace('"2026-03-03, 14:30:05",50,195.50', '"2026-03-03, 14:30:05",50,19x.50');
      const { message, trades } = await importFailure(h.core(), bad);
      expect(trades).toBe(0);
      expect(message).toContain('line 18, column T. Price');
      expect(message).toContain('"19x.50"');
    });
  });
}

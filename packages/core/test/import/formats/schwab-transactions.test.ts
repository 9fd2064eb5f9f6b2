import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, importFailure, fixture, importText, readFormat, sharedSample } from './support.js';

const history = fixture('schwab-transactions.csv');
const sample = sharedSample('schwab-transactions.csv');

describe('Schwab transactions', () => {
  it('is detected among all formats, with or without the title line, and for the shared sample', async () => {
    expect(await detectedFormat(history)).toBe('schwab-transactions');
    expect(await detectedFormat(history.slice(history.indexOf('\n') + 1))).toBe('schwab-transactions');
    expect(await detectedFormat(sample)).toBe('schwab-transactions');
  });

  it('reads trade actions oldest first at noon, skipping other activity, with the account of the title line', async () => {
    const { fills, warnings } = await readFormat('schwab-transactions', history);
    expect(warnings).toEqual([]);
    expect(fills.map((f) => `${f.line} ${f.symbol} ${f.side} ${f.quantity}@${f.price} ${f.effect ?? '-'}`)).toEqual([
      '10 NVDA buy 1000@120 -',
      '9 TSLA sell 20@250 open',
      '8 AAPL buy 100@150 -',
      '7 AAPL sell 100@155 -',
      '6 TSLA buy 20@240 close',
      '5 SPY250321C00570000 buy 2@2.5 open',
      '3 SPY250321C00570000 sell 2@3.1 close',
    ]);
    expect(fills[0]).toMatchObject({
      account: 'XXXX-4321',
      assetClass: 'stock',
      time: { wall: { year: 2025, month: 3, day: 13, hour: 12, minute: 0, second: 0 } },
    });
    expect(fills[5]).toMatchObject({
      assetClass: 'option',
      underlying: 'SPY',
      expiry: '2025-03-21',
      strike: 570,
      right: 'call',
      commission: 1.32,
    });
  });

  it('closes the position held with Expired and Assigned rows, and reports one that closes nothing', async () => {
    const lines = history.split('\n');
    const events = [
      '"03/21/2025","Expired","SPY 03/21/2025 560.00 P","PUT SPDR S&P 500 ETF $560 EXP 03/21/25","1","","",""',
      '"03/21/2025","Assigned","AAPL 03/21/2025 140.00 P","PUT APPLE INC $140 EXP 03/21/25","1","","",""',
      '"03/19/2025","Sell to Open","SPY 03/21/2025 560.00 P","PUT SPDR S&P 500 ETF $560 EXP 03/21/25","1","$1.20","$0.66","$119.34"',
    ];
    const text = [...lines.slice(0, 2), ...events, ...lines.slice(2)].join('\n');
    const { fills, warnings } = await readFormat('schwab-transactions', text);
    const put = fills.filter((f) => f.symbol === 'SPY250321P00560000');
    expect(put.map((f) => [f.side, f.price, f.effect])).toEqual([
      ['sell', 1.2, 'open'],
      ['buy', 0, 'expired'],
    ]);
    expect(warnings).toEqual([
      { line: 4, message: 'the assignment of AAPL250321P00140000 closes no position opened in this file: left out' },
    ]);
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`Schwab transactions import on ${db.name}`, () => {
    const h = useCore(db);

    it('matches the hand-computed net P&L of each trade; same-day trades in time order', async () => {
      const user = await newUser(h.core());
      const { summary, trades } = await importText(h.core(), user, history);
      expect(summary).toMatchObject({ created: 4 });
      const by = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      // AAPL, bought then sold on 17 March (written sell first): (155 − 150) × 100 = 500.00 − 0.02 = 499.98, at noon EDT.
      expect(by.AAPL).toMatchObject({
        direction: 'long',
        result: 499.98,
        account: 'XXXX-4321',
        entryTime: '2025-03-17T16:00:00.000Z',
        exitTime: '2025-03-17T16:00:00.000Z',
      });
      // TSLA short: (250 − 240) × 20 = 200.00 − 0.03 = 199.97.
      expect(by.TSLA).toMatchObject({ direction: 'short', result: 199.97 });
      // SPY call: (3.10 − 2.50) × 2 × 100 = 120.00 − 2.64 = 117.36.
      expect(by.SPY250321C00570000).toMatchObject({
        result: 117.36,
        multiplier: 100,
        assetClass: 'option',
        right: 'call',
      });
      // NVDA: still open, on its "as of" date.
      expect(by.NVDA).toMatchObject({ status: 'open', positionSize: 1000, entryTime: '2025-03-13T16:00:00.000Z' });
    });

    it('imports the shared sample (oldest first) with its P&L', async () => {
      const user = await newUser(h.core());
      const { trades } = await importText(h.core(), user, sample);
      // (155 − 150) × 100 = 500, no fees.
      expect(trades).toMatchObject([{ instrument: 'AAPL', direction: 'long', result: 500, fees: 0 }]);
    });

    it('fails the whole import on one bad cell and writes nothing', async () => {
      const bad = history.replace('"03/17/2025","Sell","AAPL"', '"03/32/2025","Sell","AAPL"');
      const { message, trades } = await importFailure(h.core(), bad);
      expect(trades).toBe(0);
      expect(message).toContain('line 7, column Date: "03/32/2025" is not a date like 03/14/2025');
    });
  });
}

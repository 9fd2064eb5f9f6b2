import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, importFailure, fixture, importText, readFormat } from './support.js';

const statement = fixture('thinkorswim-statement.csv');
const lines = statement.split('\n');

/** The statement with its lines `a` and `b` (1-based) swapped. */
function swapLines(a: number, b: number): string {
  const copy = [...lines];
  [copy[a - 1], copy[b - 1]] = [copy[b - 1] as string, copy[a - 1] as string];
  return copy.join('\n');
}

describe('thinkorswim Account Statement', () => {
  it('is detected among all formats', async () => {
    expect(await detectedFormat(statement)).toBe('thinkorswim-statement');
  });

  it('reads Account Trade History newest first, spread legs taking their first leg’s time, options spelled out', async () => {
    const { fills } = await readFormat('thinkorswim-statement', statement);
    expect(fills.map((f) => `${f.line} ${f.symbol} ${f.side} ${f.quantity}@${f.price} ${f.effect}`)).toEqual([
      '32 AMD sell 50@100.2 close',
      '33 AMD buy 50@100 open',
      '34 TSLA260417P00250000 sell 2@4.5 close',
      '35 TSLA260417P00250000 buy 1@4 open',
      '36 TSLA260417P00250000 buy 1@4 open',
      '37 SPY260417C00570000 sell 2@6 close',
      '38 SPY260417C00575000 buy 2@3.4 close',
      '39 /ESM26 sell 1@5662.25 close',
      '40 /ESM26 buy 1@5650 open',
      '41 SPY260417C00570000 buy 2@5.1 open',
      '42 SPY260417C00575000 sell 2@3 open',
      '43 AAPL sell 100@152.5 close',
      '44 AAPL buy 100@150 open',
    ]);
    expect(fills.every((f) => f.account === '87654321')).toBe(true);
    // One order reference per execution: a spread's legs share their first row's; two orders of one second do not.
    expect(fills.map((f) => f.orderId)).toEqual([
      '3/26/26 15:00:00 L32',
      '3/26/26 15:00:00 L33',
      '3/26/26 13:00:00 L34',
      '3/26/26 11:00:01 L35',
      '3/26/26 11:00:00 L36',
      '3/25/26 14:00:10 L37',
      '3/25/26 14:00:10 L37',
      '3/25/26 09:50:20 L39',
      '3/25/26 09:35:00 L40',
      '3/24/26 10:00:05 L41',
      '3/24/26 10:00:05 L41',
      '3/23/26 10:15:30 L43',
      '3/23/26 09:30:01 L44',
    ]);
    expect(fills[6]).toMatchObject({ time: { wall: { year: 2026, month: 3, day: 25, hour: 14, minute: 0, second: 10 } } });
    expect(fills[9]).toMatchObject({ assetClass: 'option', underlying: 'SPY', expiry: '2026-04-17', strike: 570, right: 'call' });
    expect(fills[7]).toMatchObject({ assetClass: 'future' });
    expect(fills[11]).toMatchObject({ assetClass: 'stock' });
  });

  it('attaches Cash Balance fees to their executions, shared among spread legs by quantity; warns about fees that fit none', async () => {
    const { fills, warnings } = await readFormat('thinkorswim-statement', statement);
    const fees = Object.fromEntries(fills.map((f) => [f.line, [f.commission ?? 0, f.fees ?? 0]]));
    expect(fees).toEqual({
      32: [0, 0.02],
      33: [0, 0],
      34: [1.3, 0.04],
      35: [0.65, 0.02],
      36: [0.65, 0.01],
      37: [1.3, 0.05],
      38: [1.3, 0.05],
      39: [2.25, 1.5],
      40: [2.25, 1.5],
      41: [1.3, 0.04],
      42: [1.3, 0.04],
      43: [0, 0.04],
      44: [0, 0],
    });
    expect(warnings).toEqual([
      { line: 19, message: 'the fees of "BOT +5 NFLX @99.00" fit no execution of Account Trade History: not counted' },
    ]);
  });

  it('gives identical executions the identical-looking fee rows in time order, whatever order the rows are written in', async () => {
    // Fills at 11:00:00 (line 36) and 11:00:01 (line 35); fee rows at 11:00:01 ($0.01) and 11:00:02 ($0.02).
    // The nearest-in-time pairing would cross them; the rule pairs the k-th fee row with the k-th execution.
    for (const text of [statement, swapLines(14, 15)]) {
      const { fills } = await readFormat('thinkorswim-statement', text);
      expect(fills.find((f) => f.line === 36)?.fees).toBe(0.01);
      expect(fills.find((f) => f.line === 35)?.fees).toBe(0.02);
    }
  });

  it('reads an expiration (Pos Effect EXPIRED, no price) and options on futures with the future’s point value', async () => {
    const extra = [
      ',3/27/26 16:00:00,SINGLE,SELL,-1,EXPIRED,TSLA,27 MAR 26,200,PUT,,,',
      ',3/27/26 10:00:00,SINGLE,BUY,+1,TO OPEN,/ESM26,27 MAR 26,5600,CALL,12.50,12.50,LMT',
    ];
    const text = [...lines.slice(0, 31), ...extra, ...lines.slice(31)].join('\n');
    const { fills } = await readFormat('thinkorswim-statement', text);
    expect(fills[0]).toMatchObject({ symbol: 'TSLA260327P00200000', effect: 'expired', price: 0, side: 'sell' });
    expect(fills[1]).toMatchObject({ underlying: '/ESM26', multiplier: 50, strike: 5600, right: 'call' });
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`thinkorswim Account Statement import on ${db.name}`, () => {
    const h = useCore(db);

    it('matches the hand-computed net P&L of each trade (and the statement’s total) to the cent', async () => {
      const user = await newUser(h.core());
      const { summary, report, trades } = await importText(h.core(), user, statement);
      expect(summary).toMatchObject({ created: 5, skipped: 0 });
      expect(report.fills).toBe(13);
      const by = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      // AAPL: (152.50 − 150.00) × 100 = 250.00 − 0.04 = 249.96; EDT (UTC−4).
      expect(by.AAPL).toMatchObject({
        result: 249.96,
        account: '87654321',
        assetClass: 'stock',
        entryTime: '2026-03-23T13:30:01.000Z',
        exitTime: '2026-03-23T14:15:30.000Z',
      });
      // The SPY vertical (spread rows, one instant) is one position of two legs, opened for a debit:
      // 2 × (5.10 − 3.00) = 2.10 per spread, closed for a credit of 6.00 − 3.40 = 2.60;
      // (2.60 − 2.10) × 2 × 100 = 100.00 − fees (1.34 + 1.34 + 1.35 + 1.35) 5.38 = 94.62
      // (the legs apart: long 177.31 + short −82.69).
      expect(by.SPY).toMatchObject({
        strategy: 'vertical',
        direction: 'long',
        entryPrice: 2.1,
        exitPrice: 2.6,
        positionSize: 2,
        multiplier: 100,
        fees: 5.38,
        result: 94.62,
        underlying: 'SPY',
        assetClass: 'option',
        expiry: '2026-04-17',
      });
      // The legs are its executions, in the order read (the statement is newest first, read oldest first).
      const legs = await h.core().trades.get(user, by.SPY?.id as string);
      expect(legs.executions?.map((e) => `${e.instrument} ${e.side} ${e.quantity}@${e.price}`)).toEqual([
        'SPY260417C00575000 sell 2@3',
        'SPY260417C00570000 buy 2@5.1',
        'SPY260417C00575000 buy 2@3.4',
        'SPY260417C00570000 sell 2@6',
      ]);
      // ES: (5662.25 − 5650.00) × 50 = 612.50 − 2 × (2.25 + 1.50) = 605.00.
      expect(by['/ESM26']).toMatchObject({ result: 605, multiplier: 50, assetClass: 'future', underlying: 'ES' });
      // TSLA put: (4.50 − 4.00) × 2 × 100 = 100.00 − (0.66 + 0.67 + 1.34) = 97.33.
      expect(by.TSLA260417P00250000).toMatchObject({ result: 97.33, positionSize: 2, right: 'put' });
      // AMD, bought and sold in the same second (written sell first): long, 0.20 × 50 = 10.00 − 0.02 = 9.98.
      expect(by.AMD).toMatchObject({ direction: 'long', result: 9.98 });
      // The statement's P/L YTD, $1,056.89, is the sum.
      const total = trades.reduce((sum, t) => sum + Math.round((t.result ?? 0) * 100), 0) / 100;
      expect(total).toBe(1056.89);
    });

    it('fails the whole import on one bad cell and writes nothing', async () => {
      const bad = statement.replace(',3/23/26 09:30:01,STOCK,BUY,+100,', ',3/23/26 09:30:01,STOCK,BUY,+1OO,');
      const { message, trades } = await importFailure(h.core(), bad);
      expect(trades).toBe(0);
      expect(message).toContain('line 44, column Qty: "+1OO" is not an amount');
    });
  });
}

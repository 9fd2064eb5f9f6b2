import { describe, expect, it } from 'vitest';
import { dasCosts } from '../../../src/import/formats/builtin/das-executions.js';
import { readFileHead } from '../../../src/import/index.js';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import {
  detectedFormat,
  fillsOf,
  fixture,
  importFailure,
  importText,
  readRecords,
  registry,
  sharedSample,
  totalResult,
} from './support.js';

const text = fixture('das-executions.csv');
const sample = sharedSample('das-tradenote-template.csv');
const HEADER = text.slice(0, text.indexOf('\n') + 1);

describe('DAS Trader / TradeZero executions', () => {
  it('is detected, ours and the shared TradeNote template', async () => {
    expect(await detectedFormat(text)).toBe('das-executions');
    expect(await detectedFormat(sample)).toBe('das-executions');
  });

  it('leaves a look-alike without its fee columns (TradeStation shares T/D, S/D and the proceeds) to others', async () => {
    const ts = sharedSample('tradestation-trades.csv');
    expect(registry.get('das-executions').detect(await readFileHead([ts]))).toBe(0);
  });

  it('nets a rebate against the fill’s fees, then its commission, and carries what is left as financing', () => {
    // SEC 0.41 + TAF 0.02 − ECN Add 0.25 = 0.18 of fees.
    expect(dasCosts(0.5, [0.41, 0.02, 0, 0, 0, -0.25])).toEqual({ commission: 0.5, fees: 0.18, financing: 0 });
    // 0.35 + 0.01 − 0.60 = −0.24: the commission 1.00 absorbs it.
    expect(dasCosts(1, [0.35, 0.01, 0, 0, 0, -0.6])).toEqual({ commission: 0.76, fees: 0, financing: 0 });
    // No commission: a credit of 0.24 is left.
    expect(dasCosts(0, [0.35, 0.01, 0, 0, 0, -0.6])).toEqual({ commission: 0, fees: 0, financing: 0.24 });
  });

  it('reads Side B/S/SS/BC, joins T/D and Exec Time, and warns when Net Proceeds disagree with the costs', async () => {
    const records = await readRecords('das-executions', text);
    expect(fillsOf(records).map((f) => [f.symbol, f.side, f.commission, f.fees])).toEqual([
      ['TSLA', 'sell', 0.76, 0],
      ['AAPL', 'sell', 0.5, 0.18],
      ['TSLA', 'buy', 1, 0.15],
      ['AAPL', 'buy', 0.5, 0.3],
    ]);
    expect(fillsOf(records)[0]).toMatchObject({
      account: 'TRZ0001',
      currency: 'USD',
      assetClass: 'stock',
      time: { wall: { year: 2026, month: 3, day: 12, hour: 10, minute: 5, second: 0 } },
    });
    expect(records.filter((r) => r.kind === 'warning')).toEqual([]);
    const credit = `${HEADER}TRZ0001,03/12/2026,03/13/2026,USD,stock,SS,TSLA,50,250.00,10:05:00,0,0.35,0.01,0,0,0,-0.60,12500,12500.34,VELOX,A,\n`;
    const read = await readRecords('das-executions', credit);
    expect(fillsOf(read)[0]).toMatchObject({ commission: 0, fees: 0, financing: 0.24 });
    // 12500 − 0 − (0.35 + 0.01 − 0.60) = 12500.24, not 12500.34.
    expect(read.filter((r) => r.kind === 'warning')).toEqual([
      { kind: 'warning', line: 2, message: 'Net Proceeds 12500.34 differ from Gross Proceeds − Comm − fees = 12500.24' },
    ]);
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`DAS executions import on ${db.name}`, () => {
    const h = useCore(db);

    it('sorts the rows and makes each trade’s net P&L the sum of its Net Proceeds', async () => {
      const user = await newUser(h.core());
      const { summary, trades } = await importText(h.core(), user, text);
      expect(summary).toMatchObject({ created: 2, skipped: 0 });
      // AAPL: −18,000.80 + 18,124.32 = 123.52 (125.00 gross − 0.80 − 0.68). 09:31 EDT = 13:31Z.
      expect(trades[0]).toMatchObject({
        instrument: 'AAPL',
        direction: 'long',
        positionSize: 100,
        multiplier: 1,
        fees: 1.48,
        result: 123.52,
        account: 'TRZ0001',
        assetClass: 'stock',
        currency: 'USD',
        entryTime: '2026-03-12T13:31:00.000Z',
        exitTime: '2026-03-12T13:45:10.000Z',
      });
      // TSLA short: 12,499.24 − 12,406.15 = 93.09 (95.00 gross − 0.76 − 1.15; the ECN Add rebate nets into the commission).
      expect(trades[1]).toMatchObject({ instrument: 'TSLA', direction: 'short', fees: 1.91, result: 93.09 });
    });

    it('imports the shared TradeNote template: each round trip nets its Net Proceeds, 33.76 in all', async () => {
      // RBLX 2493.93 − 1241.25 − 1247.25 = 5.43 · 5049.86 − 5072 = −22.14 · 5073.86 − 2526.5 − 2537 = 10.36
      // SQ (the 10:09 round trip is listed last) −4103.5 + 4090.89 = −12.61 · 9092.77 − 4533.5 − 2257.75 − 1170 − 1078.8 = 52.72
      const user = await newUser(h.core());
      const { summary, report, trades } = await importText(h.core(), user, sample);
      expect(summary).toMatchObject({ created: 5 });
      expect(report.warnings).toEqual([]);
      expect(trades.map((t) => [t.instrument, t.direction, t.result])).toEqual([
        ['RBLX', 'short', 5.43],
        ['RBLX', 'short', -22.14],
        ['RBLX', 'short', 10.36],
        ['SQ', 'long', -12.61],
        ['SQ', 'short', 52.72],
      ]);
      expect(totalResult(trades)).toBe(33.76);
      expect(trades[3]).toMatchObject({
        account: 'XY000001',
        entryTime: '2022-08-08T14:09:21.000Z',
        exitTime: '2022-08-08T14:09:51.000Z',
      });
    });

    it('fails the whole import on one bad quantity, naming line, column and value, and writes nothing', async () => {
      const bad = text.replace(',BC,TSLA,50,', ',BC,TSLA,-50,');
      expect(await importFailure(h.core(), bad)).toEqual({
        message: 'line 4, column Qty: "-50" is not a quantity greater than 0',
        trades: 0,
      });
    });
  });
}

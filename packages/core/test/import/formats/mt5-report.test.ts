import { describe, expect, it } from 'vitest';
import { mt5Report } from '../../../src/import/formats/builtin/mt5-report.js';
import { type BrokerFill, readCsvRecords } from '../../../src/import/index.js';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { collect, failure } from '../support.js';
import { detectedFormat, importFailure, importWithCore, fixture, importText, readFormat } from './support.js';

const report = fixture('mt5-report.csv');

/** The report with one more deal row before the totals row. */
function withDeal(row: string): string {
  return report.replace('\n,,,,,,,,- 37.34', `\n${row}\n,,,,,,,,- 37.34`);
}

describe('MetaTrader 5 Trade History Report', () => {
  it('is detected among all formats', async () => {
    expect(await detectedFormat(report)).toBe('mt5-report');
  });

  it('reads buy/sell deals, lots in units, with the account and its currency from the Account line', async () => {
    const { fills, warnings } = await readFormat('mt5-report', report);
    expect(warnings).toEqual([]);
    expect(fills.map((f) => `${f.line} ${f.symbol} ${f.side} ${f.quantity}@${f.price} ${f.effect ?? 'in/out'}`)).toEqual([
      '16 EURUSD buy 10000@1.16012 open',
      '17 EURUSD sell 10000@1.16112 close',
      '18 GBPUSD sell 500000@1.275 open',
      '19 GBPUSD buy 200000@1.273 close',
      '20 GBPUSD buy 300000@1.2715 close',
      '21 EURUSD buy 10000@1.165 open',
      '22 EURUSD sell 20000@1.166 in/out',
      '23 EURUSD buy 10000@1.1655 close',
      '25 XAUUSD buy 2@2650.5 open',
      '26 XAUUSD sell 2@2660.25 close',
    ]);
    expect(fills[0]).toMatchObject({
      account: '52603751',
      currency: 'USD',
      assetClass: 'forex',
      multiplier: 1,
      execId: '71000002',
      orderId: '61000002',
      commission: 0.35,
      fees: 0,
      time: { wall: { year: 2025, month: 11, day: 14, hour: 3, minute: 42, second: 8 } },
    });
    expect(fills[0]?.brokerPnl).toBeUndefined();
    expect(fills[4]).toMatchObject({ commission: 10.5, brokerPnl: { amount: 1050, basis: 'gross' } });
    expect(fills[9]).toMatchObject({ financing: -0.45, brokerPnl: { amount: 19.5, basis: 'gross' } });
  });

  it('prices a pair in its quote currency and takes lot sizes the user gives', async () => {
    const jpy = await readFormat(
      'mt5-report',
      withDeal('2025.11.17 03:00:00,71000013,USDJPY,buy,in,0.1,150.25,61000013,- 0.35,0.00,0.00,0.00,11 506.36,'),
    );
    expect(jpy.fills.at(-1)).toMatchObject({ symbol: 'USDJPY', currency: 'JPY', quantity: 10000 });
    const index = withDeal('2025.11.17 03:00:00,71000013,US30.cash,buy,in,0.5,44000,61000013,- 1.00,0.00,0.00,0.00,11 505.71,');
    expect(await failure(readFormat('mt5-report', index))).toContain(
      'line 27, column Symbol: no lot size is known for "US30.cash": give its units per lot',
    );
    const read = mt5Report.read(
      { kind: 'csv', records: readCsvRecords([index]) },
      { delimiter: ',', lotSizes: { 'US30.cash': 1, EURUSD: 1000 } },
    );
    const fills = (await collect(read)).flat().filter((r): r is BrokerFill => r.kind === 'fill');
    expect(fills.at(-1)).toMatchObject({ symbol: 'US30.cash', quantity: 0.5, currency: 'USD' });
    expect(fills.at(-1)?.assetClass).toBeUndefined();
    expect(fills[0]).toMatchObject({ symbol: 'EURUSD', quantity: 100 });
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`MetaTrader 5 report import on ${db.name}`, () => {
    const h = useCore(db);

    it('matches the hand-computed net P&L of each trade to the cent, reversals split', async () => {
      const user = await newUser(h.core());
      const { summary, trades } = await importText(h.core(), user, report, 'Europe/Athens');
      expect(summary).toMatchObject({ created: 5 });
      const byEntry = [...trades].sort((a, b) => a.entryTime.localeCompare(b.entryTime));
      expect(byEntry.map((t) => [t.instrument, t.direction, t.positionSize, t.result, t.fees])).toEqual([
        // 0.00100 × 10,000 = 10.00 − 0.70 = 9.30.
        ['EURUSD', 'long', 10000, 9.3, 0.7],
        // 0.0020 × 200,000 + 0.0035 × 300,000 = 1,450.00 − 35.00 = 1,415.00.
        ['GBPUSD', 'short', 500000, 1415, 35],
        // Long 0.1 lot closed by the in/out deal: 0.001 × 10,000 = 10.00 − (0.35 + half of 0.70) = 9.30.
        ['EURUSD', 'long', 10000, 9.3, 0.7],
        // Short 0.1 lot opened by the in/out deal: 0.0005 × 10,000 = 5.00 − (0.35 + 0.35) = 4.30.
        ['EURUSD', 'short', 10000, 4.3, 0.7],
        // Gold, 0.02 lot = 2 oz: 9.75 × 2 = 19.50 − 0.24 commission − 0.45 swap = 18.81.
        ['XAUUSD', 'long', 2, 18.81, 0.69],
      ]);
      // Server time read in Europe/Athens (EET, UTC+2): 03:42:08 → 01:42:08Z.
      expect(byEntry[0]).toMatchObject({
        account: '52603751',
        assetClass: 'forex',
        currency: 'USD',
        multiplier: 1,
        entryTime: '2025-11-14T01:42:08.000Z',
      });
    });

    it('passes lot sizes from the import options to the format', async () => {
      const user = await newUser(h.core());
      await importWithCore(h.core(), user, report, 'UTC', { lotSizes: { XAUUSD: 10 } });
      const { trades } = await h.core().trades.list(user, { limit: 100 });
      // 0.02 lot × 10 oz = 0.2 oz: 9.75 × 0.2 = 1.95 − 0.24 − 0.45 swap = 1.26.
      expect(trades.find((t) => t.instrument === 'XAUUSD')).toMatchObject({ positionSize: 0.2, result: 1.26 });
    });

    it('fails the whole import on one bad cell and writes nothing', async () => {
      const bad = report.replace('GBPUSD,buy,out,2,1.273,', 'GBPUSD,buy,out,2,1.27e,');
      const { message, trades } = await importFailure(h.core(), bad);
      expect(trades).toBe(0);
      expect(message).toContain('line 19, column Price: "1.27e" is not an amount');
    });
  });
}

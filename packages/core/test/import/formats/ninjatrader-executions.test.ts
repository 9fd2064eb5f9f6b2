import { describe, expect, it } from 'vitest';
import { ninjaInstrument } from '../../../src/import/formats/parts/ninjatrader-values.js';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, fillsOf, fixture, importFailure, importText, readRecords } from './support.js';

const us = fixture('ninjatrader-executions-us.csv');
const eu = fixture('ninjatrader-executions-eu.csv');

describe('NinjaTrader 8 Executions', () => {
  it('is detected in both locales', async () => {
    expect(await detectedFormat(us)).toBe('ninjatrader-executions');
    expect(await detectedFormat(eu)).toBe('ninjatrader-executions');
  });

  it('tells futures, forex and stocks apart by the instrument name', () => {
    expect(ninjaInstrument('MNQ 03-26')).toEqual({ assetClass: 'future' });
    expect(ninjaInstrument('ES DEC25')).toEqual({ assetClass: 'future' });
    // A catalogue root with a month we cannot read is still a future (the import then fails on it).
    expect(ninjaInstrument('MNQ ##-##')).toEqual({ assetClass: 'future' });
    expect(ninjaInstrument('EURUSD')).toEqual({ assetClass: 'forex', multiplier: 1, currency: 'USD' });
    // Colgate-Palmolive, not crude oil.
    expect(ninjaInstrument('CL')).toEqual({});
  });

  it('reads the same executions from the US and the European export', async () => {
    const fromUs = fillsOf(await readRecords('ninjatrader-executions', us));
    const fromEu = fillsOf(await readRecords('ninjatrader-executions', eu));
    expect(fromEu).toEqual(fromUs.map((f) => ({ ...f })));
    expect(fromUs[3]).toMatchObject({
      symbol: 'MNQ MAR25',
      side: 'sell',
      quantity: 1,
      price: 21480,
      commission: 0.52,
      execId: 'c41d9e000005',
      orderId: 'o-1005',
      effect: 'open',
      account: 'Sim101',
      assetClass: 'future',
      time: { wall: { year: 2025, month: 1, day: 28, hour: 12, minute: 30, second: 15 } },
    });
    // `Buy to cover` and a commission written `-0,52 $` in the European file.
    expect(fromEu[2]).toMatchObject({ side: 'buy', commission: 0.52, effect: 'close' });
  });

  it('reads dates that fit both orders by the locale option, and warns when it has to guess', async () => {
    const warningsOf = (records: Awaited<ReturnType<typeof readRecords>>) =>
      records.filter((r) => r.kind === 'warning').map((r) => r.message);
    const firstTime = (records: Awaited<ReturnType<typeof readRecords>>) => fillsOf(records)[0]?.time;
    const feb3 = { wall: { year: 2026, month: 2, day: 3, hour: 9, minute: 45, second: 0, millisecond: 0 } };
    const mar2 = { wall: { year: 2026, month: 3, day: 2, hour: 9, minute: 45, second: 0, millisecond: 0 } };
    // Every day ≤ 12: `03.02.2026` could be 3 February or 2 March.
    const euAmbiguous = eu.replaceAll('28.01.2025', '02.01.2025').replaceAll('02.02.2026', '03.02.2026');
    const guessed = await readRecords('ninjatrader-executions', euAmbiguous);
    expect(warningsOf(guessed)).toEqual([
      'every date fits both day/month and month/day (e.g. "03.02.2026 09:45:00"): read as day/month; pass the locale (us or eu) to choose',
    ]);
    expect(firstTime(guessed)).toEqual(feb3);
    const told = await readRecords('ninjatrader-executions', euAmbiguous, 'us');
    expect(warningsOf(told)).toEqual([]);
    expect(firstTime(told)).toEqual(mar2);
    // US style (`/` with AM/PM) is guessed month-first.
    const usAmbiguous = us.replaceAll('1/28/2025', '1/2/2025').replaceAll('2/2/2026', '3/2/2026');
    const usGuessed = await readRecords('ninjatrader-executions', usAmbiguous);
    expect(warningsOf(usGuessed)).toEqual([expect.stringContaining('read as month/day (US)')]);
    expect(firstTime(usGuessed)).toEqual(mar2);
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`NinjaTrader 8 Executions import on ${db.name}`, () => {
    const h = useCore(db);

    for (const [locale, text] of [
      ['US', us],
      ['European', eu],
    ] as const) {
      it(`sorts the account-grouped rows and matches the hand-computed net P&L (${locale} locale)`, async () => {
        const user = await newUser(h.core());
        const { summary, report, trades } = await importText(h.core(), user, text);
        expect(summary).toMatchObject({ created: 3, skipped: 0 });
        expect(report).toMatchObject({ fills: 7, warnings: [] });
        // MNQ (2/pt): long 2 @ 21500.25, out 1 @ 21510.75 (+21.00) and 1 @ 21495.00 (−10.50): 10.50 − 2.08 fees = 8.42.
        // 10:59:52 EST = 15:59:52Z.
        expect(trades[0]).toMatchObject({
          instrument: 'MNQ MAR25',
          direction: 'long',
          positionSize: 2,
          entryPrice: 21500.25,
          exitPrice: 21502.875,
          multiplier: 2,
          fees: 2.08,
          result: 8.42,
          account: 'Sim101',
          assetClass: 'future',
          underlying: 'MNQ',
          entryTime: '2025-01-28T15:59:52.000Z',
          exitTime: '2025-01-28T16:10:30.000Z',
        });
        // MNQ: sell short 1 @ 21480.00 at 12:30:15 PM, buy to cover @ 21470.50: 9.50 × 2 = 19.00 − 1.04 = 17.96.
        expect(trades[1]).toMatchObject({
          direction: 'short',
          result: 17.96,
          entryTime: '2025-01-28T17:30:15.000Z',
          exitTime: '2025-01-28T18:20:00.000Z',
        });
        // MES (5/pt) on another account: 6050.25 → 6055.75 = 27.50 − 1.24 = 26.26.
        expect(trades[2]).toMatchObject({
          instrument: 'MES 03-26',
          account: 'APEX-001',
          multiplier: 5,
          fees: 1.24,
          result: 26.26,
        });
      });
    }

    it('fails the whole import on one bad time, naming line, column and value, and writes nothing', async () => {
      const bad = us.replace('1/28/2025 11:05:03 AM', '1/32/2025 11:05:03 AM');
      expect(await importFailure(h.core(), bad)).toEqual({
        message: 'line 7, column Time: "1/32/2025 11:05:03 AM" is not a valid date-time (read as month/day)',
        trades: 0,
      });
    });
  });
}

import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, importFailure, fixture, importText, readRecords, sharedSample, tradesOf } from './support.js';

const text = fixture('lightspeed-blotter.csv');
const sample = sharedSample('lightspeed-blotter.csv');

describe('Lightspeed blotter', () => {
  it('is detected from its header, the 46-column export and the short layout', async () => {
    expect(await detectedFormat(text)).toBe('lightspeed-blotter');
    expect(await detectedFormat(sample)).toBe('lightspeed-blotter');
  });

  it('reads blank-padded quoted cells, negative sell quantities, Raw Exec. Time and every fee column', async () => {
    const records = await readRecords('lightspeed-blotter', text);
    expect(records[0]).toEqual({ kind: 'warning', line: 6, message: 'a row of Transtype "Cancel" is not read' });
    expect(records[3]).toEqual({
      kind: 'fill',
      line: 4,
      time: { wall: { year: 2026, month: 6, day: 9, hour: 10, minute: 31, second: 44, millisecond: 0 } },
      account: 'TST1001',
      symbol: 'XYZ',
      side: 'sell',
      quantity: 200,
      price: 12.5125,
      commission: 0.7,
      // FeeSEC .06 + Fee2 .30 + FeeTAF .03
      fees: 0.39,
      execId: '06/09/2026/AbC03',
      currency: 'USD',
      assetClass: 'stock',
    });
    expect(records.map((r) => r.kind === 'fill' && r.side)).toEqual([false, 'buy', 'sell', 'sell', 'buy']);
  });

  it('warns when NET Amount is not Principal Amount and the listed costs', async () => {
    const odd = text.replace('"-2501.4100"', '"-2500.4100"');
    expect((await readRecords('lightspeed-blotter', odd)).filter((r) => r.kind === 'warning')).toContainEqual({
      kind: 'warning',
      line: 4,
      message: 'NET Amount -2500.4100 differs from Principal Amount -2502.5000 by other than the commission and fees (1.09)',
    });
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`Lightspeed blotter import on ${db.name}`, () => {
    const h = useCore(db);

    it('matches the net P&L its NET Amounts imply, long and short', async () => {
      const { summary, report, trades } = await importText(h.core(), await newUser(h.core()), text, 'America/New_York');
      expect(summary).toMatchObject({ created: 2 });
      expect(report.warnings).toHaveLength(1);
      // XYZ: 200 × (12.5125 − 12.3450) = 33.50 − (0.70 + 0.30) − (0.70 + 0.39) = 31.41 = 2501.41 − 2470.00 (NET Amounts).
      expect(tradesOf(trades, 'XYZ', 'TST1001')[0]).toMatchObject({
        direction: 'long',
        fees: 2.09,
        result: 31.41,
        entryTime: '2026-06-09T13:42:17.000Z',
        exitTime: '2026-06-09T14:31:44.000Z',
      });
      // QRS: short 50 @ 20.10, covered @ 19.90: 10.00 − 0.39 − 0.35 = 9.26 = 1004.61 − 995.35 (NET Amounts).
      expect(tradesOf(trades, 'QRS')[0]).toMatchObject({ direction: 'short', fees: 0.74, result: 9.26 });
    });

    it('imports the shared sample: 500.00 − 2 × (1.00 + 0.01) = 497.98', async () => {
      // Its NET Amounts subtract the costs from the principal on both sides (14998.99, −15501.01), so
      // they do not give the P&L; the commission and FeeSEC columns do.
      const { report, trades } = await importText(h.core(), await newUser(h.core()), sample, 'America/New_York');
      expect(report.warnings).toEqual([]);
      expect(trades).toEqual([expect.objectContaining({ fees: 2.02, result: 497.98, entryTime: '2025-07-04T13:30:00.000Z' })]);
    });

    it('fails the whole import on a bad quantity, naming line, column and value, and writes nothing', async () => {
      const { message, trades } = await importFailure(h.core(), text.replace('"-50"', '"-5O"'));
      expect(message).toContain('line 3, column Qty: "-5O" is not an amount');
      expect(trades).toBe(0);
    });

    it('refuses a Trade Number written twice', async () => {
      const { message, trades } = await importFailure(h.core(), text.replace(/AbC04/g, 'AbC02'));
      expect(message).toContain('line 5, column Trade Number: "AbC02" is also on line 3');
      expect(trades).toBe(0);
    });
  });
}

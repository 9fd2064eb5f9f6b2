import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, fillsOf, fixture, importFailure, importText, readRecords, totalResult } from './support.js';

const text = fixture('tradovate-performance.csv');

describe('Tradovate Performance', () => {
  it('is detected from its header', async () => {
    expect(await detectedFormat(text)).toBe('tradovate-performance');
  });

  it('yields each pair as entry and exit fills, with the gross pnl on the exit and ids that stay unique', async () => {
    const fills = fillsOf(await readRecords('tradovate-performance', text));
    expect(fills).toHaveLength(14);
    // Buy fill 7001 is split across two pairs: its parts are told apart by the sell fill id.
    const nq = fills.filter((f) => f.symbol === 'NQZ6');
    expect(nq.map((f) => [f.execId, f.side, f.effect, f.brokerPnl?.amount])).toEqual([
      ['7001/7002', 'buy', 'open', undefined],
      ['7001/7003', 'buy', 'open', undefined],
      ['7002', 'sell', 'close', 200],
      ['7003', 'sell', 'close', -100],
      ['7010', 'sell', 'open', undefined],
      ['7011', 'buy', 'close', 1200],
    ]);
    expect(nq[5]?.brokerPnl).toEqual({ amount: 1200, basis: 'gross' });
    // Same-second pairs: the older (smaller) fill id opened the position.
    const mnq = fills.filter((f) => f.symbol === 'MNQZ6');
    expect(mnq.map((f) => `${f.side} ${f.execId}`)).toEqual(['buy 7020', 'sell 7021', 'sell 7031', 'buy 7032']);
    expect(fills.every((f) => f.assetClass === 'future' && f.account === undefined)).toBe(true);
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`Tradovate Performance import on ${db.name}`, () => {
    const h = useCore(db);

    it('regroups overlapping pairs into flat-to-flat trades with the hand-computed gross P&L', async () => {
      const user = await newUser(h.core());
      const { summary, report, trades } = await importText(h.core(), user, text);
      expect(summary).toMatchObject({ created: 5, skipped: 0 });
      expect(report.warnings).toEqual([{ line: 1, message: expect.stringContaining('no commissions') }]);
      expect(trades.map((t) => [t.instrument, t.direction, t.positionSize, t.result])).toEqual([
        // NQ (20/pt): long 2 @ 21000, out @ 21010 (+200) and @ 20995 (−100): 100.00.
        ['NQZ6', 'long', 2, 100],
        // NQ: short 3 @ 21050.25, covered @ 21030.25: 20 × 3 × 20 = 1,200.00.
        ['NQZ6', 'short', 3, 1200],
        // MNQ (2/pt), both legs in one second: long 21100 → 21099 = −2.00; short 21101 → 21100.50 = +1.00.
        ['MNQZ6', 'long', 1, -2],
        ['MNQZ6', 'short', 1, 1],
        // ES (50/pt): two FIFO pairs that overlap are one trade: (5004 − 5000 + 5006 − 5002) × 50 = 400.00.
        ['ESZ6', 'long', 2, 400],
      ]);
      expect(trades[0]).toMatchObject({
        entryPrice: 21000,
        exitPrice: 21002.5,
        multiplier: 20,
        fees: 0,
        entryTime: '2026-09-15T13:30:00.000Z',
        exitTime: '2026-09-15T13:41:18.000Z',
      });
      expect(trades[4]).toMatchObject({ entryPrice: 5001, exitPrice: 5005, multiplier: 50 });
      expect(totalResult(trades)).toBe(1699);
      const again = await importText(h.core(), user, text);
      // Every execution of the file is already imported: nothing is created or changed.
      expect(again.summary).toEqual({ created: 0, closed: 0, skipped: again.report.fills });
      expect(again.report.fills).toBeGreaterThan(0);
    });

    it('fails the whole import on one bad timestamp, naming line, column and value, and writes nothing', async () => {
      const bad = text.replace('21050.25,"$1,200.00",09/15/2026 10:20:00', '21050.25,"$1,200.00",15.09.2026 10:20:00');
      expect(await importFailure(h.core(), bad)).toEqual({
        message: 'line 4, column boughtTimestamp: "15.09.2026 10:20:00" is not a date-time in the form M/d/yyyy H:mm:ss',
        trades: 0,
      });
    });
  });
}

import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, importFailure, fixture, importText, readRecords, sharedSample, tradesOf } from './support.js';

const text = fixture('webull-options-orders.csv');
const sample = sharedSample('webull-options-orders.csv');

describe('Webull options orders', () => {
  it('is detected from its header', async () => {
    expect(await detectedFormat(text)).toBe('webull-options');
    expect(await detectedFormat(sample)).toBe('webull-options');
  });

  it('reads OCC symbols as options ×100 with commission, fee and position effect; skips unfilled orders', async () => {
    const fills = await readRecords('webull-options', text);
    expect(fills.map((f) => f.line)).toEqual([7, 6, 5, 3, 2]);
    expect(fills[1]).toEqual({
      kind: 'fill',
      line: 6,
      time: { utc: Date.parse('2025-03-14T13:50:10Z') },
      symbol: 'QQQ250321P00480000',
      side: 'sell',
      quantity: 3,
      price: 2.1,
      commission: 1.95,
      fees: 0.06,
      effect: 'open',
      assetClass: 'option',
      multiplier: 100,
      underlying: 'QQQ',
      expiry: '2025-03-21',
      strike: 480,
      right: 'put',
    });
  });

  it('warns when Traded Value does not fit a contract size of 100', async () => {
    const odd = text.replace('$1.25,2,$250.00', '$1.25,2,$25.00');
    const [warning] = await readRecords('webull-options', odd);
    expect(warning).toEqual({
      kind: 'warning',
      line: 7,
      message: 'Traded Value $25.00 is not 2 × 1.25 × 100: check the contract size',
    });
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`Webull options import on ${db.name}`, () => {
    const h = useCore(db);

    it('matches the hand-computed net P&L of each trade to the cent', async () => {
      const { summary, trades } = await importText(h.core(), await newUser(h.core()), text, 'America/New_York');
      expect(summary).toMatchObject({ created: 2 });
      // SPY call: 2 @ 1.25, out 1 @ 1.80 and 1 @ 0.95: (0.55 − 0.30) × 100 = 25.00 − fees 0.04 + 0.03 + 0.03 = 24.90.
      expect(tradesOf(trades, 'SPY250321C00570000')[0]).toMatchObject({
        direction: 'long',
        exitPrice: 1.375,
        fees: 0.1,
        result: 24.9,
        multiplier: 100,
        assetClass: 'option',
        entryTime: '2025-03-14T13:31:05.000Z',
      });
      // QQQ put: short 3 @ 2.10, bought back @ 1.60: 0.50 × 3 × 100 = 150.00 − (1.95 + 0.06) × 2 = 145.98.
      expect(tradesOf(trades, 'QQQ250321P00480000')[0]).toMatchObject({
        direction: 'short',
        fees: 4.02,
        result: 145.98,
        right: 'put',
      });
    });

    it('imports the shared sample: 2 SPY calls 1.25 → 1.55 = 60.00, as the Traded Values say (310 − 250)', async () => {
      const { trades } = await importText(h.core(), await newUser(h.core()), sample, 'UTC');
      expect(trades).toEqual([expect.objectContaining({ result: 60, entryTime: '2026-03-01T14:31:05.000Z', multiplier: 100 })]);
    });

    it('fails the whole import on a symbol that is no option, naming line, column and value, and writes nothing', async () => {
      const { message, trades } = await importFailure(
        h.core(),
        text.replace('2,QQQ250321P00480000,OPRA,03/14/2025 09:50', '2,QQQ,OPRA,03/14/2025 09:50'),
      );
      expect(message).toContain('line 6, column Symbol: "QQQ" is not an OCC option symbol');
      expect(trades).toBe(0);
    });
  });
}

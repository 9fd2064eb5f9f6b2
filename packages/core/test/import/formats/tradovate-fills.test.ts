import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatRegistry, readFileHead } from '../../../src/import/index.js';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { importText, importWithCore } from './support.js';

const file = new URL('../../fixtures/brokers/tradovate-fills.csv', import.meta.url);
const text = readFileSync(file, 'utf8');
const registry = formatRegistry();

describe('Tradovate Fills', () => {
  it('is detected from its header', async () => {
    const found = registry.detect(await readFileHead([text]));
    expect(found.ok && found.format.name).toBe('tradovate-fills');
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`Tradovate Fills import on ${db.name}`, () => {
    const h = useCore(db);

    it('matches the hand-computed net P&L of each trade to the cent, with account and contract details', async () => {
      const user = await newUser(h.core());
      const { summary, report, trades } = await importText(h.core(), user, text, 'America/Chicago');
      expect(summary).toMatchObject({ created: 2, closed: 0, skipped: 0 });
      expect(report).toMatchObject({ fills: 5, warnings: [] });
      const byInstrument = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      // ES: long 2 @ 5000.25, out 1 @ 5003.50 and 1 @ 5001.00: (162.50 + 37.50) − 5.16 fees.
      expect(byInstrument.ESZ6).toMatchObject({
        direction: 'long',
        positionSize: 2,
        entryPrice: 5000.25,
        exitPrice: 5002.25,
        multiplier: 50,
        fees: 5.16,
        result: 194.84,
        account: 'DEMO1',
        assetClass: 'future',
        underlying: 'ES',
        entryTime: '2026-09-14T14:30:00.700Z',
        exitTime: '2026-09-14T14:40:00.000Z',
      });
      // MNQ: short 3 @ 21000, covered @ 20990.25: 9.75 × 3 × 2 = 58.50 − 2.22 fees.
      expect(byInstrument.MNQZ6).toMatchObject({ direction: 'short', multiplier: 2, fees: 2.22, result: 56.28 });
      // Read in another zone the fills are the same executions: all five are known.
      expect(await importWithCore(h.core(), user, text, 'UTC')).toMatchObject({ created: 0, skipped: 5 });
    });
  });
}

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';

/** `shared/fixtures/brokers` beside the repository root (CI's clean clone has it too). */
const SAMPLES = fileURLToPath(new URL('../../../../../../shared/fixtures/brokers/', import.meta.url));

/** The format each openly licensed sample must be detected as. */
const EXPECTED: Record<string, string> = {
  'das-tradenote-template.csv': 'das-executions',
  'etrade-transactions.csv': 'etrade-transactions',
  'ibkr-activity-statement.csv': 'ibkr-activity',
  'ibkr-flex-report.xml': 'ibkr-flex-xml',
  'ibkr-flex-trades-compact.csv': 'ibkr-flex-csv',
  'ibkr-tradeconfirm-futures.csv': 'ibkr-tradeconfirm',
  'lightspeed-blotter.csv': 'lightspeed-blotter',
  'schwab-transactions.csv': 'schwab-transactions',
  'tastytrade-transactions.csv': 'tastytrade-transactions',
  'tradestation-trades.csv': 'tradestation-trades',
  'tradingview-forex-orders.csv': 'tradingview-orders',
  'tradovate-orders.csv': 'tradovate-orders',
  'tradovate-position-history.csv': 'tradovate-position-history',
  'webull-options-orders.csv': 'webull-options',
  'webull-orders.csv': 'webull-orders',
};

const samples = readdirSync(SAMPLES).filter((f) => f !== 'SOURCES.md' && !f.startsWith('.'));

describe('the shared broker samples', () => {
  it('are all known to this test (a new sample needs its expected format here)', () => {
    expect(samples.sort()).toEqual(Object.keys(EXPECTED).sort());
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`every shared broker sample imports on ${db.name}`, () => {
    const h = useCore(db);

    it.each(samples)('%s', async (name) => {
      const user = await newUser(h.core());
      const bytes = readFileSync(SAMPLES + name);
      const report = await h.core().imports.run(user, { name, open: () => [bytes] }, { sourceTz: 'America/New_York' });
      expect(report.format.name).toBe(EXPECTED[name]);
      expect(report.counts.tradesCreated).toBeGreaterThan(0);
      expect(report.warnings.filter((w) => w.code === 'pnl_mismatch')).toEqual([]);
      for (const g of report.groups) if (g.brokerPnl !== null) expect(g.pnl).toBe(g.brokerPnl);
      const { trades } = await h.core().trades.list(user, { limit: 100 });
      expect(trades).toHaveLength(report.counts.tradesCreated);
      for (const t of trades) {
        if (t.assetClass === 'future' || t.assetClass === 'option') expect(t.multiplier).toBeGreaterThan(1);
      }
      const again = await h.core().imports.run(user, { name, open: () => [bytes] }, { sourceTz: 'America/New_York' });
      expect(again.counts.tradesCreated).toBe(0);
    });

    it('matches the broker’s P&L to the cent where a sample carries it', async () => {
      const user = await newUser(h.core());
      const withPnl: string[] = [];
      for (const name of samples) {
        const bytes = readFileSync(SAMPLES + name);
        const report = await h.core().imports.run(user, { name, open: () => [bytes] }, { sourceTz: 'America/New_York' });
        if (report.groups.some((g) => g.brokerPnl !== null)) withPnl.push(name);
      }
      expect(withPnl).toEqual(['ibkr-activity-statement.csv', 'tradovate-position-history.csv']);
    });
  });
}

/** Our own fixtures (hand-computed scenarios in the brokers' layouts). */
const OURS = fileURLToPath(new URL('../../fixtures/brokers/', import.meta.url));
const ourFixtures = readdirSync(OURS).filter((f) => !f.startsWith('.'));

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`every broker fixture of ours imports through core.imports.run on ${db.name}`, () => {
    const h = useCore(db);

    it.each(ourFixtures)('%s: trades with their executions, the broker’s P&L matched to the cent', async (name) => {
      const user = await newUser(h.core());
      const bytes = readFileSync(OURS + name);
      const tz = name.startsWith('mt5') ? 'Europe/Athens' : 'America/New_York';
      const report = await h.core().imports.run(user, { name, open: () => [bytes] }, { sourceTz: tz });
      expect(report.counts.tradesCreated).toBeGreaterThan(0);
      expect(report.warnings.filter((w) => w.code === 'pnl_mismatch')).toEqual([]);
      for (const g of report.groups) if (g.brokerPnl !== null) expect(g.pnl).toBe(g.brokerPnl);
      const trade = await h.core().trades.get(user, report.tradeIds[0] as string);
      expect(trade.executions?.length).toBeGreaterThan(0);
    });
  });
}

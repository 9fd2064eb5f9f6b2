/**
 * The closed journals' trade exports (Tradervue, TraderSync) sent through the SDK to the real
 * server, on SQLite and PostgreSQL: detected, imported as whole trades with the journal's net
 * P&L, notes, tags, setups and stops; sending a file again adds nothing.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { openFile } from '../src/node.js';
import { useServer } from './support/server.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../core/test/fixtures/journals/${name}`, import.meta.url));

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`Tradervue and TraderSync exports through the SDK on ${db.name}`, () => {
    const server = useServer(db);

    it('imports a Tradervue export with its net P&L, notes, tags and implied stops; sending it again adds nothing', async () => {
      const { client } = await server().loggedIn();
      const send = async () =>
        client.imports.create((await openFile(fixture('tradervue-trades.csv'))).body, { sourceTz: 'America/New_York' });
      const record = await send();
      expect(record).toMatchObject({ format: { name: 'tradervue-trades' }, counts: { tradesCreated: 5 } });
      const { trades } = await client.trades.list({ limit: 100 });
      const by = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      // TSLA short 50 (Volume 100): −120.00 − (1.00 + 0.25) = −121.25, opened 10:02 New York (14:02 UTC);
      // stop 250.00 + 60.00 ÷ 50 = 251.20, so R = −121.25 ÷ 60.00 = −2.02083333 (to 8 places).
      expect(by.TSLA).toMatchObject({
        direction: 'short',
        positionSize: 50,
        result: -121.25,
        stopLoss: 251.2,
        rMultiple: -2.02083333,
        entryTime: '2026-03-17T14:02:00.000Z',
      });
      expect(by.TSLA?.notes).toBe('Faded the gap; "stopped" out');
      // SPY 570 call × 2 (an OCC symbol): 1.25 × 2 × 100 − (1.30 + 0.04) = 248.66.
      expect(by.SPY260320C00570000).toMatchObject({ assetClass: 'option', right: 'call', multiplier: 100, result: 248.66 });
      // 173.50 − 121.25 + 1044.50 + 248.66 = 1345.41 over the closed trades.
      const total = trades.reduce((s, t) => s + Math.round((t.result ?? 0) * 100), 0) / 100;
      expect(total).toBe(1345.41);
      expect((await send()).counts).toMatchObject({ tradesCreated: 0, duplicates: 5 });
    });

    it('imports a TraderSync export with its net return, setups, mistakes, stop and target; sending it again adds nothing', async () => {
      const { client } = await server().loggedIn();
      const send = async () =>
        client.imports.create((await openFile(fixture('tradersync-trades.csv'))).body, { sourceTz: 'America/New_York' });
      const record = await send();
      expect(record).toMatchObject({ format: { name: 'tradersync-trades' }, counts: { tradesCreated: 4 } });
      const { trades } = await client.trades.list({ limit: 100 });
      const by = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      // AAPL: $175.00 − ($1.00 + $0.50) = $173.50; R = 173.50 ÷ ((185.50 − 185.00) × 100) = 3.47.
      expect(by.AAPL).toMatchObject({
        result: 173.5,
        fees: 1.5,
        setupType: 'Breakout',
        tags: ['ORB'],
        stopLoss: 185,
        takeProfit: 188,
        rMultiple: 3.47,
        account: 'Main',
      });
      // SPY options × 2: (4.35 − 3.10) × 2 × 100 − (1.30 + 0.04) = 248.66.
      expect(by.SPY).toMatchObject({ assetClass: 'option', strike: 570, expiry: '2026-03-20', result: 248.66 });
      expect(by.NVDA).toMatchObject({ status: 'open', notes: 'Still holding' });
      expect((await send()).counts).toMatchObject({ tradesCreated: 0, duplicates: 4 });
    });
  });
}

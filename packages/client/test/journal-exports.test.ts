/**
 * Other journals' trade exports (TradeTally, TradeNote) sent through the SDK to the real server,
 * on SQLite and PostgreSQL: detected, imported as whole trades with the journal's P&L, notes,
 * setups, tags and stops; sending a file again adds nothing.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { openFile } from '../src/node.js';
import { useServer } from './support/server.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../core/test/fixtures/journals/${name}`, import.meta.url));

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`other journals’ exports through the SDK on ${db.name}`, () => {
    const server = useServer(db);

    it('imports a TradeTally export with its P&L, setups, tags and option details; sending it again adds nothing', async () => {
      const { client } = await server().loggedIn();
      const send = async () =>
        client.imports.create((await openFile(fixture('tradetally-trades.csv'))).body, { sourceTz: 'UTC' });
      const record = await send();
      expect(record).toMatchObject({ format: { name: 'tradetally-trades' }, counts: { tradesCreated: 5 } });
      const { trades } = await client.trades.list({ limit: 100 });
      const by = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      // TSLA short 50: (250.00 − 252.40) × 50 − (0.25 + 1.00) = −121.25, at noon UTC of 2026-03-17.
      expect(by.TSLA).toMatchObject({ direction: 'short', result: -121.25, entryTime: '2026-03-17T12:00:00.000Z' });
      expect(by.TSLA?.notes).toBe('Faded the gap; "stopped" out');
      // SPY 570 call × 2: (4.35 − 3.10) × 2 × 100 − (0.04 + 1.30) = 248.66.
      expect(by.SPY260320C00570000).toMatchObject({ assetClass: 'option', right: 'call', strike: 570, result: 248.66 });
      // 173.50 − 121.25 + 248.66 + 520.50 = 821.41 over the closed trades.
      const total = trades.reduce((s, t) => s + Math.round((t.result ?? 0) * 100), 0) / 100;
      expect(total).toBe(821.41);
      expect((await send()).counts).toMatchObject({ tradesCreated: 0, duplicates: 5 });
    });

    it('imports a TradeNote export with its net P&L, stops and notes; sending it again adds nothing', async () => {
      const { client } = await server().loggedIn();
      const send = async () => client.imports.create((await openFile(fixture('tradenote-trades.csv'))).body, { sourceTz: 'UTC' });
      const record = await send();
      expect(record).toMatchObject({ format: { name: 'tradenote-trades' }, counts: { tradesCreated: 3 } });
      const { trades } = await client.trades.list({ limit: 100 });
      const by = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      // MSFT: gross 250.00 − 2.08 of fees = 247.92; R = 247.92 ÷ ((410 − 408.5) × 100) = 1.6528.
      expect(by.MSFT).toMatchObject({
        result: 247.92,
        stopLoss: 408.5,
        rMultiple: 1.6528,
        entryTime: '2026-03-16T13:35:12.000Z',
      });
      expect(by.AMD).toMatchObject({ direction: 'short', result: -302, notes: 'Stopped at the high of day' });
      expect(by.NVDA).toMatchObject({ status: 'open' });
      expect((await send()).counts).toMatchObject({ tradesCreated: 0, duplicates: 3 });
    });
  });
}

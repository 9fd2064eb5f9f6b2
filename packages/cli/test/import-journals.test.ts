/**
 * `tj import` of other journals' trade exports (TradeTally, TradeNote) on the built CLI process,
 * on SQLite and PostgreSQL: detected, imported as whole trades with the journal's P&L, notes,
 * setups, tags and stops, and a re-import adds nothing. Fixtures: packages/core/test/fixtures/journals.
 */
import { expect, it } from 'vitest';
import { resolve } from 'node:path';
import { describeBrokerImport } from './support/broker-import.js';
import { run, runJson } from './support/cli.js';

type T = Record<string, any>;

/** A journal export of ours (packages/core/test/fixtures/journals/<name>). */
const fixture = (name: string) => resolve(import.meta.dirname, '../../core/test/fixtures/journals', name);

describeBrokerImport('other journals’ exports', ({ freshDb, trades, box }) => {
  it('imports a TradeTally export with its P&L, setups and tags, and a second import adds nothing', async () => {
    const flags = await freshDb();
    const first = await run(box(), [...flags, 'import', fixture('tradetally-trades.csv'), '--source-tz', 'America/New_York']);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout.split('\n')[0]).toMatch(/^Detected: TradeTally Trades export \(journal\), \d+ rows/);
    expect(first.stdout).toContain('Imported: 5 trades created, 0 updated.');
    const list = await trades(flags);
    const by: Record<string, T> = Object.fromEntries(list.map((t) => [t.instrument, t]));
    // AAPL: (187.25 − 185.50) × 100 − (0.50 + 1.00) = 173.50, on 2026-03-16 at noon New York (16:00 UTC).
    expect(by.AAPL).toMatchObject({ result: 173.5, setupType: 'ORB', entryTime: '2026-03-16T16:00:00.000Z' });
    expect(by.AAPL?.tags).toEqual(['breakout', 'morning', 'momentum', 'grade A']);
    // ESM6: (5610.75 − 5600.25) × 50 − 4.50 = 520.50.
    expect(by.ESM6).toMatchObject({ multiplier: 50, result: 520.5 });
    expect(by.NVDA).toMatchObject({ status: 'open', result: null });

    const again = await runJson(box(), [...flags, 'import', fixture('tradetally-trades.csv'), '--source-tz', 'America/New_York']);
    expect(again.counts).toMatchObject({ tradesCreated: 0, duplicates: 5 });
    expect(await trades(flags)).toHaveLength(5);
  });

  it('imports a TradeNote export with its net P&L, stop and note, and warns that its tags are unreadable', async () => {
    const flags = await freshDb();
    const r = await runJson(box(), [...flags, 'import', fixture('tradenote-trades.csv')]);
    expect(r.format).toEqual({ name: 'tradenote-trades', label: 'TradeNote Trades export (journal)' });
    expect(r.counts).toMatchObject({ tradesCreated: 3, duplicates: 0 });
    expect(JSON.stringify(r.warnings)).toContain('[object Object]');
    const by: Record<string, T> = Object.fromEntries((await trades(flags)).map((t) => [t.instrument, t]));
    // MSFT: gross 50 × 2 + 50 × 3 = 250.00, net of 2.08 of fees = 247.92; stop 408.50.
    expect(by.MSFT).toMatchObject({ result: 247.92, fees: 2.08, stopLoss: 408.5, notes: 'Scaled out into strength' });
    // AMD short: (160.00 − 161.50) × 200 − 2.00 = −302.00.
    expect(by.AMD).toMatchObject({ direction: 'short', result: -302, account: 'TZ-2' });

    const again = await runJson(box(), [...flags, 'import', fixture('tradenote-trades.csv')]);
    expect(again.counts).toMatchObject({ tradesCreated: 0, duplicates: 3 });
  });
});

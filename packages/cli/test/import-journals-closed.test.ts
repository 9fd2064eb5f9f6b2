/**
 * `tj import` of the closed journals' trade exports (Tradervue, TraderSync) on the built CLI
 * process, on SQLite and PostgreSQL: detected, imported as whole trades with the journal's net
 * P&L, notes, tags, setups and stops, and a re-import adds nothing. Fixtures:
 * packages/core/test/fixtures/journals (their P&L worked out in its README.md).
 */
import { expect, it } from 'vitest';
import { resolve } from 'node:path';
import { describeBrokerImport } from './support/broker-import.js';
import { run, runJson } from './support/cli.js';

type T = Record<string, any>;

/** A journal export of ours (packages/core/test/fixtures/journals/<name>). */
const fixture = (name: string) => resolve(import.meta.dirname, '../../core/test/fixtures/journals', name);

describeBrokerImport('closed journals’ exports', ({ freshDb, trades, box }) => {
  it('imports a Tradervue export with its net P&L, tags and implied stops, and a second import adds nothing', async () => {
    const flags = await freshDb();
    const args = [...flags, 'import', fixture('tradervue-trades.csv'), '--source-tz', 'America/New_York'];
    const first = await run(box(), args);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout.split('\n')[0]).toMatch(/^Detected: Tradervue Trades export \(journal\), \d+ rows/);
    expect(first.stdout).toContain('Imported: 5 trades created, 0 updated.');
    const by: Record<string, T> = Object.fromEntries((await trades(flags)).map((t) => [t.instrument, t]));
    // AAPL: Volume 200 = 100 shares; 175.00 − 1.50 = 173.50 at 09:35:12 New York (13:35:12 UTC); stop 185.00.
    expect(by.AAPL).toMatchObject({ positionSize: 100, result: 173.5, stopLoss: 185, entryTime: '2026-03-16T13:35:12.000Z' });
    // ESM6: 2 × 10.50 × 50 = 1050.00 − 5.50 = 1044.50; stop 5600.25 − 250 ÷ (2 × 50) = 5597.75.
    expect(by.ESM6).toMatchObject({ multiplier: 50, result: 1044.5, stopLoss: 5597.75, tags: ['pullback', 'futures'] });
    expect(by.NVDA).toMatchObject({ status: 'open', result: null });

    const again = await runJson(box(), args);
    expect(again.counts).toMatchObject({ tradesCreated: 0, duplicates: 5 });
    expect(await trades(flags)).toHaveLength(5);
  });

  it('imports a TraderSync export with its net return, setups and mistakes, and a second import adds nothing', async () => {
    const flags = await freshDb();
    const args = [...flags, 'import', fixture('tradersync-trades.csv'), '--source-tz', 'America/New_York'];
    const r = await runJson(box(), args);
    expect(r.format).toEqual({ name: 'tradersync-trades', label: 'TraderSync Trades export (journal)' });
    expect(r.counts).toMatchObject({ tradesCreated: 4, duplicates: 0 });
    const by: Record<string, T> = Object.fromEntries((await trades(flags)).map((t) => [t.instrument, t]));
    // TSLA short 50: (250.00 − 252.40) × 50 − ($1.00 + $0.25) = −121.25.
    expect(by.TSLA).toMatchObject({ direction: 'short', result: -121.25, setupType: 'Gap fade', stopLoss: 251.2 });
    expect(by.TSLA?.tags).toEqual(['Late exit', 'Oversized']);
    // SPY options × 2: (4.35 − 3.10) × 2 × 100 − 1.34 = 248.66.
    expect(by.SPY).toMatchObject({ assetClass: 'option', multiplier: 100, result: 248.66, account: 'Options' });

    const again = await runJson(box(), args);
    expect(again.counts).toMatchObject({ tradesCreated: 0, duplicates: 4 });
  });
});

/**
 * TradingView continuous futures through the real `tj` process, on SQLite and PostgreSQL
 * (docs/decisions.md, "Continuous futures"). Hand computations: the header of
 * packages/core/test/import/formats/tradingview-futures.test.ts; the fixture's times are read in
 * America/New_York (EDT in April).
 */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { describeBrokerImport, fixture } from './support/broker-import.js';
import { ok, run, runJson, stripAnsi } from './support/cli.js';

const FILE = fixture('tradingview-futures-orders.csv');
const NY = ['--source-tz', 'America/New_York'];

describeBrokerImport('TradingView continuous futures', ({ freshDb, file, trades, box }) => {
  it('books NQ1!, ES1!, MNQ1! under their roots with the catalogue’s point values', async () => {
    const flags = await freshDb();
    const out = stripAnsi(await ok(box(), [...flags, 'import', FILE, ...NY]));
    expect(out).toContain('Imported: 4 trades created, 0 updated.');
    const all = await trades(flags);
    const by = Object.fromEntries(all.map((t) => [t.instrument, t]));
    expect(Object.keys(by).sort()).toEqual(['ES', 'ESM2026', 'MNQ', 'NQ']);
    // NQ 2: 40.50 points × 20 × 2 = 1,620.00 − 8.60 = 1,611.40.
    expect(by.NQ).toMatchObject({ assetClass: 'future', underlying: 'NQ', multiplier: 20, result: 1611.4 });
    // ES short 1: −5.75 × 50 = −287.50 − 4.50 = −292.00.
    expect(by.ES).toMatchObject({ underlying: 'ES', multiplier: 50, result: -292 });
    // MNQ 5: +123.00 − 59.00 = 64.00 − 3.10 = 60.90.
    expect(by.MNQ).toMatchObject({ underlying: 'MNQ', multiplier: 2, result: 60.9 });
    // ESM2026: 2.75 × 50 = 137.50 − 4.50 = 133.00.
    expect(by.ESM2026).toMatchObject({ underlying: 'ES', multiplier: 50, result: 133 });
    // The trader filters by the root.
    const nq = await runJson(box(), [...flags, 'trades', 'list', '--instrument', 'nq']);
    expect(nq.trades.map((t: Record<string, unknown>) => t.result)).toEqual([1611.4]);
  });

  it('takes --point-value over the catalogue, and adds nothing on a second import', async () => {
    const flags = await freshDb();
    await ok(box(), [...flags, 'import', FILE, ...NY, '--point-value', 'NQ=25']);
    // 40.50 × 25 × 2 = 2,025.00 − 8.60 = 2,016.40.
    expect((await trades(flags)).find((t) => t.instrument === 'NQ')).toMatchObject({ multiplier: 25, result: 2016.4 });
    const again = stripAnsi(await ok(box(), [...flags, 'import', FILE, ...NY, '--point-value', 'NQ=25']));
    expect(again).toContain('Imported: 0 trades created, 0 updated');
    expect(await trades(flags)).toHaveLength(4);
  });

  it('refuses an unknown root naming the flag to pass, writes nothing, and imports with it', async () => {
    const flags = await freshDb();
    const header = (await readFile(FILE, 'utf8')).split('\n')[0];
    const path = await file(
      'xyz.csv',
      `${header}\nCME:XYZ1!,Buy,Market,1,,,100.00,Filled,1.00,,,2026-04-14 09:35:00,2026-04-14 09:35:01,1\n` +
        'CME:XYZ1!,Sell,Market,1,,,101.50,Filled,1.00,,,2026-04-14 09:40:00,2026-04-14 09:40:01,2\n',
    );
    const r = await run(box(), [...flags, 'import', path, ...NY]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('"XYZ1!": unknown futures root XYZ');
    expect(r.stderr).toContain('--point-value XYZ=VALUE');
    expect(await trades(flags)).toEqual([]);
    await ok(box(), [...flags, 'import', path, ...NY, '--point-value', 'XYZ=10']);
    // 1.50 × 10 = 15.00 − 2.00 = 13.00.
    expect(await trades(flags)).toMatchObject([{ instrument: 'XYZ', underlying: 'XYZ', multiplier: 10, result: 13 }]);
  });
});

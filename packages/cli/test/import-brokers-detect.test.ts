/**
 * `tj import` of broker exports through core's one import path, on the built CLI process, on
 * SQLite and PostgreSQL: detection, formats and zones. Fixtures are the project's own (packages/core/test/fixtures/brokers).
 */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { describeBrokerImport, fixture } from './support/broker-import.js';
import { run, runJson } from './support/cli.js';

type T = Record<string, any>;

describeBrokerImport('detection, formats and zones', ({ freshDb, file, trades, box }) => {
  it('detects Tradovate Fills, NinjaTrader Executions and an IBKR Activity Statement and says so', async () => {
    const flags = await freshDb();
    const tradovate = await run(box(), [...flags, 'import', fixture('tradovate-fills.csv')]);
    expect(tradovate).toMatchObject({ code: 0, stderr: '' });
    expect(tradovate.stdout.split('\n')[0]).toBe('Detected: Tradovate Fills, 5 rows, times in UTC');
    expect(tradovate.stdout).toContain('Imported: 2 trades created, 0 updated.');

    const ninja = await run(box(), [
      ...flags,
      'import',
      fixture('ninjatrader-executions-us.csv'),
      '--source-tz',
      'America/New_York',
    ]);
    expect(ninja.code).toBe(0);
    expect(ninja.stdout.split('\n')[0]).toBe(
      // 8 lines: the header and 7 executions.
      'Detected: NinjaTrader 8 Executions, 7 rows, times in America/New_York (--source-tz)',
    );

    const ibkr = await runJson(box(), [...flags, 'import', fixture('ibkr-activity.csv')]);
    expect(ibkr.format).toEqual({ name: 'ibkr-activity', label: 'Interactive Brokers Activity Statement (CSV)' });
    expect(ibkr.sourceTz).toBe('UTC');
    expect(ibkr.dryRun).toBe(false);
    expect(ibkr.counts).toMatchObject({ tradesCreated: 5, duplicates: 0, invalid: 0 });
    expect(ibkr.tradeIds).toHaveLength(5);
    const groups = Object.fromEntries(ibkr.groups.map((g: T) => [g.instrument, g]));
    // the statement's Realized P/L beside ours, per account and instrument (hand-checked in core's tests)
    expect(groups.AAPL).toMatchObject({ account: 'U1234567', trades: 1, pnl: 182.98, brokerPnl: 182.98 });
    expect(groups.ZNM6).toMatchObject({ account: 'U7654321', trades: 1, pnl: 491.8, brokerPnl: 491.8 });

    const list = await trades(flags);
    const es = list.find((t) => t.instrument === 'ESZ6');
    expect(es).toMatchObject({ direction: 'long', positionSize: 2, multiplier: 50, fees: 5.16, result: 194.84 });
    expect(list.find((t) => t.instrument === 'MNQZ6')).toMatchObject({ direction: 'short', result: 56.28 });
  });

  it('ignores columns a broker format does not use', async () => {
    const flags = await freshDb();
    const lines = (await readFile(fixture('tradovate-fills.csv'), 'utf8')).trimEnd().split('\n');
    const path = await file('extra-columns.csv', `${lines.map((l, i) => `${l},${i === 0 ? 'My Notes' : 'note'}`).join('\n')}\n`);
    const r = await runJson(box(), [...flags, 'import', path]);
    expect(r).toMatchObject({ format: { name: 'tradovate-fills' }, counts: { tradesCreated: 2, invalid: 0 } });
  });

  it('re-importing a file adds nothing', async () => {
    const flags = await freshDb();
    const first = await runJson(box(), [...flags, 'import', fixture('tradovate-performance.csv')]);
    expect(first.counts).toMatchObject({ tradesCreated: 5, duplicates: 0 });
    const again = await run(box(), [...flags, 'import', fixture('tradovate-performance.csv')]);
    expect(again.code).toBe(0);
    // duplicates count executions: the file's 7 pairs are 14 fills
    expect(again.stdout).toContain('Imported: 0 trades created, 0 updated; 14 already imported (skipped).');
    expect(await trades(flags)).toHaveLength(5);
  });

  it('--format forces a format, and an unknown name is a usage error', async () => {
    const flags = await freshDb();
    const forced = await run(box(), [
      ...flags,
      'import',
      fixture('tradovate-fills.csv'),
      '--format',
      'tradovate-fills',
      '--dry-run',
    ]);
    expect(forced.code).toBe(0);
    expect(forced.stdout.split('\n')[0]).toBe('Format (--format): Tradovate Fills, 5 rows, times in UTC');
    const unknown = await run(box(), [...flags, 'import', fixture('tradovate-fills.csv'), '--format', 'nope']);
    expect(unknown).toMatchObject({
      code: 2,
      stderr:
        'tj: --format: unknown format "nope"; tj import --list-formats lists them (and tj imports profiles list your saved ones)\n',
    });
    const wrong = await run(box(), [...flags, 'import', fixture('tradovate-fills.csv'), '--format', 'ninjatrader-executions']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^tj: tradovate-fills\.csv, line 2, column Instrument: .*\(nothing was imported\)\n$/);
    expect(await trades(flags)).toEqual([]);
  });

  it('reads naive times in --source-tz, else --tz, and says which zone it used', async () => {
    const perf = fixture('tradovate-performance.csv');
    const utc = await freshDb();
    const r = await run(box(), [...utc, 'import', perf]);
    expect(r.stdout.split('\n')[0]).toBe('Detected: Tradovate Performance, 7 rows, times in UTC (--tz)');
    expect((await trades(utc)).find((t) => t.instrument === 'NQZ6' && t.direction === 'long')?.entryTime).toBe(
      '2026-09-15T09:30:00.000Z',
    );

    const chicago = await freshDb();
    const c = await runJson(box(), [...chicago.slice(0, 2), '--tz', 'America/Chicago', 'import', perf]);
    expect(c.sourceTz).toBe('America/Chicago');
    expect((await trades(chicago)).find((t) => t.instrument === 'NQZ6' && t.direction === 'long')?.entryTime).toBe(
      '2026-09-15T14:30:00.000Z',
    );

    const ny = await freshDb();
    const n = await run(box(), [...ny, 'import', perf, '--source-tz', 'America/New_York']);
    expect(n.stdout.split('\n')[0]).toBe('Detected: Tradovate Performance, 7 rows, times in America/New_York (--source-tz)');
    expect((await trades(ny)).find((t) => t.instrument === 'NQZ6' && t.direction === 'long')?.entryTime).toBe(
      '2026-09-15T13:30:00.000Z',
    );

    const bad = await run(box(), [...ny, 'import', perf, '--source-tz', 'Mars/Olympus']);
    expect(bad).toMatchObject({
      code: 2,
      stderr: 'tj: --source-tz: "Mars/Olympus" is not an IANA time zone name (such as America/New_York)\n',
    });
  });

  it('warns about wall-clock times in a DST gap or overlap', async () => {
    const flags = await freshDb();
    const header = (await readFile(fixture('tradovate-performance.csv'), 'utf8')).split('\n')[0];
    const path = await file(
      'dst.csv',
      `${header}\nESZ6,-2,0,0.25,1,2,1,5000.00,5001.00,$50.00,03/08/2026 02:30:00,03/08/2026 03:10:00,40min 0sec\nESZ6,-2,0,0.25,3,4,1,5000.00,5002.00,$100.00,11/01/2026 01:30:00,11/01/2026 03:00:00,90min 0sec\n`,
    );
    const r = await run(box(), [...flags, 'import', path, '--source-tz', 'America/New_York']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^warning: line 2: .*does not exist.*America\/New_York$/m);
    expect(r.stderr).toMatch(/^warning: line 3: .*happened twice.*America\/New_York$/m);
  });
});

/**
 * Positions as traders book them, through the real `tj` process, on SQLite and PostgreSQL: a
 * position scaled out over three days, an iron condor opened as one order and closed in two, a
 * covered call assigned, a 4:1 split of an open position. Hand computations:
 * packages/core/test/fixtures/positions/README.md and the header of
 * packages/core/test/import/formats/strategy-fixtures.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { describeBrokerImport, fixture } from './support/broker-import.js';
import { ok, run, runJson, stripAnsi } from './support/cli.js';

const SCALE_OUT = resolve(import.meta.dirname, '../../core/test/fixtures/positions/scale-out.csv');
type T = Record<string, any>;

describeBrokerImport('positions', ({ freshDb, file, trades, box }) => {
  it('books a position scaled out over three days on each day, and closes it on the last', async () => {
    const flags = await freshDb();
    const imported = await ok(box(), [...flags, 'import', SCALE_OUT]);
    expect(imported).toContain('Imported: 1 trade created, 0 updated.');
    const [trade] = await trades(flags);
    expect(trade).toMatchObject({ status: 'closed', result: 594, realizedPnL: 594 });
    const daily = await runJson(box(), [...flags, 'analytics', 'performance', '--from', '2026-11-02', '--to', '2026-11-04']);
    // 198 and −102 booked by the partial exits, 594 − 96 = 498 by the close; one trade, on the last day.
    expect(daily.data.map((d: T) => [d.period, d.trades, d.totalPnL])).toEqual([
      ['2026-11-02', 0, 198],
      ['2026-11-03', 0, -102],
      ['2026-11-04', 1, 498],
    ]);
    const shown = stripAnsi(await ok(box(), [...flags, 'trades', 'show', trade?.id as string]));
    expect(shown).toMatch(/Partial exits \(2\)/);
    expect(shown).toMatch(/2026-11-02 20:00\s*│\s*198\.00/);
    expect(shown).toMatch(/2026-11-03 15:00\s*│\s*-102\.00/);
  });

  it('shows what an open position realized, in the import and in trades show', async () => {
    const flags = await freshDb();
    // The first three fills only: 100 still held.
    const head = (await readFile(SCALE_OUT, 'utf8')).split('\n').slice(0, 4).join('\n');
    const path = await file('open.csv', `${head}\n`);
    const out = stripAnsi(await ok(box(), [...flags, 'import', path]));
    // Still 100 held after 198 and −102: 96.00 realized, the trade open.
    expect(out).toMatch(/Realized \(open\)/);
    expect(out).toMatch(/SWING\s*│\s*XYZ\s*│\s*1\s*│\s*1\s*│\s*-\s*│\s*96\.00/);
    const [trade] = await trades(flags);
    const shown = stripAnsi(await ok(box(), [...flags, 'trades', 'show', trade?.id as string]));
    expect(shown).toMatch(/Realized\s*│\s*96\.00/);
  });

  it('makes an iron condor one position, filtered and grouped by its strategy', async () => {
    const flags = await freshDb();
    await ok(box(), [...flags, 'import', fixture('ibkr-flex-iron-condor.xml'), '--source-tz', 'America/New_York']);
    const list = await runJson(box(), [...flags, 'trades', 'list', '--strategy', 'iron-condor']);
    expect(list.trades).toHaveLength(1);
    // (2.00 − 1.05) × 2 × 100 − 10.40 = 179.60; the put vertical booked 94.80 on 1 May.
    expect(list.trades[0]).toMatchObject({ instrument: 'SPY', strategy: 'iron condor', result: 179.6 });
    expect(list.trades[0].partialExits).toEqual([{ time: '2026-05-01T15:00:00.000Z', realizedPnL: 94.8 }]);
    const table = stripAnsi(await ok(box(), [...flags, 'trades', 'list']));
    expect(table).toContain('SPY (iron condor)');
    const may = await runJson(box(), [...flags, 'analytics', 'calendar', '--month', '2026-05']);
    expect(may.days.filter((d: T) => d.totalPnL !== 0).map((d: T) => [d.date, d.trades, d.totalPnL])).toEqual([
      ['2026-05-01', 0, 94.8],
      ['2026-05-08', 1, 84.8],
    ]);
    const cats = await runJson(box(), [...flags, 'analytics', 'by-category', '--category', 'strategy']);
    expect(cats.categories).toMatchObject([{ name: 'iron condor', trades: 1, totalPnL: 179.6 }]);
  });

  it('closes a covered call assigned at expiry', async () => {
    const flags = await freshDb();
    await ok(box(), [...flags, 'import', fixture('tastytrade-covered-call-assigned.csv')]);
    const [trade] = await trades(flags);
    // 7,200 − 6,880 = 320 − 1.37 = 318.63.
    expect(trade).toMatchObject({ instrument: 'KO', strategy: 'covered call', entryPrice: 68.8, exitPrice: 72, result: 318.63 });
    const shown = stripAnsi(await ok(box(), [...flags, 'trades', 'show', trade?.id as string]));
    expect(shown).toMatch(/KO260515C00072000\s+.*buy \(assignment\)/);
  });

  it('splits an open position 4:1 with tj corporate-actions add', async () => {
    const flags = await freshDb();
    const path = await file(
      'aapl.csv',
      'datetime,symbol,side,quantity,price,commission,exec_id\n2026-08-03T14:00:00Z,AAPL,buy,100,200,1,a-1\n',
    );
    await ok(box(), [...flags, 'import', path]);
    const added = await ok(box(), [
      ...flags,
      'corporate-actions',
      'add',
      '--split',
      '4:1',
      '--instrument',
      'AAPL',
      '--date',
      '2026-08-31',
    ]);
    expect(added).toMatch(/1 open trade/);
    const [trade] = await trades(flags);
    // 100 at 200.00 are 400 at 50.00.
    expect(trade).toMatchObject({ instrument: 'AAPL', positionSize: 400, entryPrice: 50, status: 'open' });
    const listed = await runJson(box(), [...flags, 'corporate-actions', 'list']);
    expect(listed.corporateActions).toMatchObject([{ kind: 'split', instrument: 'AAPL', ratio: '4:1' }]);
    const bad = await run(box(), [
      ...flags,
      'corporate-actions',
      'add',
      '--split',
      '4-1',
      '--instrument',
      'AAPL',
      '--date',
      '2026-09-01',
    ]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});

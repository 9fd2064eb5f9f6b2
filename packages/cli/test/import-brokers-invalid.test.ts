/**
 * `tj import` of broker exports through core's one import path, on the built CLI process, on
 * SQLite and PostgreSQL: bad rows, dry runs and point values. Fixtures are the project's own (packages/core/test/fixtures/brokers).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeBrokerImport, fixture } from './support/broker-import.js';
import { run, runJson } from './support/cli.js';

describeBrokerImport('bad rows, dry runs and point values', ({ freshDb, file, trades, box }) => {
  it('without --skip-invalid a bad row names file, line, column and value, and nothing is written', async () => {
    const flags = await freshDb();
    const text = await readFile(fixture('tradovate-fills.csv'), 'utf8');
    const path = await file('bad-fills.csv', text.replace(',2,5000.25,true,', ',2,50O0.25,true,'));
    const r = await run(box(), [...flags, 'import', path]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^tj: bad-fills\.csv, line 2, column _price: .*"50O0\.25".* \(nothing was imported\)\n$/);
    expect(await trades(flags)).toEqual([]);
  });

  it('--skip-invalid imports the good rows and writes the skipped ones to a report', async () => {
    const flags = await freshDb();
    const path = await file(
      'own-bad.csv',
      'datetime,symbol,side,quantity,price,commission\n2026-11-02T14:30:00Z,AAPL,buy,100,190,1\n2026-11-02T15:30:00Z,AAPL,sell,100,195,1\n2026-11-02T16:00:00Z,MSFT,buy,10,abc,0\n',
    );
    const r = await run(box(), [...flags, 'import', path, '--skip-invalid']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`Skipped 1 invalid row: see ${path}.skipped.csv\n`);
    expect(r.stdout).toContain('Imported: 1 trade created, 0 updated; 1 invalid row skipped.');
    expect(await readFile(`${path}.skipped.csv`, 'utf8')).toBe(
      'line,message,raw\n4,"line 4, column price: ""abc"" is not a number","2026-11-02T16:00:00Z,MSFT,buy,10,abc,0"\n',
    );
    expect((await trades(flags)).map((t) => [t.instrument, t.result])).toEqual([['AAPL', 498]]);

    // A broker file: the rows of a futures root without a point value are left out, the rest imports.
    const other = await freshDb();
    const text = await readFile(fixture('tradovate-fills.csv'), 'utf8');
    const unknownRoot = await file('unknown-root-rows.csv', text.replaceAll('MNQZ6,MNQ,', 'QQQZ6,QQQ,'));
    const elsewhere = join(box().dir, 'rows-left-out.csv');
    const json = await runJson(box(), [...other, 'import', unknownRoot, '--skip-invalid', '--skipped-report', elsewhere]);
    expect(json.counts).toMatchObject({ tradesCreated: 1, invalid: 2 });
    const report = (await readFile(elsewhere, 'utf8')).trimEnd().split('\n');
    expect(report.slice(1).map((l) => l.split(',')[0])).toEqual(['5', '6']);
    expect(report[1]).toContain('--point-value QQQ=');
    expect((await trades(other)).map((t) => t.instrument)).toEqual(['ESZ6']);

    // A dry run lists the skipped rows on stderr and writes no report.
    const dry = await run(box(), [
      ...flags,
      'import',
      path,
      '--skip-invalid',
      '--dry-run',
      '--skipped-report',
      join(box().dir, 'dry.csv'),
    ]);
    expect(dry.stderr).toBe('skipped line 4: line 4, column price: "abc" is not a number\n');
    expect(await readFile(join(box().dir, 'dry.csv'), 'utf8').catch(() => 'none')).toBe('none');
  });

  it('--skip-invalid leaves out a broker row its format cannot read, imports the rest and reports the row', async () => {
    const flags = await freshDb();
    const lines = (await readFile(fixture('tradovate-fills.csv'), 'utf8')).split('\n');
    const bad =
      '9010,8010,3101,2026-09-14 14:36:00.000Z,2026-9-14,1,1,50O2.00,true,77,9010,8010,09/14/2026 09:36:00,9/14/26,DEMO1, Sell,1,50O2.00,-2,0,0.25,ESZ6,ES,E-Mini S&P 500,1.29';
    lines.splice(3, 0, bad);
    const path = await file('bad-middle.csv', lines.join('\n'));
    const refused = await run(box(), [...flags, 'import', path]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^tj: bad-middle\.csv, line 4, column _price: .*"50O2\.00".* \(nothing was imported\)\n$/);
    expect(await trades(flags)).toEqual([]);

    const r = await run(box(), [...flags, 'import', path, '--skip-invalid']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`Skipped 1 invalid row: see ${path}.skipped.csv\n`);
    expect(r.stdout).toContain('Imported: 2 trades created, 0 updated; 1 invalid row skipped.');
    const report = (await readFile(`${path}.skipped.csv`, 'utf8')).split('\n');
    expect(report[0]).toBe('line,message,raw');
    expect(report[1]).toMatch(/^4,"line 4, column _price: .*50O2\.00.*","9010,8010,3101,.*,E-Mini S&P 500,1\.29"$/);
    // ES: (5003.50 − 5000.25) × 50 + (5001.00 − 5000.25) × 50 − 5.16; MNQ: (21000 − 20990.25) × 3 × 2 − 2.22
    expect((await trades(flags)).map((t) => [t.instrument, t.result]).sort()).toEqual([
      ['ESZ6', 194.84],
      ['MNQZ6', 56.28],
    ]);
  });

  it('--dry-run shows per account and instrument what would be created, beside the broker P&L, and writes nothing', async () => {
    const flags = await freshDb();
    const r = await run(box(), [...flags, 'import', fixture('ibkr-activity.csv'), '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning: line 19: a cancelled trade (code Ca) was not imported\n');
    const lines = r.stdout.split('\n');
    // 10 data rows: the Order lines that gave fills (lines 12, 13, 16, 18, 23, 24, 26–29); not the
    // headers, sections, ClosedLot and Trade sub-rows, the cancelled order or the summary lines.
    expect(lines[0]).toBe('Detected: Interactive Brokers Activity Statement (CSV), 10 rows, times in UTC (--tz)');
    expect(r.stdout).toMatch(/Account +│ Instrument +│ Would create │ P&L \(net\) │ Broker P&L │/);
    expect(r.stdout).toMatch(/U7654321 +│ ZNM6 +│ +1 │ +491\.80 │ +491\.80 │/);
    expect(r.stdout).toMatch(/U1234567 +│ AAPL +│ +1 │ +182\.98 │ +182\.98 │/);
    expect(r.stdout).toContain('Dry run: would create 5 trades and update 0. Nothing was written.');
    const json = await runJson(box(), [...flags, 'import', fixture('ibkr-activity.csv'), '--dry-run']);
    expect(json).toMatchObject({ dryRun: true, tradeIds: [], counts: { tradesCreated: 5 } });
    expect(await trades(flags)).toEqual([]);
  });

  it('--point-value gives an unknown futures root its point value; without it the error names the flag', async () => {
    const flags = await freshDb();
    const text = await readFile(fixture('tradovate-fills.csv'), 'utf8');
    const path = await file('unknown-root.csv', text.replaceAll('MNQZ6,MNQ,', 'QQQZ6,QQQ,'));
    const refused = await run(box(), [...flags, 'import', path]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/unknown futures root.*--point-value QQQ=/);
    expect(await trades(flags)).toEqual([]);
    const json = await runJson(box(), [...flags, 'import', path, '--point-value', 'QQQ=10', '--point-value', 'es=50']);
    expect(json.counts.tradesCreated).toBe(2);
    // short 3 @ 21000 covered @ 20990.25: 9.75 × 3 × 10 − 2.22 fees = 290.28
    expect((await trades(flags)).find((t) => t.instrument === 'QQQZ6')).toMatchObject({ multiplier: 10, result: 290.28 });
    const bad = await run(box(), [...flags, 'import', path, '--point-value', 'QQQ']);
    expect(bad).toMatchObject({
      code: 2,
      stderr: 'tj: --point-value: "QQQ" is not ROOT=VALUE with a value above 0 (such as ES=50)\n',
    });
  });

  it('names the file, the closest format and the columns it lacks for a file it cannot read, and points at --map', async () => {
    const flags = await freshDb();
    const path = await file(
      'almost-tradovate.csv',
      '_id,_orderId,_contractId,_timestamp,_tradeDate,_qty,_price,Contract,Product\n1,2,3,2026-09-14 14:30:00Z,2026-9-14,1,5000,ESZ6,ES\n',
    );
    const r = await run(box(), [...flags, 'import', path]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^tj: almost-tradovate\.csv: not a format tj knows \(.*\); the closest is tradovate-fills \(Tradovate Fills\), which needs the columns .*_action.*; see the formats with tj import --list-formats, force one with --format NAME, or map the columns with --map \(nothing was imported\)\n$/,
    );
    const missing = await run(box(), [...flags, 'import', join(box().dir, 'nope.csv')]);
    expect(missing).toMatchObject({ code: 1, stderr: `tj: file not found: ${join(box().dir, 'nope.csv')}\n` });
  });
});

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, run, runJson, runPty, type Sandbox, sandbox, sandboxFile } from './support/cli.js';
import { freshDatabases, tradeReader } from './support/in-process.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(() => box.cleanup());

let dbCount = 0;
const fresh = freshDatabases(() => box);
/** A fresh database with one user (the first by `tj init`, the rest in process); returns the flags that select it. */
const freshDb = () => fresh(join(box.dir, `import-${++dbCount}.db`));
const file = (name: string, content: string) => sandboxFile(box, name, content);

type T = Record<string, unknown>;
const essentials = (t: T) => ({
  instrument: t.instrument,
  direction: t.direction,
  entryTime: t.entryTime,
  entryPrice: t.entryPrice,
  positionSize: t.positionSize,
  exitTime: t.exitTime,
  exitPrice: t.exitPrice,
  fees: t.fees,
  result: t.result,
  status: t.status,
});
const readTrades = tradeReader(() => box);
/** The trades `tj trades list --limit 100 --json` prints (the first read runs it, the rest read in process). */
async function trades(db: string[]): Promise<T[]> {
  return (await readTrades(db)) as unknown as T[];
}

// A BOM, CRLF line ends, quoted numbers, blank lines and trailing delimiters, oldest first.
const FILLS = [
  '\uFEFFdatetime,symbol,side,quantity,price,commission,exec_id,',
  '2026-11-02T14:30:00Z,AAPL,buy,100,"190.00",1.00,e1,',
  '',
  '2026-11-02T14:45:00Z,AAPL,BUY,"100",192.00,1.00,e2,',
  '2026-11-02T15:30:00Z,AAPL,sell,200,195.00,2.00,e3,',
  '   ',
  '2026-11-02T16:00:00-05:00,MSFT,s,10,400,0.50,e4,',
  '',
].join('\r\n');

describe('tj import of a fills CSV', { timeout: 180_000 }, () => {
  it('lists what a dry run would create and writes nothing', async () => {
    const db = await freshDb();
    const path = await file('fills.csv', FILLS);
    const r = await run(box, [...db, 'import', path, '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')).toEqual([
      // 4 data rows (not the header or blank lines); every time has Z or an offset, so no zone is named.
      'Detected: Trading journal Fills CSV, 4 rows, times with their own zone or UTC offset',
      '┌─────────┬────────────┬──────────────┬──────┬───────────┐',
      '│ Account │ Instrument │ Would create │ Open │ P&L (net) │',
      '├─────────┼────────────┼──────────────┼──────┼───────────┤',
      '│ -       │ AAPL       │            1 │    0 │    796.00 │',
      '│ -       │ MSFT       │            1 │    1 │         - │',
      '└─────────┴────────────┴──────────────┴──────┴───────────┘',
      'Dry run: would create 2 trades and update 0. Nothing was written.',
      '',
    ]);
    const json = await runJson(box, [...db, 'import', path, '--dry-run']);
    expect(json).toMatchObject({
      format: { name: 'tj-fills', label: 'Trading journal Fills CSV' },
      dryRun: true,
      counts: { fills: 4, tradesCreated: 2, tradesUpdated: 0, duplicates: 0, invalid: 0 },
      groups: [
        { account: '', instrument: 'AAPL', trades: 1, open: 0, pnl: 796, brokerPnl: null },
        { account: '', instrument: 'MSFT', trades: 1, open: 1, pnl: 0, brokerPnl: null },
      ],
      tradeIds: [],
    });
    expect(await trades(db)).toEqual([]);
  });

  it('imports BOM, CRLF, quoted numbers, blank lines and trailing delimiters; re-importing adds nothing', async () => {
    const db = await freshDb();
    const path = await file('fills2.csv', FILLS);
    const report = await runJson(box, [...db, 'import', path]);
    expect(report).toMatchObject({
      format: { name: 'tj-fills' },
      sourceTz: 'UTC',
      dryRun: false,
      // Data rows: the four fills (the header and blank lines are not counted).
      counts: { rows: 4, fills: 4, tradesCreated: 2, tradesUpdated: 0, duplicates: 0, invalid: 0 },
      warnings: [],
    });
    expect(report.tradeIds).toHaveLength(2);
    const list = (await trades(db)).map(essentials);
    expect(list).toEqual([
      {
        instrument: 'MSFT',
        direction: 'short',
        entryTime: '2026-11-02T21:00:00.000Z',
        entryPrice: 400,
        positionSize: 10,
        exitTime: null,
        exitPrice: null,
        fees: 0.5,
        result: null,
        status: 'open',
      },
      {
        instrument: 'AAPL',
        direction: 'long',
        entryTime: '2026-11-02T14:30:00.000Z',
        entryPrice: 191,
        positionSize: 200,
        exitTime: '2026-11-02T15:30:00.000Z',
        exitPrice: 195,
        fees: 4,
        result: 796,
        status: 'closed',
      },
    ]);
    const again = await run(box, [...db, 'import', path]);
    // duplicates count the executions already imported (the file's 4 fills)
    expect(again.stdout).toContain('Imported: 0 trades created, 0 updated; 4 already imported (skipped).');
    expect(await trades(db)).toHaveLength(2);
  });

  it('splits a fill that goes through flat (a flip) and closes the open side when a later file has its exit', async () => {
    const db = await freshDb();
    const first = [
      'datetime,symbol,side,quantity,price',
      '2026-11-02T14:30:00Z,ES,buy,2,5000',
      '2026-11-02T15:00:00Z,ES,sell,3,5010',
    ];
    const path = await file('flip.csv', `${first.join('\n')}\n`);
    expect((await runJson(box, [...db, 'import', path])).counts.tradesCreated).toBe(2);
    expect((await trades(db)).map(essentials)).toEqual([
      expect.objectContaining({ direction: 'short', positionSize: 1, entryPrice: 5010, status: 'open' }),
      expect.objectContaining({
        direction: 'long',
        positionSize: 2,
        entryPrice: 5000,
        exitPrice: 5010,
        result: 20,
        status: 'closed',
      }),
    ]);
    const later = await file('flip2.csv', `${[...first, '2026-11-02T16:00:00Z,ES,buy,1,5004'].join('\n')}\n`);
    expect((await runJson(box, [...db, 'import', later])).counts).toMatchObject({
      tradesCreated: 0,
      tradesUpdated: 1,
      duplicates: 2,
    });
    expect((await trades(db))[0]).toMatchObject({
      direction: 'short',
      positionSize: 1,
      exitPrice: 5004,
      result: 6,
      status: 'closed',
    });
  });

  it('keeps a partly exited position open at the quantity still held, and books it whole once flat', async () => {
    const db = await freshDb();
    const rows = [
      'datetime,symbol,side,quantity,price,account',
      '2026-11-02T14:30:00Z,CL,buy,10,80,A1',
      '2026-11-02T15:00:00Z,CL,sell,4,81,A1',
    ];
    const path = await file('partial.csv', `${rows.join('\n')}\n`);
    expect((await runJson(box, [...db, 'import', path])).counts.tradesCreated).toBe(1);
    expect((await trades(db)).map(essentials)).toEqual([
      expect.objectContaining({ direction: 'long', positionSize: 6, exitPrice: null, status: 'open' }),
    ]);
    const later = await file('partial2.csv', `${[...rows, '2026-11-02T16:00:00Z,CL,sell,6,82,A1'].join('\n')}\n`);
    expect((await runJson(box, [...db, 'import', later])).counts).toMatchObject({ tradesCreated: 0, tradesUpdated: 1 });
    expect((await trades(db))[0]).toMatchObject({ positionSize: 10, exitPrice: 81.6, result: 16, status: 'closed' });
  });

  it('reads a newest-first file into the same trades as the oldest-first one', async () => {
    const oldest = await freshDb();
    const newest = await freshDb();
    const header = 'datetime,symbol,side,quantity,price,fees,note';
    const rows = [
      '2026-11-03T14:30:00Z,NQ,buy,1,18000,1.5,"first entry, ""quoted"""',
      '2026-11-03T14:40:00Z,NQ,buy,1,18010,1.5,',
      '2026-11-03T15:00:00Z,NQ,sell,2,18050,3,',
      '2026-11-03T15:10:00Z,GC,sell,1,2000,0,"a note\nover two lines"',
      '2026-11-03T15:20:00Z,GC,buy,1,1990,0,',
    ];
    await runJson(box, [...oldest, 'import', await file('oldest.csv', `${header}\n${rows.join('\n')}\n`)]);
    const r = await runJson(box, [
      ...newest,
      'import',
      await file('newest.csv', `${header}\r\n${[...rows].reverse().join('\r\n')}\r\n`),
    ]);
    expect(r.counts).toMatchObject({ tradesCreated: 2 });
    const a = await trades(oldest);
    const b = await trades(newest);
    expect(b.map(essentials)).toEqual(a.map(essentials));
    expect(b.map((t) => t.notes)).toEqual(['a note\nover two lines', 'first entry, "quoted"']);
  });

  it('writes nothing when one row is bad, naming the line and the column', async () => {
    const db = await freshDb();
    const bad = await file('bad.csv', `${FILLS}2026-11-04T10:00:00Z,NVDA,buy,5,abc,0,e6,\r\n`);
    const r = await run(box, [...db, 'import', bad]);
    expect(r).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'tj: bad.csv, line 8, column price: "abc" is not a number (nothing was imported)\n',
    });
    expect(await trades(db)).toEqual([]);
    const unordered = await file(
      'unordered.csv',
      'datetime,symbol,side,quantity,price\n2026-11-02T15:00:00Z,ES,buy,1,1\n2026-11-02T16:00:00Z,ES,sell,1,2\n2026-11-02T14:00:00Z,ES,buy,1,1\n2026-11-02T17:00:00Z,ES,sell,1,2\n',
    );
    const u = await run(box, [...db, 'import', unordered]);
    expect(u.code).toBe(1);
    expect(u.stderr).toMatch(/^tj: unordered\.csv, line 4, column datetime: older than the previous fill of ES on line 3/);
    expect(await trades(db)).toEqual([]);
  });

  it('tells the format by the header, and fails on a missing file or an unknown header', async () => {
    const db = await freshDb();
    const unknown = await run(box, [...db, 'import', await file('other.csv', 'date,ticker,qty\n2026-11-02,ES,1\n')]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(
      /^tj: other\.csv: not a format tj knows \(no known format recognises its header\); the closest is .*, which needs the columns .*; see the formats with tj import --list-formats, force one with --format NAME, or map the columns with --map \(nothing was imported\)\n$/,
    );
    const missing = await run(box, [...db, 'import', join(box.dir, 'nope.csv')]);
    expect(missing).toMatchObject({ code: 1, stderr: `tj: file not found: ${join(box.dir, 'nope.csv')}\n` });
  });

  it('shows a progress bar with rows/s on a terminal, and none with --no-progress', async () => {
    const db = await freshDb();
    const path = await file('progress.csv', FILLS);
    const shown = await runPty(box, [...db, 'import', path, '--dry-run']);
    expect(shown.code).toBe(0);
    expect(shown.text).toMatch(/Importing progress\.csv {2}\[[█░]{24}\] +\d+% {2}\d+ rows {2}[\d,]+ rows\/s/);
    const hidden = await runPty(box, [...db, 'import', path, '--dry-run', '--no-progress']);
    expect(hidden.text).not.toContain('rows/s');
  });
});

describe('tj import of a trades CSV', { timeout: 180_000 }, () => {
  it('round-trips: export then import into another database gives the same trades, and again adds nothing', async () => {
    const from = await freshDb();
    const to = await freshDb();
    await ok(box, [
      ...from,
      'trades',
      'add',
      '--instrument',
      'ES, "mini"',
      '--direction',
      'short',
      '--entry-price',
      '5000.25',
      '--size',
      '2',
      '--multiplier',
      '50',
      '--fees',
      '4.2',
      '--stop',
      '5010',
      '--entry-time',
      '2026-11-02T14:30:00Z',
      '--exit-price',
      '4990',
      '--exit-time',
      '2026-11-02T15:00:00Z',
      '--notes',
      'line one\nline two',
      '--tags',
      'fomc,a b',
      '--setup',
      'fade',
    ]);
    await ok(box, [
      ...from,
      'trades',
      'add',
      '--instrument',
      'AAPL',
      '--direction',
      'long',
      '--entry-price',
      '190',
      '--size',
      '100',
      '--entry-time',
      '2026-11-03T14:30:00Z',
      '--target',
      '200',
    ]);
    await ok(box, [
      ...from,
      'trades',
      'add',
      '--instrument',
      'CL',
      '--direction',
      'long',
      '--entry-price',
      '80',
      '--size',
      '1',
      '--entry-time',
      '2026-11-04T14:30:00Z',
      '--exit-price',
      '79',
      '--exit-time',
      '2026-11-04T15:00:00Z',
      '--result',
      '-1000.5',
    ]);
    const out = join(box.dir, 'export.csv');
    expect(await runJson(box, [...from, 'export', 'trades', '--out', out])).toMatchObject({ exported: 3 });
    const record = await runJson(box, [...to, 'import', out]);
    expect(record).toMatchObject({ format: { name: 'tj-trades' }, counts: { tradesCreated: 3, duplicates: 0 } });
    const imported = await trades(to);
    // The copies say which import made them; the originals were entered by hand.
    expect(imported.map((t) => t.importId)).toEqual([record.id, record.id, record.id]);
    expect((await trades(from)).map((t) => t.importId)).toEqual([null, null, null]);
    const strip = (t: T) => ({ ...t, createdAt: undefined, updatedAt: undefined, importId: undefined });
    expect(imported.map(strip)).toEqual((await trades(from)).map(strip));
    expect((await runJson(box, [...to, 'import', out])).counts).toMatchObject({ tradesCreated: 0, duplicates: 3 });
    expect((await runJson(box, [...from, 'import', out])).counts).toMatchObject({ tradesCreated: 0, duplicates: 3 });
  });

  it('imports a hand-written trades CSV and rolls back on a bad row, naming line and column', async () => {
    const db = await freshDb();
    const good =
      'instrument,direction,entry_price,position_size,entry_time,exit_price,exit_time\r\nES,long,5000,1,2026-11-02T14:30:00Z,5010,2026-11-02T15:00:00Z\r\n\r\nNQ,short,18000,1,2026-11-02T14:30:00Z,,\r\n';
    const bad = `${good}GC,sideways,2000,1,2026-11-02T14:30:00Z,,\r\n`;
    const r = await run(box, [...db, 'import', await file('bad-trades.csv', bad)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('tj: bad-trades.csv, line 5, column direction: must be long or short (nothing was imported)\n');
    expect(await trades(db)).toEqual([]);
    expect(await runJson(box, [...db, 'import', await file('good-trades.csv', good)])).toMatchObject({
      format: { name: 'tj-trades' },
      counts: { tradesCreated: 2 },
    });
    const byInstrument = (await trades(db)).map((t) => [t.instrument, t.status]).sort();
    expect(byInstrument).toEqual([
      ['ES', 'closed'],
      ['NQ', 'open'],
    ]);
  });
});

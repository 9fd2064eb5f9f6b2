/**
 * `tj import` of broker exports through core's one import path, on the built CLI process, on
 * SQLite and PostgreSQL. Fixtures are the project's own (packages/core/test/fixtures/brokers).
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { initDatabase, run, runJson, runPty, type Sandbox, sandbox, sandboxFile } from './support/cli.js';

const FIXTURES = resolve(import.meta.dirname, '../../core/test/fixtures/brokers');
const fixture = (name: string) => join(FIXTURES, name);

type T = Record<string, any>;

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`tj import of broker exports on ${db.name}`, { timeout: 180_000 }, () => {
    let box: Sandbox;
    const cleanups: Array<() => Promise<void>> = [];
    beforeAll(async () => {
      box = await sandbox();
    });
    afterAll(async () => {
      for (const c of cleanups) await c();
      await box.cleanup();
    });

    let count = 0;
    /** A fresh database (a SQLite file, or a PostgreSQL schema) with one user; the flags that select it, in UTC. */
    async function freshDb(): Promise<string[]> {
      let url: string;
      if (db.name === 'sqlite') {
        url = join(box.dir, `brokers-${++count}.db`);
      } else {
        const opened = await db.open();
        await opened.storage.close();
        cleanups.push(opened.cleanup);
        url = opened.url;
      }
      return initDatabase(box, url, ['--tz', 'UTC']);
    }

    const file = (name: string, content: string) => sandboxFile(box, name, content);

    async function trades(flags: string[]): Promise<T[]> {
      return (await runJson(box, [...flags, 'trades', 'list', '--limit', '100'])).trades;
    }

    it('detects Tradovate Fills, NinjaTrader Executions and an IBKR Activity Statement and says so', async () => {
      const flags = await freshDb();
      const tradovate = await run(box, [...flags, 'import', fixture('tradovate-fills.csv')]);
      expect(tradovate).toMatchObject({ code: 0, stderr: '' });
      expect(tradovate.stdout.split('\n')[0]).toBe('Detected: Tradovate Fills, 6 rows, times in UTC');
      expect(tradovate.stdout).toContain('Imported: 2 trades created, 0 updated.');

      const ninja = await run(box, [
        ...flags,
        'import',
        fixture('ninjatrader-executions-us.csv'),
        '--source-tz',
        'America/New_York',
      ]);
      expect(ninja.code).toBe(0);
      expect(ninja.stdout.split('\n')[0]).toBe(
        'Detected: NinjaTrader 8 Executions, 8 rows, times in America/New_York (--source-tz)',
      );

      const ibkr = await runJson(box, [...flags, 'import', fixture('ibkr-activity.csv')]);
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
      const path = await file(
        'extra-columns.csv',
        `${lines.map((l, i) => `${l},${i === 0 ? 'My Notes' : 'note'}`).join('\n')}\n`,
      );
      const r = await runJson(box, [...flags, 'import', path]);
      expect(r).toMatchObject({ format: { name: 'tradovate-fills' }, counts: { tradesCreated: 2, invalid: 0 } });
    });

    it('re-importing a file adds nothing', async () => {
      const flags = await freshDb();
      const first = await runJson(box, [...flags, 'import', fixture('tradovate-performance.csv')]);
      expect(first.counts).toMatchObject({ tradesCreated: 5, duplicates: 0 });
      const again = await run(box, [...flags, 'import', fixture('tradovate-performance.csv')]);
      expect(again.code).toBe(0);
      // duplicates count executions: the file's 7 pairs are 14 fills
      expect(again.stdout).toContain('Imported: 0 trades created, 0 updated; 14 already imported (skipped).');
      expect(await trades(flags)).toHaveLength(5);
    });

    it('--format forces a format, and an unknown name is a usage error', async () => {
      const flags = await freshDb();
      const forced = await run(box, [
        ...flags,
        'import',
        fixture('tradovate-fills.csv'),
        '--format',
        'tradovate-fills',
        '--dry-run',
      ]);
      expect(forced.code).toBe(0);
      expect(forced.stdout.split('\n')[0]).toBe('Format (--format): Tradovate Fills, 6 rows, times in UTC');
      const unknown = await run(box, [...flags, 'import', fixture('tradovate-fills.csv'), '--format', 'nope']);
      expect(unknown).toMatchObject({
        code: 2,
        stderr:
          'tj: --format: unknown format "nope"; tj import --list-formats lists them (and tj imports profiles list your saved ones)\n',
      });
      const wrong = await run(box, [...flags, 'import', fixture('tradovate-fills.csv'), '--format', 'ninjatrader-executions']);
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toMatch(/^tj: tradovate-fills\.csv, line 2, column Instrument: .*\(nothing was imported\)\n$/);
      expect(await trades(flags)).toEqual([]);
    });

    it('reads naive times in --source-tz, else --tz, and says which zone it used', async () => {
      const perf = fixture('tradovate-performance.csv');
      const utc = await freshDb();
      const r = await run(box, [...utc, 'import', perf]);
      expect(r.stdout.split('\n')[0]).toBe('Detected: Tradovate Performance, 8 rows, times in UTC (--tz)');
      expect((await trades(utc)).find((t) => t.instrument === 'NQZ6' && t.direction === 'long')?.entryTime).toBe(
        '2026-09-15T09:30:00.000Z',
      );

      const chicago = await freshDb();
      const c = await runJson(box, [...chicago.slice(0, 2), '--tz', 'America/Chicago', 'import', perf]);
      expect(c.sourceTz).toBe('America/Chicago');
      expect((await trades(chicago)).find((t) => t.instrument === 'NQZ6' && t.direction === 'long')?.entryTime).toBe(
        '2026-09-15T14:30:00.000Z',
      );

      const ny = await freshDb();
      const n = await run(box, [...ny, 'import', perf, '--source-tz', 'America/New_York']);
      expect(n.stdout.split('\n')[0]).toBe('Detected: Tradovate Performance, 8 rows, times in America/New_York (--source-tz)');
      expect((await trades(ny)).find((t) => t.instrument === 'NQZ6' && t.direction === 'long')?.entryTime).toBe(
        '2026-09-15T13:30:00.000Z',
      );

      const bad = await run(box, [...ny, 'import', perf, '--source-tz', 'Mars/Olympus']);
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
      const r = await run(box, [...flags, 'import', path, '--source-tz', 'America/New_York']);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/^warning: line 2: .*does not exist.*America\/New_York$/m);
      expect(r.stderr).toMatch(/^warning: line 3: .*happened twice.*America\/New_York$/m);
    });

    it('without --skip-invalid a bad row names file, line, column and value, and nothing is written', async () => {
      const flags = await freshDb();
      const text = await readFile(fixture('tradovate-fills.csv'), 'utf8');
      const path = await file('bad-fills.csv', text.replace(',2,5000.25,true,', ',2,50O0.25,true,'));
      const r = await run(box, [...flags, 'import', path]);
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
      const r = await run(box, [...flags, 'import', path, '--skip-invalid']);
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
      const elsewhere = join(box.dir, 'rows-left-out.csv');
      const json = await runJson(box, [...other, 'import', unknownRoot, '--skip-invalid', '--skipped-report', elsewhere]);
      expect(json.counts).toMatchObject({ tradesCreated: 1, invalid: 2 });
      const report = (await readFile(elsewhere, 'utf8')).trimEnd().split('\n');
      expect(report.slice(1).map((l) => l.split(',')[0])).toEqual(['5', '6']);
      expect(report[1]).toContain('--point-value QQQ=');
      expect((await trades(other)).map((t) => t.instrument)).toEqual(['ESZ6']);

      // A dry run lists the skipped rows on stderr and writes no report.
      const dry = await run(box, [
        ...flags,
        'import',
        path,
        '--skip-invalid',
        '--dry-run',
        '--skipped-report',
        join(box.dir, 'dry.csv'),
      ]);
      expect(dry.stderr).toBe('skipped line 4: line 4, column price: "abc" is not a number\n');
      expect(await readFile(join(box.dir, 'dry.csv'), 'utf8').catch(() => 'none')).toBe('none');
    });

    it('--skip-invalid leaves out a broker row its format cannot read, imports the rest and reports the row', async () => {
      const flags = await freshDb();
      const lines = (await readFile(fixture('tradovate-fills.csv'), 'utf8')).split('\n');
      const bad =
        '9010,8010,3101,2026-09-14 14:36:00.000Z,2026-9-14,1,1,50O2.00,true,77,9010,8010,09/14/2026 09:36:00,9/14/26,DEMO1, Sell,1,50O2.00,-2,0,0.25,ESZ6,ES,E-Mini S&P 500,1.29';
      lines.splice(3, 0, bad);
      const path = await file('bad-middle.csv', lines.join('\n'));
      const refused = await run(box, [...flags, 'import', path]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^tj: bad-middle\.csv, line 4, column _price: .*"50O2\.00".* \(nothing was imported\)\n$/);
      expect(await trades(flags)).toEqual([]);

      const r = await run(box, [...flags, 'import', path, '--skip-invalid']);
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
      const r = await run(box, [...flags, 'import', fixture('ibkr-activity.csv'), '--dry-run']);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('warning: line 19: a cancelled trade (code Ca) was not imported\n');
      const lines = r.stdout.split('\n');
      expect(lines[0]).toBe('Detected: Interactive Brokers Activity Statement (CSV), 37 rows, times in UTC (--tz)');
      expect(r.stdout).toMatch(/Account +│ Instrument +│ Would create │ P&L \(net\) │ Broker P&L │/);
      expect(r.stdout).toMatch(/U7654321 +│ ZNM6 +│ +1 │ +491\.80 │ +491\.80 │/);
      expect(r.stdout).toMatch(/U1234567 +│ AAPL +│ +1 │ +182\.98 │ +182\.98 │/);
      expect(r.stdout).toContain('Dry run: would create 5 trades and update 0. Nothing was written.');
      const json = await runJson(box, [...flags, 'import', fixture('ibkr-activity.csv'), '--dry-run']);
      expect(json).toMatchObject({ dryRun: true, tradeIds: [], counts: { tradesCreated: 5 } });
      expect(await trades(flags)).toEqual([]);
    });

    it('--point-value gives an unknown futures root its point value; without it the error names the flag', async () => {
      const flags = await freshDb();
      const text = await readFile(fixture('tradovate-fills.csv'), 'utf8');
      const path = await file('unknown-root.csv', text.replaceAll('MNQZ6,MNQ,', 'QQQZ6,QQQ,'));
      const refused = await run(box, [...flags, 'import', path]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/unknown futures root.*--point-value QQQ=/);
      expect(await trades(flags)).toEqual([]);
      const json = await runJson(box, [...flags, 'import', path, '--point-value', 'QQQ=10', '--point-value', 'es=50']);
      expect(json.counts.tradesCreated).toBe(2);
      // short 3 @ 21000 covered @ 20990.25: 9.75 × 3 × 10 − 2.22 fees = 290.28
      expect((await trades(flags)).find((t) => t.instrument === 'QQQZ6')).toMatchObject({ multiplier: 10, result: 290.28 });
      const bad = await run(box, [...flags, 'import', path, '--point-value', 'QQQ']);
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
      const r = await run(box, [...flags, 'import', path]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(
        /^tj: almost-tradovate\.csv: not a format tj knows \(.*\); the closest is tradovate-fills \(Tradovate Fills\), which needs the columns .*_action.*; see tj import --list-formats, force one with --format NAME, or map the columns with --map \(nothing was imported\)\n$/,
      );
      const missing = await run(box, [...flags, 'import', join(box.dir, 'nope.csv')]);
      expect(missing).toMatchObject({ code: 1, stderr: `tj: file not found: ${join(box.dir, 'nope.csv')}\n` });
    });

    it('--map reads a CSV no format knows, from inline pairs or a mapping file, with a date pattern', async () => {
      const flags = await freshDb();
      const path = await file(
        'blotter.csv',
        'Blotter export\nExec Time,Symbol,Side,Qty,Price,Comm,Route\n3/2/2026 9:35:10,AAPL,B,100,150.25,1.00,ARCA\n3/2/2026 10:12:44,AAPL,S,100,152.10,1.00,ARCA\n',
      );
      const pairs = 'time=Exec Time,symbol=Symbol,side=Side,quantity=Qty,price=Price,commission=Comm';
      const inline = await run(box, [
        ...flags,
        'import',
        path,
        '--map',
        pairs,
        '--date-pattern',
        'M/d/yyyy H:mm:ss',
        '--source-tz',
        'America/New_York',
      ]);
      expect(inline).toMatchObject({ code: 0, stderr: '' });
      expect(inline.stdout.split('\n')[0]).toBe(
        'Format (--map): Mapped CSV from --map, 4 rows, times in America/New_York (--source-tz)',
      );
      // long 100 @ 150.25 → 152.10: 185 − 2 commission
      expect(await trades(flags)).toEqual([
        expect.objectContaining({ instrument: 'AAPL', entryTime: '2026-03-02T14:35:10.000Z', fees: 2, result: 183 }),
      ]);
      const profile = await file(
        'blotter.json',
        JSON.stringify({
          name: 'my-blotter',
          columns: { time: 'Exec Time', symbol: 'Symbol', side: 'Side', quantity: 'Qty', price: 'Price', commission: 'Comm' },
          datePattern: 'M/d/yyyy H:mm:ss',
        }),
      );
      const again = await runJson(box, [...flags, 'import', path, '--map', profile, '--source-tz', 'America/New_York']);
      expect(again).toMatchObject({
        format: { name: 'my-blotter', label: 'Mapped CSV "my-blotter"' },
        counts: { tradesCreated: 0, duplicates: 2 },
      });

      const missing = await run(box, [...flags, 'import', path, '--map', pairs.replace('symbol=Symbol', 'symbol=Ticker')]);
      expect(missing).toMatchObject({
        code: 1,
        stderr: 'tj: blotter.csv, line 2: the header lacks the mapped columns Ticker (nothing was imported)\n',
      });
      const unknown = await run(box, [...flags, 'import', path, '--map', 'tme=Exec Time']);
      expect(unknown.stderr).toBe(
        'tj: --map: unknown field "tme"; fields: time, symbol, side, quantity, price, commission, fees, account, execId, date\n',
      );
      const incomplete = await file('incomplete.json', '{"columns":{"time":"Exec Time"}}');
      expect((await run(box, [...flags, 'import', path, '--map', incomplete])).stderr).toBe(
        `tj: --map: ${incomplete}: columns.symbol: required; columns.quantity: required; columns.price: required\n`,
      );
      expect(await trades(flags)).toHaveLength(1);

      // Saved, the mapping reads the next file of these columns by itself; deleted, it no longer does.
      const saved = await run(box, [...flags, 'import', path, '--map', profile, '--save-profile', 'blotter', '--dry-run']);
      expect(saved.stderr).toContain('Saved the mapping as "blotter"');
      const detected = await runJson(box, [...flags, 'import', path, '--source-tz', 'America/New_York']);
      expect(detected).toMatchObject({ format: { name: 'blotter' }, counts: { tradesCreated: 0, duplicates: 2 } });
      expect((await run(box, [...flags, 'imports', 'profiles', 'show', 'blotter'])).stdout).toMatch(
        /^blotter\n {2}time {8}Exec Time\n/,
      );
      expect(await runJson(box, [...flags, 'imports', 'profiles', 'delete', 'blotter'])).toEqual({ deleted: 'blotter' });
      expect((await runJson(box, [...flags, 'imports', 'profiles', 'list'])).profiles).toEqual([]);
      expect((await run(box, [...flags, 'import', path])).stderr).toMatch(/^tj: blotter\.csv: not a format tj knows/);
      const noMap = await run(box, [...flags, 'import', path, '--save-profile', 'x']);
      expect(noMap).toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/^tj: --save-profile saves the mapping given with --map/),
      });
    });

    it('tj trades show lists the executions an imported trade was built from', async () => {
      const flags = await freshDb();
      await run(box, [...flags, 'import', fixture('tradovate-fills.csv')]);
      const es = (await trades(flags)).find((t) => t.instrument === 'ESZ6') as T;
      const shown = await run(box, [...flags, 'trades', 'show', es.id]);
      expect(shown.code).toBe(0);
      expect(shown.stdout).toContain('Executions (3)');
      expect(shown.stdout).toMatch(/2026-09-14 14:30 +│ buy +│ +2 │ +5,000\.25 │ +2\.58 │ +0\.00 │ 9001/);
      expect(shown.stdout).toMatch(/2026-09-14 14:40 +│ sell +│ +1 │ +5,001 │ +1\.29 │ +0\.00 │ 9003/);
      const json = await runJson(box, [...flags, 'trades', 'show', es.id]);
      expect(json.executions.map((e: T) => [e.side, e.quantity, e.price, e.execId])).toEqual([
        ['buy', 2, 5000.25, '9001'],
        ['sell', 1, 5003.5, '9002'],
        ['sell', 1, 5001, '9003'],
      ]);
      const byHand = await runJson(box, [
        ...flags,
        'trades',
        'add',
        ...'--instrument AAPL --direction long --entry-price 1 --size 1'.split(' '),
      ]);
      expect((await run(box, [...flags, 'trades', 'show', byHand.id])).stdout).not.toContain('Executions');
    });

    it('reads the naive times of our fills and trades CSVs in --source-tz, else --tz, as documented', async () => {
      const path = await file(
        'naive-fills.csv',
        'datetime,symbol,side,quantity,price\n2026-11-02 09:30:00,AAPL,buy,10,100\n2026-11-02 10:00:00,AAPL,sell,10,101\n',
      );
      const bySource = await freshDb();
      const r = await run(box, [...bySource, 'import', path, '--source-tz', 'America/New_York']);
      expect(r.code).toBe(0);
      expect(r.stdout.split('\n')[0]).toBe(
        'Detected: Trading journal Fills CSV, 3 rows, times in America/New_York (--source-tz)',
      );
      // 09:30 EST = 14:30Z; 10 × (101 − 100)
      expect(await trades(bySource)).toMatchObject([
        { entryTime: '2026-11-02T14:30:00.000Z', exitTime: '2026-11-02T15:00:00.000Z', result: 10 },
      ]);

      const byTz = await freshDb();
      const json = await runJson(box, [...byTz.slice(0, 2), '--tz', 'America/New_York', 'import', path]);
      expect(json.sourceTz).toBe('America/New_York');
      expect(await trades(byTz)).toMatchObject([{ entryTime: '2026-11-02T14:30:00.000Z', result: 10 }]);

      // Our trades CSV too: a naive entryTime in --source-tz (Tokyo, UTC+9), an exitTime with its offset.
      const tradesCsv = await file(
        'naive-trades.csv',
        'instrument,direction,entryPrice,positionSize,entryTime,exitPrice,exitTime\nNKD,long,100,2,2026-11-02 09:00,103,2026-11-02T01:30:00Z\n',
      );
      const t = await run(box, [...bySource, 'import', tradesCsv, '--source-tz', 'Asia/Tokyo']);
      expect(t.code).toBe(0);
      expect((await trades(bySource)).find((x) => x.instrument === 'NKD')).toMatchObject({
        entryTime: '2026-11-02T00:00:00.000Z',
        exitTime: '2026-11-02T01:30:00.000Z',
        result: 6,
      });
    });

    it('shows a progress bar only on a terminal, and none with --no-progress', async () => {
      const flags = await freshDb();
      const shown = await runPty(box, [...flags, 'import', fixture('tradovate-fills.csv'), '--dry-run']);
      expect(shown.code).toBe(0);
      expect(shown.text).toMatch(/Importing tradovate-fills\.csv {2}\[[█░]{24}\] +\d+% {2}\d+ rows {2}[\d,]+ rows\/s/);
      const hidden = await runPty(box, [...flags, 'import', fixture('tradovate-fills.csv'), '--dry-run', '--no-progress']);
      expect(hidden.text).not.toContain('rows/s');
      const piped = await run(box, [...flags, 'import', fixture('tradovate-fills.csv'), '--dry-run']);
      expect(piped.stderr).toBe('');
    });
  });
}

describe('tj import --list-formats', () => {
  let box: Sandbox;
  beforeAll(async () => {
    box = await sandbox();
  });
  afterAll(() => box.cleanup());

  it('lists every format: its name, what it reads, the export to choose and a sample header', async () => {
    const r = await run(box, ['import', '--list-formats']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toContain('tradovate-fills  Tradovate Fills\n  reads:  executions with commissions');
    expect(r.stdout).toContain('  header: _id,_orderId,_contractId,_timestamp,');
    expect(r.stdout).toContain('ibkr-flex-xml  Interactive Brokers Flex Query (XML)');
    const json = await runJson(box, ['import', '--list-formats']);
    const names = json.formats.map((f: T) => f.name);
    expect(names).toEqual(expect.arrayContaining(['tradovate-fills', 'ninjatrader-executions', 'ibkr-activity', 'mt5-report']));
    expect(json.formats[0]).toEqual({
      name: expect.any(String),
      label: expect.any(String),
      broker: expect.any(String),
      title: expect.any(String),
      exportHint: expect.any(String),
      reads: expect.any(String),
      timeRule: expect.any(String),
      sampleHeader: expect.any(String),
    });
    const none = await run(box, ['import']);
    expect(none).toMatchObject({ code: 2, stderr: 'tj: tj import needs a FILE to import (or --list-formats)\n' });
  });
});

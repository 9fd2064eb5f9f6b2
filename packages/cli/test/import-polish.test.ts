/**
 * `tj import` with --account, several files, empty and header-only files, and the zone line; the
 * real CLI process, on SQLite and PostgreSQL.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeBrokerImport } from './support/broker-import.js';
import { run, runJson } from './support/cli.js';

const SCHWAB = join(import.meta.dirname, '../../../../shared/fixtures/brokers/schwab-transactions.csv');

const HEADER = 'datetime,symbol,side,quantity,price,commission,exec_id';
// January opens 100 AAPL and sells 50; February sells the other 50.
const JAN = [HEADER, '2026-01-05T14:30:00Z,AAPL,buy,100,190.00,1.00,e1', '2026-01-20T15:00:00Z,AAPL,sell,50,195.00,1.00,e2'].join(
  '\n',
);
const FEB = [HEADER, '2026-02-03T15:00:00Z,AAPL,sell,50,196.00,1.00,e3'].join('\n');

describeBrokerImport(
  '--account, several files, empty files, the zone',
  ({ freshDb, file, trades: readTrades, box: sandboxOf }) => {
    it('--account puts a Schwab file (no account column) in the account; the same again adds nothing', async () => {
      const db = await freshDb();
      const r = await run(sandboxOf(), [...db, 'import', SCHWAB, '--account', 'Schwab-IRA']);
      expect(r.code, r.stderr).toBe(0);
      // buy 100 AAPL at 150, sell at 155: (155 − 150) × 100 = 500
      expect(r.stdout).toMatch(/Schwab-IRA +│ AAPL +│ +1 │ +500\.00 │/);
      expect(r.stdout).toContain('Imported: 1 trade created, 0 updated.');
      const again = await run(sandboxOf(), [...db, 'import', SCHWAB, '--account', 'Schwab-IRA']);
      expect(again.stdout).toContain('Imported: 0 trades created, 0 updated; 2 already imported (skipped).');
      expect((await readTrades(db)).map((t) => [t.account, t.instrument, t.result])).toEqual([['Schwab-IRA', 'AAPL', 500]]);
    });

    it('--account on a file whose rows name their own account fails, naming the line and the account', async () => {
      const db = await freshDb();
      const path = await file('own-account.csv', `${HEADER},account\n2026-01-05T14:30:00Z,AAPL,buy,1,190,0,x1,U123\n`);
      const r = await run(sandboxOf(), [...db, 'import', path, '--account', 'Schwab-IRA']);
      expect(r).toMatchObject({
        code: 1,
        stderr:
          'tj: own-account.csv: line 2 names its own account "U123"; the account option (tj import --account) is for files without one: leave it out to keep the file\'s accounts (nothing was imported)\n',
      });
      expect(await readTrades(db)).toEqual([]);
    });

    it('imports several files, each its own import, with one total; --json prints an array of the reports', async () => {
      const db = await freshDb();
      const jan = await file('jan.csv', JAN);
      const feb = await file('feb.csv', FEB);
      const r = await run(sandboxOf(), [...db, 'import', jan, feb, '--account', 'IRA']);
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stdout.split('\n');
      expect(lines[0]).toBe('jan.csv');
      expect(lines).toContain('feb.csv');
      expect(lines).toContain('Imported: 1 trade created, 0 updated.');
      expect(lines).toContain('Imported: 0 trades created, 1 updated.');
      expect(lines.at(-2)).toBe('All 2 files: 1 trade created, 1 updated.');
      // 50 × (195 − 190) + 50 × (196 − 190) − 3 × 1.00 = 547, in IRA
      expect((await readTrades(db)).map((t) => [t.account, t.result])).toEqual([['IRA', 547]]);

      const other = await freshDb();
      const reports = await runJson(sandboxOf(), [...other, 'import', jan, feb, '--json']);
      expect(reports).toHaveLength(2);
      expect(reports.map((x: { counts: { rows: number; tradesCreated: number; tradesUpdated: number } }) => x.counts)).toEqual([
        expect.objectContaining({ rows: 2, tradesCreated: 1, tradesUpdated: 0 }),
        expect.objectContaining({ rows: 1, tradesCreated: 0, tradesUpdated: 1 }),
      ]);
    });

    it('stops at the first file refused: nothing of it written, the ones before it named and kept', async () => {
      const db = await freshDb();
      const jan = await file('jan2.csv', JAN);
      const empty = await file('empty.csv', '');
      const feb = await file('feb2.csv', FEB);
      const r = await run(sandboxOf(), [...db, 'import', jan, empty, feb]);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        'tj: empty.csv: the file is empty: there is nothing to import (nothing of empty.csv was imported; imported before it: jan2.csv)\n',
      );
      // January's trade stands, still open (February was never read).
      expect((await readTrades(db)).map((t) => [t.instrument, t.status])).toEqual([['AAPL', 'open']]);
    });

    it('a header-only file fails with its own message, exit 1', async () => {
      const db = await freshDb();
      const path = await file('header-only.csv', `${HEADER}\n`);
      expect(await run(sandboxOf(), [...db, 'import', path])).toMatchObject({
        code: 1,
        stdout: '',
        stderr:
          'tj: header-only.csv: no trades to import: the file has only a header (read as Trading journal Fills CSV) (nothing was imported)\n',
      });
    });

    it('names the source zone only when a time was read in it, and says when --source-tz was not needed', async () => {
      const db = await freshDb();
      const zoned = await file('zoned.csv', [HEADER, '2026-01-05T14:30:00Z,MSFT,buy,1,400,0,z1'].join('\n'));
      const r = await run(sandboxOf(), [...db, 'import', zoned, '--source-tz', 'America/Chicago']);
      expect(r.stdout.split('\n')[0]).toBe('Detected: Trading journal Fills CSV, 1 row, times with their own zone or UTC offset');
      expect(r.stderr).toBe('--source-tz America/Chicago was not used: every time in the file carries its own zone or offset\n');
      const naive = await file('naive.csv', [HEADER, '2026-01-05 09:30:00,NVDA,buy,1,100,0,n1'].join('\n'));
      const n = await run(sandboxOf(), [...db, 'import', naive, '--source-tz', 'America/Chicago']);
      expect(n.stdout.split('\n')[0]).toBe('Detected: Trading journal Fills CSV, 1 row, times in America/Chicago (--source-tz)');
      expect(n.stderr).toBe('');
    });
  },
);

/**
 * CSV injection (OWASP): `tj export` writes text a spreadsheet would evaluate (a start of `=`, `+`,
 * `-`, `@`, tab or CR) with a leading `'`, and `tj import` reads a trades CSV back to the original
 * text. On the built CLI process and a temporary SQLite database.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initDatabase, ok, runJson, type Sandbox, sandbox, sandboxFile } from './support/cli.js';

// csv-parse is a dependency of core, not of the CLI: loaded from where core resolves it.
const fromCore = createRequire(createRequire(import.meta.url).resolve('@tj/core/internal'));
const { parse } = fromCore('csv-parse/sync') as { parse(input: string): string[][] };

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(() => box.cleanup());

let dbCount = 0;
/** A fresh SQLite database with one user, in UTC; returns the flags that select it. */
const freshDb = () => initDatabase(box, join(box.dir, `injection-${++dbCount}.db`), ['--tz', 'UTC']);

/** The starts a spreadsheet evaluates, and `'` before one of them. */
const PREFIXES = ['=', '+', '-', '@', '\t', '\r', "'="];
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/;

/** The cells of a CSV file, the header row first. */
async function csvCells(path: string): Promise<string[][]> {
  return parse(await readFile(path, 'utf8'));
}

/** Every cell that starts a formula: none but a number the export wrote (a negative P&L). */
function formulaCells(rows: string[][]): string[] {
  return rows.flat().filter((c) => FORMULA_START.test(c) && !NUMBER.test(c));
}

type T = Record<string, unknown>;
const TEXT_FIELDS = ['instrument', 'setupType', 'notes', 'account', 'tags'] as const;
const texts = (t: T) => Object.fromEntries(TEXT_FIELDS.map((f) => [f, t[f]]));

describe('tj export: cells a spreadsheet would evaluate', { timeout: 180_000 }, () => {
  it('writes hostile trade text with a leading quote, and tj import reads it back to the original', async () => {
    const from = await freshDb();
    const to = await freshDb();
    for (const [i, p] of PREFIXES.entries()) {
      await ok(box, [
        ...from,
        'trades',
        'add',
        `--instrument=${p}ES${i}`,
        '--direction=long',
        '--entry-price=5000',
        '--size=1',
        '--multiplier=50',
        `--entry-time=2026-11-0${i + 1}T14:30:00Z`,
        '--exit-price=4999.75',
        `--exit-time=2026-11-0${i + 1}T15:00:00Z`,
        '--result=-12.5',
        `--setup=${p}SUM(1+1)*cmd|' /C calc'!A0`,
        `--notes=${p}HYPERLINK("http://x","y")`,
        `--account=${p}2+3+cmd`,
        `--tags=${p}tag,b`,
      ]);
    }
    const originals: T[] = (await runJson(box, [...from, 'trades', 'list', '--limit', '100'])).trades;
    expect(originals).toHaveLength(PREFIXES.length);
    // The notes keep their first character; the other text fields are trimmed by the trade schema.
    expect(originals.map((t) => (t.notes as string)[0]).sort()).toEqual(['\t', '\r', "'", '+', '-', '=', '@'].sort());

    const out = join(box.dir, 'hostile-trades.csv');
    expect(await runJson(box, [...from, 'export', 'trades', '--format', 'csv', '--out', out])).toMatchObject({
      exported: PREFIXES.length,
    });
    const rows = await csvCells(out);
    expect(formulaCells(rows)).toEqual([]);
    const header = rows[0] as string[];
    const column = (name: string) => rows.slice(1).map((r) => r[header.indexOf(name)]);
    expect(column('result')).toEqual(PREFIXES.map(() => '-12.5'));
    expect(column('notes').every((c) => c?.startsWith("'"))).toBe(true);
    expect((await readFile(out, 'utf8')).includes(',-12.5,')).toBe(true);

    const record = await runJson(box, [...to, 'import', out]);
    expect(record).toMatchObject({ format: { name: 'tj-trades' }, counts: { tradesCreated: PREFIXES.length } });
    const imported: T[] = (await runJson(box, [...to, 'trades', 'list', '--limit', '100'])).trades;
    expect(imported.map(texts)).toEqual(originals.map(texts));

    // And the copy exports to the same file, cell for cell but the record times.
    const again = join(box.dir, 'hostile-trades-again.csv');
    await ok(box, [...to, 'export', 'trades', '--out', again]);
    const skip = new Set(['createdAt', 'updatedAt']);
    const stable = (r: string[][]) => r.map((cells) => cells.filter((_, i) => !skip.has(header[i] as string)));
    expect(stable(await csvCells(again))).toEqual(stable(rows));
  });

  it('writes a hostile journal field with a leading quote', async () => {
    const db = await freshDb();
    const plan = '=HYPERLINK("http://x","y")';
    await ok(box, [
      ...db,
      'journal',
      'add',
      '--date=2026-11-20',
      `--plan=${plan}`,
      '--review=-2+3+cmd',
      '--premarket=fine, calm',
      '--lessons=@SUM(1+1);wait',
      '--tags=+tag,b',
      '--energy=7',
    ]);
    const out = join(box.dir, 'hostile-journal.csv');
    await ok(box, [...db, 'export', 'journal', '--out', out]);
    const text = await readFile(out, 'utf8');
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    const rows = await csvCells(out);
    expect(formulaCells(rows)).toEqual([]);
    const [header, row] = rows as [string[], string[]];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('tradingPlan')).toBe(`'${plan}`);
    expect(cell('postmarketReview')).toBe("'-2+3+cmd");
    expect(cell('premarketAnalysis')).toBe('fine, calm');
    expect(cell('lessonsLearned')).toBe("'@SUM(1+1)\nwait");
    expect(cell('tags')).toBe("'+tag;b");
    expect(cell('energy')).toBe('7');
    expect(cell('date')).toBe('2026-11-20');
  });

  it('writes a skipped row that starts a formula with a leading quote in the --skip-invalid report', async () => {
    const db = await freshDb();
    const path = await sandboxFile(
      box,
      'hostile-skipped.csv',
      'notes,instrument,direction,entryPrice,positionSize,entryTime\n' +
        'fine,ES,long,5000,1,2026-11-02T14:30:00Z\n' +
        '@SUM(1+1)*cmd,ES,long,abc,1,2026-11-02T15:30:00Z\n',
    );
    const record = await runJson(box, [...db, 'import', path, '--skip-invalid']);
    expect(record.counts).toMatchObject({ tradesCreated: 1, invalid: 1 });
    const rows = await csvCells(`${path}.skipped.csv`);
    expect(rows[0]).toEqual(['line', 'message', 'raw']);
    expect(rows[1]?.[2]).toBe("'@SUM(1+1)*cmd,ES,long,abc,1,2026-11-02T15:30:00Z");
    expect(formulaCells(rows)).toEqual([]);
  });
});

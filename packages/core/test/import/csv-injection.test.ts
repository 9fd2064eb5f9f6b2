import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  formatTradeCsvRow,
  formatTradesCsvHeader,
  neutralizeCsvCell,
  readTradesCsv,
  restoreCsvCell,
  TRADES_CSV_COLUMNS,
  type TradeCsvItem,
  type TradeCsvRecord,
} from '../../src/import/index.js';
import { collect } from './support.js';

const read = (text: string): Promise<TradeCsvItem[]> => collect(readTradesCsv([text]));

/** The starts a spreadsheet evaluates (OWASP "CSV Injection"), and `'` before one of them. */
const PREFIXES = ['=', '+', '-', '@', '\t', '\r', "'="];

const BASE: TradeCsvRecord = {
  instrument: 'ES',
  direction: 'long',
  entryPrice: 5000,
  positionSize: 1,
  entryTime: '2026-11-20T14:30:00.000Z',
  exitPrice: 4999.75,
  exitTime: '2026-11-20T15:00:00.000Z',
  result: -12.5,
  fees: 0,
  multiplier: 50,
};

/** The written cell of a neutralised text: a leading `'` added, double-quoted, quotes doubled. */
const neutralised = (text: string) => `"'${text.replaceAll('"', '""')}"`;

describe('CSV injection: text cells a spreadsheet would evaluate', () => {
  for (const prefix of PREFIXES) {
    it(`neutralises text starting with ${JSON.stringify(prefix)} and reads it back to the original`, async () => {
      const record: TradeCsvRecord = {
        ...BASE,
        instrument: `${prefix}ES`,
        setupType: `${prefix}SUM(1+1)*cmd|' /C calc'!A0`,
        notes: `${prefix}HYPERLINK("http://x","y")`,
        account: `${prefix}2+3+cmd`,
        tags: [`${prefix}tag`, 'b'],
      };
      const row = formatTradeCsvRow(record);
      for (const text of [record.instrument, record.setupType, record.notes, record.account] as string[]) {
        expect(row).toContain(`,${neutralised(text)},`);
      }
      expect(row).toContain(`,${neutralised(`${prefix}tag;b`)},`);
      expect(row).toContain(',-12.5,');

      // As a CSV parser gives them, the cells start with `'`; numbers and dates are as before.
      const [cells] = parse(row) as string[][];
      const cell = (column: (typeof TRADES_CSV_COLUMNS)[number]) => cells?.[TRADES_CSV_COLUMNS.indexOf(column)];
      for (const column of ['instrument', 'setupType', 'notes', 'account', 'tags'] as const) {
        expect(cell(column)).toMatch(/^'/);
      }
      expect(cell('result')).toBe('-12.5');
      expect(cell('entryTime')).toBe('2026-11-20T14:30:00.000Z');

      const [item] = await read([formatTradesCsvHeader(), row].join('\r\n'));
      expect(item?.input).toMatchObject({
        instrument: record.instrument,
        setupType: record.setupType,
        notes: record.notes,
        account: record.account,
        result: -12.5,
      });
      // A tag is trimmed by the tag rules (and the trade schema), so a tab or CR before one is dropped.
      expect(item?.input.tags).toEqual([`${prefix}tag`.trim(), 'b']);
    });
  }

  it("keeps any other leading quote: a note like `'tis fine` is written and read as is", async () => {
    const record: TradeCsvRecord = { ...BASE, notes: "'tis fine", setupType: "'quoted'", tags: ["'t", "'=x"] };
    const row = formatTradeCsvRow(record);
    expect(row).toContain(",'tis fine,");
    expect(row).toContain(",'quoted',");
    expect(row).toContain(",'t;'=x,");
    const [item] = await read([formatTradesCsvHeader(), row].join('\n'));
    expect(item?.input).toMatchObject({ notes: "'tis fine", setupType: "'quoted'", tags: ["'t", "'=x"] });
  });

  it('leaves text that is safe and numbers as they were', () => {
    expect(neutralizeCsvCell('fade')).toBe('fade');
    expect(neutralizeCsvCell('a, b')).toBe('"a, b"');
    expect(neutralizeCsvCell('')).toBe('');
    expect(neutralizeCsvCell(' =1')).toBe(' =1');
    expect(neutralizeCsvCell('-12.5')).toBe(`"'-12.5"`); // as text; numbers are not written through it
    const row = formatTradeCsvRow({ ...BASE, result: -12.5, stopLoss: null });
    expect(row).toBe(',ES,long,5000,1,2026-11-20T14:30:00.000Z,,,,,,0,50,4999.75,2026-11-20T15:00:00.000Z,-12.5,,,,,,,,,,,');
  });

  it('restoreCsvCell undoes neutralizeCsvCell for any text, runs of quotes included', () => {
    const texts = ['=1', "'=1", "''=1", "'''@x", "'", "''", "'tis", "''tis", '-', 'plain', '\t', "'\r\n", ''];
    for (const text of texts) {
      const [cells] = parse(`${neutralizeCsvCell(text)},end`) as string[][];
      expect(restoreCsvCell(cells?.[0] ?? '')).toBe(text);
    }
    expect(neutralizeCsvCell("''=1")).toBe(`"'''=1"`);
    expect(restoreCsvCell("'tis")).toBe("'tis");
    expect(restoreCsvCell("'=1")).toBe('=1');
  });
});

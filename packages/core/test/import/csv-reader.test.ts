import { describe, expect, it } from 'vitest';
import { type CsvRow, type NumberedLine, readCsv, readCsvHeader, readCsvReversed } from '../../src/import/index.js';
import { collect, failure } from './support.js';

function chunksOf(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function bytesOf(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

/** What a backward line reader yields for a text: numbered physical lines, last first. */
function reversedLines(text: string): NumberedLine[] {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((t, i) => ({ line: i + 1, text: t.replace(/\r$/, '') })).reverse();
}

const plain = (rows: CsvRow[]) => rows.map((r) => ({ line: r.line, fields: { ...r.fields } }));

const MESSY =
  '\uFEFF Symbol , Price,Note,\r\n' +
  'ACME,10.5,plain,\r\n' +
  '\r\n' +
  '"BE,TA","12","say ""hi""\r\nsecond line",\r\n' +
  '   \r\n' +
  ',,,\r\n' +
  'GAMMA,7,"é ü",\r\n';

const EXPECTED = [
  { line: 2, fields: { symbol: 'ACME', price: '10.5', note: 'plain' } },
  { line: 4, fields: { symbol: 'BE,TA', price: '12', note: 'say "hi"\r\nsecond line' } },
  { line: 8, fields: { symbol: 'GAMMA', price: '7', note: 'é ü' } },
];

describe('readCsv', () => {
  it('handles a BOM, CRLF, quoted fields, blank lines and trailing delimiters', async () => {
    expect(plain(await collect(readCsv([MESSY])))).toEqual(EXPECTED);
  });

  it('gives the same rows whatever the chunking, in text or bytes', async () => {
    for (const size of [1, 2, 3, 7, 64]) {
      expect(plain(await collect(readCsv(chunksOf(MESSY, size))))).toEqual(EXPECTED);
      expect(plain(await collect(readCsv(bytesOf(MESSY, size))))).toEqual(EXPECTED);
    }
  });

  it('reads LF files and a last line without a line break', async () => {
    const rows = await collect(readCsv(['a,b\n1,2\n\n3,"x\ny"']));
    expect(plain(rows)).toEqual([
      { line: 2, fields: { a: '1', b: '2' } },
      { line: 4, fields: { a: '3', b: 'x\ny' } },
    ]);
  });

  it('accepts a given header and reports it', async () => {
    const seen: string[][] = [];
    const rows = await collect(readCsv(['1,2\n'], { header: ['A', 'B'], onHeader: (h) => seen.push(h.names) }));
    expect(plain(rows)).toEqual([{ line: 1, fields: { a: '1', b: '2' } }]);
    expect(seen).toEqual([['A', 'B']]);
  });

  it('names line and column in errors', async () => {
    expect(await failure(collect(readCsv(['a,price\n1,2\n3,"4'])))).toBe('line 3, column price: unterminated quoted field');
    expect(await failure(collect(readCsv(['a,price\n1,2"\n'])))).toBe(
      'line 2, column price: a quote inside an unquoted field: quote the whole field and double the quote ("")',
    );
    expect(await failure(collect(readCsv(['a,price\n"1"x,2\n'])))).toBe(
      'line 2, column a: unexpected character after a closing quote',
    );
    expect(await failure(collect(readCsv(['a,price,c\n1,2\n'])))).toBe(
      'line 2, column c: missing field: the row has 2 fields, the header 3',
    );
    expect(await failure(collect(readCsv(['a,b\n1,2,3\n'])))).toBe('line 2: the row has 3 fields, the header only 2');
    expect(await failure(collect(readCsv(['a,A\n'])))).toBe('line 1, column A: duplicate column');
    expect(await failure(collect(readCsv(['a,,b\n'])))).toBe('line 1, column 2: empty column name in the header');
    expect(await failure(collect(readCsv([new Uint8Array([0x61, 0x0a, 0xff, 0x0a])])))).toBe(
      'line 2: the file is not valid UTF-8',
    );
  });

  it('bounds a record (an unterminated quote does not swallow the file): 413 naming the bound', async () => {
    const text = `a\n"${'x'.repeat(100)}`;
    await expect(collect(readCsv([text], { maxRecordLength: 50 }))).rejects.toMatchObject({
      code: 'payload_too_large',
      message: 'line 2: a record longer than 50 characters (an unterminated quote?) (the maxRecordLength bound is 50)',
      extensions: { limit: 'maxRecordLength', max: '50' },
    });
  });

  it('reads only the header with readCsvHeader', async () => {
    expect(await readCsvHeader(['\n\n A ,b,\n1,2\n'])).toEqual({ line: 3, names: ['A', 'b'] });
    expect(await readCsvHeader([''])).toBeUndefined();
  });
});

describe('readCsvReversed', () => {
  it('gives the forward rows in reverse order, multi-line fields reassembled', async () => {
    const header = await readCsvHeader([MESSY]);
    if (header === undefined) throw new Error('no header');
    const rows = await collect(readCsvReversed(reversedLines(MESSY), { header }));
    const expected = EXPECTED.map((r) => (r.line === 4 ? { ...r, fields: { ...r.fields, note: 'say "hi"\nsecond line' } } : r));
    expect(plain(rows)).toEqual([...expected].reverse());
  });

  it('reports an unbalanced quote', async () => {
    const text = 'a,b\n1,"x\n2,3\n';
    expect(await failure(collect(readCsvReversed(reversedLines(text), { header: { line: 1, names: ['a', 'b'] } })))).toBe(
      'line 2: unterminated quoted field',
    );
  });
});

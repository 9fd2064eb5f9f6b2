/**
 * The records of a bars file, read line by line (docs/decisions.md, "Price bars: files"): a bars
 * file is one bar a line, numbers and times without quotes, so a line is split at its delimiter;
 * a line that has a quote is read by csv-parse (a quoted cell with the delimiter inside it), and a
 * quoted cell never spans lines. Chart exports of a million bars read several times faster so
 * than through the general CSV reader. Blank lines are skipped; a line longer than the bound stops
 * the reading with the `maxRecordLength` error.
 */
import { parse } from 'csv-parse/sync';
import type { CsvChunks } from '../import/read/chunks.js';
import type { CsvLine } from '../import/read/csv-records.js';
import { lineError } from '../import/read/cell-error.js';
import { limitError } from '../shared/input-limits.js';

const BATCH = 5000;
const BREAK = /\r\n|\n|\r/;

/** One line's cells: split at the delimiter, or read as CSV when it has a quote. */
function cellsOf(text: string, delimiter: string, line: number): string[] {
  if (!text.includes('"')) return text.split(delimiter);
  try {
    const [record] = parse(text, { delimiter, relax_column_count: true, relax_quotes: true }) as string[][];
    return record ?? [''];
  } catch {
    throw lineError(line, 'a quoted cell is not closed on its line');
  }
}

/** Streams a bars file's records in batches, each with its physical line. */
export async function* readBarLines(chunks: CsvChunks, delimiter: string, maxRecordLength: number): AsyncGenerator<CsvLine[]> {
  const decoder = new TextDecoder('utf-8');
  let rest = '';
  let line = 0;
  let first = true;
  let batch: CsvLine[] = [];
  const take = (text: string): void => {
    for (const raw of text.split(BREAK)) {
      line++;
      if (raw.length > maxRecordLength) {
        throw limitError('maxRecordLength', maxRecordLength, `line ${line}: a record longer than ${maxRecordLength} characters`);
      }
      if (raw.trim() === '') continue;
      batch.push({ line, cells: cellsOf(raw, delimiter, line) });
    }
  };
  for await (const chunk of chunks) {
    let text = rest + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    if (first) {
      text = text.replace(/^\ufeff/, '');
      first = false;
    }
    // Up to the last break; a trailing \r may be half of \r\n, so it waits for the next chunk.
    let end = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
    if (end === text.length - 1 && text[end] === '\r')
      end = Math.max(text.lastIndexOf('\n', end - 1), text.lastIndexOf('\r', end - 1));
    if (end === -1) {
      rest = text;
    } else {
      rest = text.slice(end + 1);
      take(text.slice(0, text[end] === '\n' && text[end - 1] === '\r' ? end - 1 : end));
    }
    if (rest.length > maxRecordLength) {
      throw limitError(
        'maxRecordLength',
        maxRecordLength,
        `line ${line + 1}: a record longer than ${maxRecordLength} characters`,
      );
    }
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  rest += decoder.decode();
  if (rest !== '') take(rest);
  if (batch.length > 0) yield batch;
}

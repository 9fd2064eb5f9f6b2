import { cellError, lineError } from './cell-error.js';

/** One raw CSV record: its cells as written and the physical line where it starts. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A CSV header: the column names as written (trimmed) and the line it was on (0 if given). */
export interface CsvHeader {
  line: number;
  names: string[];
}

/** One data row: the physical line where it starts and its cells keyed by normalised column name. */
export interface CsvRow {
  line: number;
  fields: Record<string, string>;
}

/** Default column-name normalisation: trimmed and lower-cased. */
export function defaultNormalizeName(name: string): string {
  return name.trim().toLowerCase();
}

/** Loose column-name matching: case, blanks, `_` and `-` ignored (`entry_price` = `entryPrice`). */
export function looseColumnName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
}

/** True when every cell of a record is empty or blank: such lines are skipped. */
export function isBlankRecord(cells: readonly string[]): boolean {
  return cells.every((c) => c.trim() === '');
}

/** Builds a header from its record; trailing empty names (trailing delimiters) are dropped. */
export function headerFromRecord(record: CsvRecord): CsvHeader {
  const names = record.cells.map((c) => c.trim());
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  const empty = names.indexOf('');
  if (empty !== -1) throw cellError(record.line, String(empty + 1), 'empty column name in the header');
  return { line: record.line, names };
}

/**
 * Maps raw records to rows keyed by normalised column name. Extra trailing cells must be
 * empty (trailing delimiters); a row with fewer cells than the header is an error.
 */
export class CsvRowMapper {
  private readonly keys: string[];

  constructor(
    readonly header: CsvHeader,
    normalize: (name: string) => string = defaultNormalizeName,
  ) {
    this.keys = header.names.map(normalize);
    const seen = new Set<string>();
    this.keys.forEach((key, i) => {
      if (seen.has(key)) throw cellError(header.line, this.label(i), 'duplicate column');
      seen.add(key);
    });
  }

  /** The column name for a 0-based index, as written in the header. */
  label(index: number): string {
    return this.header.names[index] ?? String(index + 1);
  }

  /** The row of a record, or undefined for a blank line. */
  map(record: CsvRecord): CsvRow | undefined {
    const { cells, line } = record;
    if (isBlankRecord(cells)) return undefined;
    const width = this.keys.length;
    if (cells.length < width) {
      throw cellError(line, this.label(cells.length), `missing field: the row has ${cells.length} fields, the header ${width}`);
    }
    for (let i = width; i < cells.length; i++) {
      if ((cells[i] ?? '').trim() !== '') {
        throw lineError(line, `the row has ${cells.length} fields, the header only ${width}`);
      }
    }
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    for (let i = 0; i < width; i++) fields[this.keys[i] as string] = cells[i] as string;
    return { line, fields };
  }
}

/** The report of rows `tj import --skip-invalid` left out: a CSV of line, message and raw value. */
import { writeFileSync } from 'node:fs';
import type { ImportSkippedRow } from '@tj/core';
import { fileError } from '../errors.js';

/** Where the report goes by default: `FILE.skipped.csv` next to the file. */
export function defaultSkippedPath(file: string): string {
  return `${file}.skipped.csv`;
}

/** Writes the skipped rows the import's report lists to `path` (header first); `quote` is core's CSV cell quoting. */
export function writeSkippedReport(path: string, rows: readonly ImportSkippedRow[], quote: (cell: string) => string): void {
  const lines = rows.map((row) => `${row.line},${quote(row.message)},${quote(row.raw)}\n`);
  try {
    writeFileSync(path, `line,message,raw\n${lines.join('')}`);
  } catch (e) {
    throw fileError(e, path, true);
  }
}

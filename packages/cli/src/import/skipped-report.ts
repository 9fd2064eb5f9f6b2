/** The report of rows `tj import --skip-invalid` left out: a CSV of line, message and raw value. */
import { closeSync, openSync, writeSync } from 'node:fs';
import { fileError } from '../errors.js';

/** A skipped row as core reports it. */
export interface SkippedRowLike {
  line: number;
  message: string;
  raw: string;
}

/** Where the report goes by default: `FILE.skipped.csv` next to the file. */
export function defaultSkippedPath(file: string): string {
  return `${file}.skipped.csv`;
}

/**
 * Writes skipped rows as they come (the file is created at the first one, so a clean import
 * leaves none behind). `quote` is core's CSV cell quoting.
 */
export class SkippedReport {
  private fd: number | undefined;
  count = 0;

  constructor(
    readonly path: string,
    private readonly quote: (cell: string) => string,
  ) {}

  /** Appends one row (the header first). */
  add(row: SkippedRowLike): void {
    if (this.fd === undefined) {
      try {
        this.fd = openSync(this.path, 'w');
      } catch (e) {
        throw fileError(e, this.path, true);
      }
      writeSync(this.fd, 'line,message,raw\n');
    }
    this.count++;
    writeSync(this.fd, `${row.line},${this.quote(row.message)},${this.quote(row.raw)}\n`);
  }

  /** Closes the file, if one was written. */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

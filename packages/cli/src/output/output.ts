import Table from 'cli-table3';
import { type Colors, colorEnabled, colors } from './colors.js';

/** A writable the CLI prints to (process.stdout in production). */
export interface Sink {
  write(chunk: string): boolean;
  isTTY?: boolean;
  columns?: number;
  once?(event: 'drain', listener: () => void): unknown;
}

/** Cell alignment of a table column. */
export type Align = 'left' | 'right';

/**
 * The CLI's one output module. With `--json` a command prints exactly one JSON document on
 * stdout and nothing else; otherwise tables and lines for people. Diagnostics go to stderr.
 */
export class Output {
  readonly c: Colors;

  constructor(
    readonly stdout: Sink,
    readonly stderr: Sink,
    readonly json: boolean,
    env: Record<string, string | undefined>,
  ) {
    this.c = colors(colorEnabled(stdout, env));
  }

  /** Prints `data` as JSON with --json, else calls `human` to print it for people. */
  result<T>(data: T, human: (data: T) => void): void {
    if (this.json) this.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
    else human(data);
  }

  /** Like {@link result}, for human output that needs more data first (short ids, names). */
  async resultAsync<T>(data: T, human: (data: T) => Promise<void>): Promise<void> {
    if (this.json) this.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
    else await human(data);
  }

  /** A line on stdout (human output only: silent with --json). */
  line(text = ''): void {
    if (!this.json) this.stdout.write(`${text}\n`);
  }

  /** A notice on stderr (shown in both modes). */
  note(text: string): void {
    this.stderr.write(`${text}\n`);
  }

  /** Writes raw text to stdout, waiting for the stream to drain when it asks to (large exports). */
  async write(text: string): Promise<void> {
    if (!this.stdout.write(text) && this.stdout.once) {
      await new Promise<void>((resolve) => this.stdout.once?.('drain', resolve));
    }
  }

  /** Width of the terminal, or `fallback` when not a terminal. */
  width(fallback = 80): number {
    return this.stdout.isTTY && this.stdout.columns ? this.stdout.columns : fallback;
  }

  /** A table rendered with cli-table3 (colours only when on). */
  table(head: string[], rows: string[][], align: Align[] = []): string {
    const table = new Table({
      head: head.map((h) => this.c.bold(h)),
      colAligns: head.map((_, i) => align[i] ?? 'left'),
      style: { head: [], border: [], compact: true },
    });
    for (const row of rows) table.push(row);
    return table.toString();
  }

  /** Prints a table (human output only). */
  printTable(head: string[], rows: string[][], align: Align[] = []): void {
    this.line(this.table(head, rows, align));
  }

  /** Prints label/value pairs as a two-column table. */
  printFields(fields: Array<[string, string]>): void {
    const table = new Table({ style: { head: [], border: [], compact: true } });
    for (const [k, v] of fields) table.push({ [this.c.bold(k)]: v });
    this.line(table.toString());
  }

  /** Money coloured by sign. */
  pnl(value: number | null | undefined, text: string): string {
    if (value === null || value === undefined || value === 0) return text;
    return value > 0 ? this.c.green(text) : this.c.red(text);
  }
}

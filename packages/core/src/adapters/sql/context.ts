import type { Kysely } from 'kysely';
import type { SqlCapabilities } from './capabilities.js';
import type { TouchedDays } from './day-summaries.js';
import type { Database } from './schema.js';

/** What every repository gets: a connection or transaction and what its database can do. */
export interface SqlContext {
  db: Kysely<Database>;
  caps: SqlCapabilities;
  /** True inside a transaction (row locks are taken only there). */
  inTransaction: boolean;
  /** An embedded database's one connection, for running SQL at once (absent on a server database). */
  direct?: DirectConnection | undefined;
  /** Inside a transaction: the days whose summaries its trade writes changed, recomputed before it commits. */
  touched?: TouchedDays | undefined;
}

/**
 * Runs compiled SQL synchronously on an embedded database's only connection, skipping the query
 * executor's queue: the rows (none for a write), or `undefined` when a transaction the caller is
 * not part of is open on that connection, and the caller must queue through kysely as usual.
 */
export type DirectRunner = (sql: string, params: readonly unknown[], inTransaction: boolean) => unknown[] | undefined;

/** An embedded database's only connection, used synchronously where that skips the query executor. */
export interface DirectConnection {
  /** Runs compiled SQL at once (see {@link DirectRunner}). */
  run: DirectRunner;
  /**
   * Runs `fn` at once in one write transaction (committed when it returns, rolled back when it
   * throws); inside it, `run` is called with `inTransaction` true. `undefined` when a transaction
   * the caller is not part of is open on the connection, and `fn` did not run.
   */
  transaction<T>(fn: () => T): { value: T } | undefined;
}

/** Rows a driver gave as arrays of values, as objects keyed by `columns` (cheaper than the drivers' own naming). */
export function namedRows(columns: readonly string[], rows: readonly unknown[][]): Record<string, unknown>[] {
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) row[columns[i] as string] = values[i];
    return row;
  });
}

/** Parses a JSON array column. */
export function jsonArray(text: string): string[] {
  return JSON.parse(text) as string[];
}

/** A nullable integer column as a number (PostgreSQL's BIGINT arrives as a string). */
export function numberOrNull(v: number | string | null): number | null {
  return v === null ? null : Number(v);
}

/** Offset of a page. */
export function offsetOf(page: { page: number; limit: number }): number {
  return (page.page - 1) * page.limit;
}

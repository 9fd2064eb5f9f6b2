import type { Expression, Kysely, SqlBool } from 'kysely';
import type { Database, Dialect } from './schema.js';

/**
 * What differs between the SQL databases beyond kysely's dialect, declared by each adapter, so
 * shared repository code never asks which database it runs on.
 */
export interface SqlCapabilities {
  /** A predicate: the JSON array text in `column` holds the string `value` as an element. */
  jsonArrayHas(column: string, value: string): Expression<SqlBool>;
}

/** What every repository gets: a connection or transaction and the dialect it speaks. */
export interface SqlContext {
  db: Kysely<Database>;
  dialect: Dialect;
  caps: SqlCapabilities;
  /** True inside a transaction (row locks are taken only there). */
  inTransaction: boolean;
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

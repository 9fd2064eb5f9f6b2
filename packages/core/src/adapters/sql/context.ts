import type { Kysely } from 'kysely';
import type { Database, Dialect } from './schema.js';

/** What every repository gets: a connection or transaction and the dialect it speaks. */
export interface SqlContext {
  db: Kysely<Database>;
  dialect: Dialect;
  /** True inside a transaction (row locks are taken only there). */
  inTransaction: boolean;
}

/** Parses a JSON array column. */
export function jsonArray(text: string): string[] {
  return JSON.parse(text) as string[];
}

/** Offset of a page. */
export function offsetOf(page: { page: number; limit: number }): number {
  return (page.page - 1) * page.limit;
}

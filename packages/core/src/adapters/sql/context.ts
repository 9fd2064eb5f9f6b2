import type { Kysely } from 'kysely';
import type { SqlCapabilities } from './capabilities.js';
import type { DirectConnection } from './compiled-cache.js';
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

/** Offset of a page. */
export function offsetOf(page: { page: number; limit: number }): number {
  return (page.page - 1) * page.limit;
}

import type { Expression, Kysely, RawBuilder, SqlBool } from 'kysely';
import type { StorageCapabilities } from '../../storage/ports.js';
import type { SchemaCapabilities } from './migrations/dialect.js';
import type { Dialect } from './schema.js';

/** Types a parameter can be given where the database cannot infer it. */
export type ParamType = 'uuid' | 'bigint' | 'text' | 'double precision';

/**
 * What differs between the SQL databases beyond kysely's dialect, declared by each adapter (its
 * `capabilities.ts`), so the shared repositories and migrations never ask which database they run on.
 */
export interface SqlCapabilities extends StorageCapabilities {
  /** The database's name, for logs and the keys of cached statements; never a branch. */
  readonly label: Dialect;
  /** How migrations spell the schema on this database. */
  readonly schema: SchemaCapabilities;
  /**
   * `SELECT … FOR UPDATE` locks the rows it reads until the transaction ends, so a read-modify-write
   * holds them. Without row locks, writing transactions already run one at a time.
   */
  readonly rowLocks: boolean;
  /**
   * `FOR UPDATE SKIP LOCKED` (and UPDATEs in `WITH`): concurrent claimers each take rows no other
   * one holds, in one statement. Without it, one writer at a time makes a plain UPDATE the claim.
   */
  readonly skipLocked: boolean;
  /**
   * Takes the database's write lock first thing in a transaction that reads before it writes, where
   * a reader cannot wait for that lock later (SQLite fails at once with SQLITE_BUSY); absent where
   * writers lock rows instead.
   */
  takeWriteLock?(db: Kysely<any>): Promise<void>;
  /** Serialises migrations run by several processes at once, inside each migration's transaction; absent where not needed. */
  lockMigrations?(db: Kysely<any>): Promise<void>;
  /** The scalar function that returns the greater of its arguments (`GREATEST`, SQLite's two-argument `max`). */
  readonly greatest: string;
  /** The aggregate that sums 64-bit integers without failing on overflow (SQLite's `sum` fails; its `total` does not). */
  readonly overflowSafeSum: string;
  /** `value` as a parameter of `type`, spelled out where the database cannot infer it (a VALUES list). */
  typedParam(value: unknown, type: ParamType): RawBuilder<unknown>;
  /**
   * A table expression of `rows` (each an array of values in `columns` order) named `alias`,
   * passed as a fixed number of parameters whatever the number of rows, so the statement's text
   * (and its prepared plan) is the same for every batch: `SELECT * FROM ${rowsTable(…)}`.
   */
  rowsTable(
    alias: string,
    columns: ReadonlyArray<readonly [name: string, type: ParamType]>,
    rows: unknown[][],
  ): RawBuilder<unknown>;
  /**
   * Writes many rows of one table (every record with the same columns) in fewer, larger statements
   * than multi-row INSERTs allow; absent where multi-row INSERTs are already the fastest way.
   */
  insertRows?(db: Kysely<any>, table: string, records: readonly Record<string, unknown>[]): Promise<void>;
  /** A predicate: the JSON array text in `column` holds the string `value` as an element. */
  jsonArrayHas(column: string, value: string): Expression<SqlBool>;
}

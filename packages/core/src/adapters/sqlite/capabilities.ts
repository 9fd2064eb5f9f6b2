import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely';
import type { SqlCapabilities } from '../sql/capabilities.js';
import { compileMigrations } from '../sql/migrations/index.js';

/** SQLite's schema: its own type names (UUIDs are TEXT), key-end covering indexes, WITHOUT ROWID tables. */
const schema: SqlCapabilities['schema'] = {
  types: { uuid: sql`TEXT`, bigint: sql`INTEGER`, integer: sql`INTEGER`, double: sql`REAL`, text: sql`TEXT` },
  indexInclude: false,
  clusteredTable: sql`WITHOUT ROWID`,
  // Ids are TEXT, stored lower case; a negative start counts from the end.
  shortIdOf: (column) => sql<string>`substr(${sql.ref(column)}, -10)`,
  compiler: new Kysely<any>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
};

/**
 * What SQLite can do: an embedded file with one writer at a time, so no row locks, no skipping
 * of locked rows, and a transaction that reads before it writes takes the write lock first.
 */
export const sqliteCapabilities: SqlCapabilities = {
  label: 'sqlite',
  schema,
  sharedAcrossProcesses: false,
  rowLocks: false,
  skipLocked: false,
  async takeWriteLock(db) {
    // A no-op write: it takes the write lock without changing a row.
    await sql`UPDATE events SET created_at = created_at WHERE 0`.execute(db);
  },
  greatest: 'max',
  overflowSafeSum: 'total',
  typedParam: (value) => sql`${value}`,
  // One JSON parameter: an array of rows, each an array read back by index.
  rowsTable: (alias, columns, rows) =>
    sql`(SELECT ${sql.raw(columns.map(([name], i) => `value ->> ${i} AS ${name}`).join(', '))} FROM json_each(${JSON.stringify(rows)})) AS ${sql.raw(alias)}`,
  jsonArrayHas: (column, value) => sql<boolean>`EXISTS (SELECT 1 FROM json_each(${sql.ref(column)}) WHERE value = ${value})`,
};

/** SQLite's schema versions, as the SQL it runs. */
export const sqliteMigrations = compileMigrations(schema);

import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import type { SqlCapabilities } from '../sql/capabilities.js';
import { compileMigrations } from '../sql/migrations/index.js';
import { insertRowsUnnest } from './bulk-insert.js';

/** PostgreSQL's schema: UUID, BIGINT and DOUBLE PRECISION columns, and indexes that carry columns with INCLUDE. */
const schema: SqlCapabilities['schema'] = {
  types: { uuid: sql`UUID`, bigint: sql`BIGINT`, integer: sql`INTEGER`, double: sql`DOUBLE PRECISION`, text: sql`TEXT` },
  indexInclude: true,
  // A uuid's text is lower case; the cast and right() are immutable, so an index can hold it.
  shortIdOf: (column) => sql<string>`right(${sql.ref(column)}::text, 10)`,
  pageRoom: (table, percent) => sql`ALTER TABLE ${sql.table(table)} SET (fillfactor = ${sql.lit(100 - percent)})`,
  compiler: new Kysely<any>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

/**
 * One column of rows as an array parameter: a column of numbers (or nulls) as the array literal
 * text PostgreSQL reads (`{1,2.5,NULL}`), written in one join instead of the driver quoting each
 * element; anything else as the array itself, for the driver to escape.
 */
function arrayParam(rows: unknown[][], i: number): unknown {
  const values = rows.map((r) => r[i]);
  if (!values.every((v) => v === null || (typeof v === 'number' && Number.isFinite(v)))) return values;
  return `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
}

/** The advisory lock every process takes before it looks at or applies a schema version. */
const MIGRATION_LOCK = 727274;

/**
 * What PostgreSQL can do: a server that many processes share, with row locks and SKIP LOCKED;
 * parameters in a VALUES list need their types spelled out.
 */
export const postgresCapabilities: SqlCapabilities = {
  label: 'postgres',
  schema,
  sharedAcrossProcesses: true,
  rowLocks: true,
  skipLocked: true,
  async lockMigrations(db) {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK)})`.execute(db);
  },
  greatest: 'GREATEST',
  overflowSafeSum: 'sum',
  insertRows: insertRowsUnnest,
  typedParam: (value, type) => sql`CAST(${value} AS ${sql.raw(type)})`,
  // One array parameter per column, zipped back into rows by unnest.
  rowsTable: (alias, columns, rows) =>
    sql`unnest(${sql.join(columns.map(([, type], i) => sql`CAST(${arrayParam(rows, i)} AS ${sql.raw(type)}[])`))}) AS ${sql.raw(alias)} (${sql.raw(columns.map(([name]) => name).join(', '))})`,
  // `?` is jsonb's element test; pg binds `$n`, so the operator is safe here.
  jsonArrayHas: (column, value) => sql<boolean>`(${sql.ref(column)})::jsonb ? ${value}`,
};

/** PostgreSQL's schema versions, as the SQL it runs. */
export const postgresMigrations = compileMigrations(schema);

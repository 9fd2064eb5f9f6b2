import type { ColumnDefinitionBuilder, CompiledQuery, CreateTableBuilder, Expression, Kysely, SchemaModule } from 'kysely';

/** The column types migrations name, each spelled the way the adapter's database spells it. */
export interface ColumnTypes {
  /** A UUID: a user's or a record's id. */
  uuid: Expression<unknown>;
  /** A 64-bit integer: times in ms, counts, money in micro-units, 0/1 flags. */
  bigint: Expression<unknown>;
  /** A 32-bit integer. */
  integer: Expression<unknown>;
  /** A double-precision float. */
  double: Expression<unknown>;
  /** Text of any length, JSON documents included. */
  text: Expression<unknown>;
}

/** What the migrations ask of a database's DDL, declared by its adapter. */
export interface SchemaCapabilities {
  /** How each column type is spelled. */
  types: ColumnTypes;
  /** Indexes can carry columns outside their key (`INCLUDE (…)`); without it, carried columns end the key. */
  indexInclude: boolean;
  /** The clause that stores a table clustered on its primary key, with no row id (SQLite's `WITHOUT ROWID`), if any. */
  clusteredTable?: Expression<unknown>;
  /**
   * The statement that leaves `percent` of each new page of `table` free for updates in place (PostgreSQL's
   * fillfactor, so an update that changes no indexed column writes no index entry), if the database has one.
   */
  pageRoom?: (table: string, percent: number) => Statement;
  /** A Kysely that only compiles (kysely's `DummyDriver`) with the adapter's query compiler. */
  compiler: Kysely<any>;
  /**
   * The short id of the id in `column` (its last 10 characters, lower case as stored), spelled the
   * same in the indexes that hold it and the queries that find records by it.
   */
  shortIdOf(column: string): Expression<string>;
}

/** What a migration builds its statements with. */
export interface MigrationTools {
  schema: SchemaModule;
  db: Kysely<any>;
  t: ColumnTypes;
  caps: SchemaCapabilities;
}

/** A statement a migration runs: a kysely builder or a `sql` template. */
export interface Statement {
  compile(db: Kysely<any>): CompiledQuery;
}

/** One forward-only schema version, written once for every database. Never edit a released one. */
export interface MigrationDefinition {
  version: number;
  name: string;
  up(tools: MigrationTools): Statement[];
}

/** A column that must have a value. */
export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/** Columns added to a table being created, in order. */
export type Columns = (table: CreateTableBuilder<string, string>) => CreateTableBuilder<string, string>;

/**
 * A table of a user's records: `user_id` and `id` first, then `columns`, keyed by (user_id, id)
 * as `<table>_pkey` (PostgreSQL's own name for it).
 */
export function recordTable(
  { schema, t }: Pick<MigrationTools, 'schema' | 't'>,
  table: string,
  columns: Columns,
): CreateTableBuilder<string, string> {
  const head = schema.createTable(table).addColumn('user_id', t.uuid, notNull).addColumn('id', t.uuid, notNull);
  return columns(head).addPrimaryKeyConstraint(`${table}_pkey`, ['user_id', 'id']);
}

/** `created_at` and `updated_at` (ms), which end most tables' columns. */
export function timestamps(t: ColumnTypes): Columns {
  return (table) => table.addColumn('created_at', t.bigint, notNull).addColumn('updated_at', t.bigint, notNull);
}

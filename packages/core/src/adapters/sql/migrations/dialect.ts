import type { ColumnDefinitionBuilder, CompiledQuery, Expression, Kysely, SchemaModule } from 'kysely';

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
  /** A Kysely that only compiles (kysely's `DummyDriver`) with the adapter's query compiler. */
  compiler: Kysely<any>;
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

import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, sql } from 'kysely';
import pg from 'pg';
import type { Storage } from '../../storage/ports.js';
import type { Database as Schema } from '../sql/schema.js';
import { preparedNameOf } from '../sql/compiled-cache.js';
import { namedRows } from '../sql/row-values.js';
import { createSqlStorage } from '../sql/storage.js';
import { translatePostgresError } from './errors.js';
import { postgresCapabilities, postgresMigrations } from './capabilities.js';

/** Options of the PostgreSQL storage. */
export interface PostgresStorageOptions {
  /** `postgres://user@host:port/database`, optionally with `?schema=name`. */
  url: string;
  /** Schema to use (created when missing); default the URL's `schema` parameter, else `public`. */
  schema?: string;
  /** Pool size; default 10. */
  max?: number;
}

const INT8 = 20;
const NUMERIC = 1700;

/** Parses int8 and numeric to numbers: every value we store fits a double exactly. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (v: string) => (v === null ? null : Number(v));
    return pg.types.getTypeParser(oid, format);
  },
};

/** A result whose rows came as arrays (`rowMode: 'array'`), with its rows named by their fields. */
const withNamedRows = (result: pg.QueryResult<unknown[]>): pg.QueryResult => ({
  ...result,
  rows: namedRows(
    result.fields.map((f) => f.name),
    result.rows,
  ),
});

/**
 * The pool with each client sending the statements the compiled-query cache holds as named
 * (prepared) statements: PostgreSQL parses and plans them once per connection, not per call. Their
 * rows come as arrays and are named here, which is cheaper than pg's per-row copy of a
 * dictionary-mode template object.
 */
function preparingHotStatements(pool: pg.Pool): PostgresPool {
  const prepared = new WeakSet<pg.PoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      if (!prepared.has(client)) {
        prepared.add(client);
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        client.query = ((text: unknown, values?: unknown) => {
          const name = typeof text === 'string' ? preparedNameOf(text) : undefined;
          if (name === undefined) return query(text, values);
          return (query({ name, text, values, rowMode: 'array' }) as Promise<pg.QueryResult<unknown[]>>).then(withNamedRows);
        }) as typeof client.query;
      }
      return client as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/**
 * Opens (migrating) a PostgreSQL database through a pg pool. Several processes may share it.
 *
 * @example const storage = await openPostgresStorage({ url: process.env.TJ_DATABASE_URL! });
 */
export async function openPostgresStorage(options: PostgresStorageOptions): Promise<Storage> {
  const url = new URL(options.url);
  const schema = options.schema ?? url.searchParams.get('schema') ?? 'public';
  url.searchParams.delete('schema');
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString: url.toString(),
    max: options.max ?? 10,
    types,
    // Named statements are only the hot, user-scoped queries (compiled-cache.ts), whose best plan
    // does not depend on the values (`user_id = $1` leads an index); a generic plan saves planning
    // each call, which PostgreSQL otherwise keeps doing when a parameter (OFFSET) hides the cost.
    options: `-c search_path=${schema} -c plan_cache_mode=force_generic_plan`,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: preparingHotStatements(pool) }) });
  try {
    if (schema !== 'public') await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(db);
    return await createSqlStorage(db, postgresCapabilities, postgresMigrations, translatePostgresError);
  } catch (e) {
    await db.destroy();
    throw translatePostgresError(e);
  }
}

export { translatePostgresError } from './errors.js';
export { postgresMigrations } from './capabilities.js';

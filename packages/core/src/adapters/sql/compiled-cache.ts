import { type Compilable, CompiledQuery, type Kysely } from 'kysely';

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

/** Names of the SQL texts the caches hold, for drivers that prepare named statements (bounded: the caches are). */
const statementNames = new Map<string, string>();

/** The prepared-statement name of `sql` when a compiled-query cache holds it, else undefined. */
export function preparedNameOf(sql: string): string | undefined {
  return statementNames.get(sql);
}

/** Gives `sql` a prepared-statement name (once; the texts named are a fixed few). */
export function nameStatement(sql: string): void {
  if (!statementNames.has(sql)) statementNames.set(sql, `tj_hot_${statementNames.size + 1}`);
}

/**
 * Runs hot queries without rebuilding them: the SQL that kysely compiles for a query *shape*
 * (which filters are present) is kept, and later calls send it with fresh parameters. A shape is
 * cached only after its compiled parameters were seen to equal the ones the caller computes, so a
 * wrong parameter order can never be cached; it is merely not sped up. Where the context has a
 * direct runner (SQLite), cached SQL skips the query executor too; a driver that prepares named
 * statements (PostgreSQL) may look its name up with {@link preparedNameOf}, so it is parsed and
 * planned once per connection.
 */
export function compiledQueryCache(capacity = 128) {
  const sqlByShape = new Map<string, string>();
  return async function run<R>(
    ctx: { db: Kysely<any>; direct?: DirectConnection | undefined; inTransaction?: boolean },
    shape: string,
    params: readonly unknown[],
    build: () => Compilable<R>,
  ): Promise<R[]> {
    const { db } = ctx;
    const sql = sqlByShape.get(shape);
    if (sql !== undefined) {
      const rows = ctx.direct?.run(sql, params, ctx.inTransaction === true);
      if (rows !== undefined) return rows as R[];
      return (await db.executeQuery<R>(CompiledQuery.raw(sql, [...params]))).rows;
    }
    const compiled = build().compile();
    const same = compiled.parameters.length === params.length && compiled.parameters.every((p, i) => p === params[i]);
    if (same && sqlByShape.size < capacity) {
      sqlByShape.set(shape, compiled.sql);
      nameStatement(compiled.sql);
    }
    return (await db.executeQuery<R>(compiled)).rows;
  };
}

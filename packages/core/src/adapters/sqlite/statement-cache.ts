import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type { DirectConnection } from '../sql/compiled-cache.js';
import { namedRows } from '../sql/row-values.js';

/**
 * Wraps a better-sqlite3 database so kysely reuses prepared statements: kysely prepares every
 * query it runs, and preparing costs more than running a small indexed query. Statements are
 * kept per SQL text in a bounded LRU; SQLite re-prepares them itself after a schema change.
 */
export function withStatementCache(db: BetterSqlite3.Database, capacity = 256): SqliteDatabase & { direct: DirectConnection } {
  const cache = new Map<string, SqliteStatement>();
  const cached = {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit) {
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const statement = db.prepare(sql) as unknown as SqliteStatement;
      cache.set(sql, statement);
      if (cache.size > capacity) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
  /** The column names of each reading statement, so rows can be read as arrays and named in JS. */
  const names = new WeakMap<SqliteStatement, string[]>();
  // BEGIN, COMMIT and ROLLBACK, prepared once: better-sqlite3's own transaction() builds a wrapper on every call.
  let control: { begin: BetterSqlite3.Statement; commit: BetterSqlite3.Statement; rollback: BetterSqlite3.Statement } | undefined;
  return { ...cached, direct: { run, transaction } };

  // better-sqlite3 runs each statement to its end before returning, so only a transaction left
  // open by another caller (waiting between its statements) can be on the connection now.
  function transaction<T>(fn: () => T): { value: T } | undefined {
    if (db.inTransaction) return undefined;
    control ??= { begin: db.prepare('BEGIN IMMEDIATE'), commit: db.prepare('COMMIT'), rollback: db.prepare('ROLLBACK') };
    control.begin.run();
    try {
      const value = fn();
      control.commit.run();
      return { value };
    } catch (e) {
      if (db.inTransaction) control.rollback.run();
      throw e;
    }
  }

  function run(sql: string, params: readonly unknown[], inTransaction: boolean): unknown[] | undefined {
    if (db.inTransaction && !inTransaction) return undefined;
    const statement = cached.prepare(sql) as unknown as BetterSqlite3.Statement<unknown[], unknown[]>;
    if (!statement.reader) {
      statement.run(...(params as unknown[]));
      return [];
    }
    // Rows come as arrays and are named here: cheaper than better-sqlite3 naming each column.
    let columns = names.get(statement as unknown as SqliteStatement);
    if (columns === undefined) {
      columns = statement.columns().map((c) => c.name);
      names.set(statement as unknown as SqliteStatement, columns);
    }
    let rows: unknown[][];
    try {
      rows = statement.raw(true).all(...(params as unknown[])) as unknown[][];
    } finally {
      statement.raw(false);
    }
    return namedRows(columns, rows);
  }
}

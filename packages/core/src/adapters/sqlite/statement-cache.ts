import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Wraps a better-sqlite3 database so kysely reuses prepared statements: kysely prepares every
 * query it runs, and preparing costs more than running a small indexed query. Statements are
 * kept per SQL text in a bounded LRU; SQLite re-prepares them itself after a schema change.
 */
export function withStatementCache(db: BetterSqlite3.Database, capacity = 256): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
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
}

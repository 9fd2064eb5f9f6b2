import { type Kysely, sql } from 'kysely';
import type { SqlCapabilities } from './capabilities.js';

/** One forward-only schema version as one database runs it: its statements run in one transaction. */
export interface Migration {
  version: number;
  name: string;
  statements: string[];
}

/**
 * Applies the migrations newer than the database's version, each in its own transaction,
 * recording them in `schema_migrations`. Where the database declares a migration lock (PostgreSQL's
 * advisory lock), it keeps several processes that start together from applying the same version twice.
 */
export async function migrate(
  db: Kysely<any>,
  migrations: Migration[],
  caps: Pick<SqlCapabilities, 'lockMigrations'>,
): Promise<number> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`.execute(
    db,
  );
  let applied = 0;
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    const done = await db.transaction().execute(async (trx) => {
      await caps.lockMigrations?.(trx);
      const row = await sql<{
        n: number | string;
      }>`SELECT count(*) AS n FROM schema_migrations WHERE version = ${m.version}`.execute(trx);
      if (Number(row.rows[0]?.n ?? 0) > 0) return false;
      for (const statement of m.statements) await sql.raw(statement).execute(trx);
      await sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (${m.version}, ${m.name}, ${Date.now()})`.execute(
        trx,
      );
      return true;
    });
    if (done) applied++;
  }
  return applied;
}

/** The highest applied schema version, 0 for an empty database. */
export async function schemaVersion(db: Kysely<any>): Promise<number> {
  const row = await sql<{ v: number | string | null }>`SELECT max(version) AS v FROM schema_migrations`.execute(db);
  return Number(row.rows[0]?.v ?? 0);
}

import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Storage } from '../../storage/ports.js';
import type { Database as Schema } from '../sql/schema.js';
import { createSqlStorage } from '../sql/storage.js';
import { translateSqliteError } from './errors.js';
import { sqliteCapabilities, sqliteMigrations } from './capabilities.js';
import { withStatementCache } from './statement-cache.js';

/** Options of the embedded SQLite storage. */
export interface SqliteStorageOptions {
  /** A file path, or `:memory:`. */
  file: string;
}

/**
 * Opens (creating and migrating) a SQLite database through better-sqlite3 in WAL mode.
 *
 * @example const storage = await openSqliteStorage({ file: './journal.db' });
 */
export async function openSqliteStorage(options: SqliteStorageOptions): Promise<Storage> {
  const database = new Database(options.file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  const statements = withStatementCache(database);
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: statements }) });
  try {
    return await createSqlStorage(db, sqliteCapabilities, sqliteMigrations, translateSqliteError, statements.direct);
  } catch (e) {
    await db.destroy();
    throw translateSqliteError(e);
  }
}

export { translateSqliteError } from './errors.js';
export { sqliteMigrations } from './capabilities.js';

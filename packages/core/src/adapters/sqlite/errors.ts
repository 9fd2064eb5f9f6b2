import { CoreError, ErrorCode } from '../../shared/errors.js';

/** Maps better-sqlite3 errors to core errors: unique and primary-key violations become `conflict`. */
export function translateSqliteError(e: unknown): unknown {
  if (e instanceof CoreError) return e;
  const code = (e as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return new CoreError(ErrorCode.conflict, 'a record with the same unique key already exists', undefined, undefined, {
      cause: e,
    });
  }
  if (code === 'SQLITE_BUSY') {
    return new CoreError(ErrorCode.unavailable, 'the database is busy, try again', undefined, 1, { cause: e });
  }
  return e;
}

import type { Storage } from '../storage/ports.js';

/** Where a database URL points. */
export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/**
 * Reads a database URL: `postgres://…` / `postgresql://…` is PostgreSQL; `sqlite:<path>` or a
 * plain path is SQLite.
 *
 * @example parseDatabaseUrl('sqlite:./j.db') // { kind: 'sqlite', file: './j.db' }
 */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: 'postgres', url };
  if (url.startsWith('sqlite://')) return { kind: 'sqlite', file: url.slice('sqlite://'.length) };
  if (url.startsWith('sqlite:')) return { kind: 'sqlite', file: url.slice('sqlite:'.length) };
  return { kind: 'sqlite', file: url };
}

/**
 * Opens the storage a URL names, loading only that adapter's driver.
 *
 * @example const storage = await openStorage('postgres://postgres@127.0.0.1:5432/test');
 */
export async function openStorage(url: string, options: { schema?: string; max?: number } = {}): Promise<Storage> {
  const target = parseDatabaseUrl(url);
  if (target.kind === 'postgres') {
    const { openPostgresStorage } = await import('./postgres/index.js');
    return openPostgresStorage({ url: target.url, ...options });
  }
  const { openSqliteStorage } = await import('./sqlite/index.js');
  return openSqliteStorage({ file: target.file });
}

import { homedir } from 'node:os';
import { join } from 'node:path';

/** Environment variables as the CLI reads them. */
export type Env = Record<string, string | undefined>;

const APP = 'trading-journal';

/** `$XDG_DATA_HOME/trading-journal`, else `~/.local/share/trading-journal`. */
export function dataDir(env: Env): string {
  return join(env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share'), APP);
}

/** `$XDG_CONFIG_HOME/trading-journal`, else `~/.config/trading-journal`. */
export function configDir(env: Env): string {
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), APP);
}

/** The default local database: `journal.db` in the data directory (contract section 8). */
export function defaultDatabasePath(env: Env): string {
  return join(dataDir(env), 'journal.db');
}

/** The database URL of local mode: `--db`, else `TJ_DATABASE_URL`, else the default file. */
export function databaseUrl(flag: string | undefined, env: Env): string {
  return flag || env.TJ_DATABASE_URL || defaultDatabasePath(env);
}

/** True when a database URL names PostgreSQL rather than a SQLite file. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** The SQLite file a URL names (`sqlite:` prefixes removed), or undefined for PostgreSQL and `:memory:`. */
export function sqliteFile(url: string): string | undefined {
  if (isPostgresUrl(url)) return undefined;
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  return file === ':memory:' ? undefined : file;
}

/** A database URL fit to print: any password in a PostgreSQL URL is masked. */
export function redactDatabaseUrl(url: string): string {
  if (!isPostgresUrl(url)) return url;
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

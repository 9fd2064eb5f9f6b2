import { type Kysely, sql } from 'kysely';
import type { Storage } from '../../storage/ports.js';
import { type Migration, migrate } from './migrate.js';
import { TouchedDays } from './day-summaries.js';
import { sqlRepositories } from './repositories.js';
import type { SqlCapabilities } from './capabilities.js';
import type { DirectConnection } from './compiled-cache.js';
import type { Database } from './schema.js';

/** How a dialect turns a driver error into a core error (or leaves it alone). */
export type ErrorTranslator = (e: unknown) => unknown;

/**
 * Builds the Storage port over a Kysely instance and what its database can do; migrations are
 * applied before it is returned. Driver errors thrown by repositories and transactions pass through `translate`.
 * An embedded database may pass its connection for running hot statements at once (see `DirectConnection`).
 */
export async function createSqlStorage(
  db: Kysely<Database>,
  caps: SqlCapabilities,
  migrations: Migration[],
  translate: ErrorTranslator,
  direct?: DirectConnection,
): Promise<Storage> {
  await migrate(db, migrations, caps);
  const wrap = <T extends object>(target: T): T => translating(target, translate);
  return {
    dialect: caps.label,
    capabilities: { sharedAcrossProcesses: caps.sharedAcrossProcesses },
    repos: wrap(sqlRepositories({ db, caps, inTransaction: false, direct })),
    async transaction(fn) {
      try {
        return await db.transaction().execute(async (trx) => {
          const touched = new TouchedDays();
          const result = await fn(wrap(sqlRepositories({ db: trx, caps, inTransaction: true, direct, touched })));
          await touched.flush(trx, caps);
          return result;
        });
      } catch (e) {
        throw translate(e);
      }
    },
    async ping() {
      try {
        await sql`SELECT 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await db.destroy();
    },
  };
}

/** Wraps each repository so its methods rethrow driver errors as core errors. */
function translating<T extends object>(repos: T, translate: ErrorTranslator): T {
  const out: Record<string, unknown> = {};
  for (const [name, repo] of Object.entries(repos)) {
    const wrapped: Record<string, unknown> = {};
    for (const [method, fn] of Object.entries(repo as Record<string, unknown>)) {
      if (typeof fn !== 'function') continue;
      wrapped[method] = (...args: unknown[]) => {
        let result: unknown;
        try {
          result = fn(...args);
        } catch (e) {
          throw translate(e);
        }
        // Promises are translated; anything else (the async iterables of scans) passes through.
        return result instanceof Promise
          ? result.catch((e: unknown) => {
              throw translate(e);
            })
          : result;
      };
    }
    out[name] = wrapped;
  }
  return out as T;
}

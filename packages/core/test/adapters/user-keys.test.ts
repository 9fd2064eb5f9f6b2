/**
 * Every table of a user's data carries `user_id` and leads its primary key and every index with
 * it, on both databases, so the schema can later be distributed by user (Citus). The few tables
 * and indexes that are not a user's data are named here, each with why.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DATABASES, schemaUrl, uniqueSchema } from '../../../../test/support/databases.js';

/** Tables that hold no one user's data. */
const GLOBAL_TABLES = new Set([
  'schema_migrations', // the schema's own version
  'settings', // server-wide settings (the JWT key)
  'rate_limits', // limiter state keyed by client address or e-mail, before anyone is known
  'users', // keyed by its id, which is the user id; e-mail uniqueness is global by nature
]);

/** Indexes on a user's table that the delivery worker scans across users, oldest first. */
const WORKER_INDEXES = new Set(['deliveries_due', 'events_created']);

type Keys = Map<string, { primary: string[]; indexes: Map<string, string[]> }>;

async function sqliteKeys(run: (q: string) => Promise<Record<string, unknown>[]>): Promise<Keys> {
  const keys: Keys = new Map();
  const tables = await run("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
  for (const { name } of tables as { name: string }[]) {
    const cols = (await run(`PRAGMA table_info(${name})`)) as { name: string; pk: number }[];
    const primary = cols
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const indexes = new Map<string, string[]>();
    for (const i of (await run(`PRAGMA index_list(${name})`)) as { name: string; origin: string }[]) {
      if (i.origin === 'pk') continue;
      indexes.set(
        i.name,
        ((await run(`PRAGMA index_info(${i.name})`)) as { name: string }[]).map((c) => c.name),
      );
    }
    keys.set(name, { primary, indexes });
  }
  return keys;
}

async function postgresKeys(client: pg.Client, schema: string): Promise<Keys> {
  const keys: Keys = new Map();
  const { rows } = await client.query<{ table: string; index: string; primary: boolean; columns: string[] }>(
    `SELECT t.relname AS "table", i.relname AS "index", x.indisprimary AS "primary",
            array_agg(a.attname::text ORDER BY k.ord) AS "columns"
       FROM pg_index x
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       CROSS JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, ord)
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE n.nspname = $1
      GROUP BY t.relname, i.relname, x.indisprimary`,
    [schema],
  );
  const tables = await client.query<{ table: string }>(
    'SELECT table_name AS "table" FROM information_schema.tables WHERE table_schema = $1 AND table_type = \'BASE TABLE\'',
    [schema],
  );
  for (const { table } of tables.rows) keys.set(table, { primary: [], indexes: new Map() });
  for (const r of rows) {
    const entry = keys.get(r.table);
    if (entry === undefined) continue;
    if (r.primary) entry.primary = r.columns;
    else entry.indexes.set(r.index, r.columns);
  }
  return keys;
}

/** Each violation as `table: what`, so a failure names every table at fault. */
function violations(keys: Keys): string[] {
  const out: string[] = [];
  for (const [table, { primary, indexes }] of keys) {
    if (GLOBAL_TABLES.has(table)) continue;
    if (primary[0] !== 'user_id') out.push(`${table}: primary key (${primary.join(', ')}) does not lead with user_id`);
    for (const [index, columns] of indexes) {
      if (WORKER_INDEXES.has(index)) continue;
      if (columns[0] !== 'user_id') out.push(`${table}: index ${index} (${columns.join(', ')}) does not lead with user_id`);
    }
  }
  return out;
}

describe.each(DATABASES)('the keys of user data on $name', (db) => {
  it.skipIf(!db.available)('lead with user_id in every table of a user’s data, primary keys and indexes alike', async () => {
    if (db.name === 'sqlite') {
      const { storage, url, cleanup } = await db.open();
      await storage.close();
      const file = new Database(url.replace(/^sqlite:/, ''), { readonly: true });
      try {
        const run = async (q: string) => file.prepare(q).all() as Record<string, unknown>[];
        const keys = await sqliteKeys(run);
        expect(keys.has('trades') && keys.has('import_profiles')).toBe(true);
        expect(violations(keys)).toEqual([]);
      } finally {
        file.close();
        await cleanup();
      }
      return;
    }
    const schema = uniqueSchema();
    const { openPostgresStorage } = await import('@tj/core/postgres');
    const storage = await openPostgresStorage({ url: schemaUrl(schema) });
    const client = new pg.Client({ connectionString: process.env.TJ_TEST_POSTGRES_URL });
    await client.connect();
    try {
      const keys = await postgresKeys(client, schema);
      expect(keys.has('trades') && keys.has('import_profiles')).toBe(true);
      expect(violations(keys)).toEqual([]);
    } finally {
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
      await storage.close();
    }
  });
});

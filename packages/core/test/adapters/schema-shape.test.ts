/**
 * The schema a fresh database gets, pinned column by column and index by index on each database.
 * Migrations are written once and compiled per adapter: a change in how that happens must not
 * change a single type, default, key or index that existing databases already have. The pinned
 * files were made by the hand-written migrations of schema version 23; later versions add to them.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DATABASES, schemaUrl, uniqueSchema } from '../../../../test/support/databases.js';

/** Index SQL without quoting, case and spacing differences. */
function normalized(text: string | null): string | null {
  if (text === null) return null;
  return text.replaceAll('"', '').replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').toLowerCase();
}

/** Every table of a SQLite file, a line each for the table, its columns and its indexes (with their columns). */
function sqliteSchema(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    const all = (q: string, ...args: unknown[]) => db.prepare(q).all(...args) as Record<string, unknown>[];
    const lines: string[] = [];
    for (const { name } of all(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )) {
      lines.push(`table ${name} without_rowid=${all('SELECT wr FROM pragma_table_list WHERE name = ?', name)[0]?.wr}`);
      for (const c of all('SELECT * FROM pragma_table_info(?)', name)) {
        lines.push(`  column ${c.cid} ${c.name} ${c.type} notnull=${c.notnull} default=${c.dflt_value} pk=${c.pk}`);
      }
      for (const i of all('SELECT * FROM pragma_index_list(?) ORDER BY name', name)) {
        const columns = all('SELECT * FROM pragma_index_xinfo(?)', i.name).map(
          (c) => `${c.name ?? '<rowid>'}${c.desc ? ' desc' : ''} ${c.coll}${c.key ? '' : ' (carried)'}`,
        );
        const text = all('SELECT sql FROM sqlite_master WHERE name = ?', i.name)[0]?.sql as string | null | undefined;
        lines.push(`  index ${i.name} unique=${i.unique} origin=${i.origin} partial=${i.partial}: ${columns.join(', ')}`);
        if (text) lines.push(`    ${normalized(text)}`);
      }
    }
    return lines;
  } finally {
    db.close();
  }
}

/** Every column, constraint and index of one PostgreSQL schema, a line each (the schema's name as `S`). */
async function postgresSchema(client: pg.Client, schema: string): Promise<string[]> {
  const q = async (text: string) => (await client.query(text, [schema])).rows as Record<string, unknown>[];
  const columns = await q(
    `SELECT table_name, ordinal_position, column_name, data_type, is_nullable, column_default
       FROM information_schema.columns WHERE table_schema = $1 ORDER BY table_name, ordinal_position`,
  );
  const constraints = await q(
    `SELECT t.relname AS table_name, c.conname, c.contype, pg_get_constraintdef(c.oid) AS definition
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = $1 ORDER BY t.relname, c.conname`,
  );
  const indexes = await q('SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY tablename, indexname');
  // Storage parameters (fillfactor…) of the tables that set any.
  const options = await q(
    `SELECT c.relname, c.reloptions FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind = 'r' AND c.reloptions IS NOT NULL ORDER BY c.relname`,
  );
  return [
    ...columns.map(
      (c) =>
        `column ${c.table_name}.${c.ordinal_position} ${c.column_name} ${c.data_type} nullable=${c.is_nullable} default=${c.column_default}`,
    ),
    ...constraints.map((c) => `constraint ${c.table_name} ${c.conname} ${c.contype}: ${c.definition}`),
    ...indexes.map((i) => `index ${i.indexname}: ${String(i.indexdef).replaceAll(`${schema}.`, 'S.')}`),
    ...options.map((o) => `options ${o.relname}: ${(o.reloptions as string[]).join(', ')}`),
  ];
}

describe.each(DATABASES)('the schema of a fresh database on $name', (db) => {
  it.skipIf(!db.available)('has exactly the pinned columns, keys and indexes', async () => {
    if (db.name === 'sqlite') {
      const { storage, url, cleanup } = await db.open();
      await storage.close();
      try {
        const dump = sqliteSchema(url.replace(/^sqlite:/, ''));
        await expect(`${dump.join('\n')}\n`).toMatchFileSnapshot('./schema/sqlite.txt');
      } finally {
        await cleanup();
      }
      return;
    }
    const schema = uniqueSchema();
    const { openPostgresStorage } = await import('@tj/core/postgres');
    const storage = await openPostgresStorage({ url: schemaUrl(schema) });
    await storage.close();
    const client = new pg.Client({ connectionString: process.env.TJ_TEST_POSTGRES_URL });
    await client.connect();
    try {
      const dump = await postgresSchema(client, schema);
      await expect(`${dump.join('\n')}\n`).toMatchFileSnapshot('./schema/postgres.txt');
    } finally {
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  });
});

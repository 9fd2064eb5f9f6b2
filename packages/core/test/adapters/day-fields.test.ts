/**
 * The per-day summary's fields are declared once (summaries/day-fields.ts) and the migrations
 * keep frozen copies of the columns they created: the declaration must name exactly the columns,
 * of the declared types, that a migrated database has, on every database.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { DAY_FIELDS, KINDS } from '../../src/summaries/day-fields.js';

/** How each database spells the declared SQL types. */
const SPELLING = {
  sqlite: { bigint: 'INTEGER', double: 'REAL', text: 'TEXT' },
  postgres: { bigint: 'bigint', double: 'double precision', text: 'text' },
} as const;

/** The columns of `trade_day_summaries` as `name type` lines, in table order. */
async function summaryColumns(url: string): Promise<string[]> {
  if (url.startsWith('sqlite:')) {
    const db = new Database(url.replace(/^sqlite:/, ''), { readonly: true });
    try {
      const rows = db.prepare("SELECT name, type FROM pragma_table_info('trade_day_summaries')").all() as Array<{
        name: string;
        type: string;
      }>;
      return rows.map((r) => `${r.name} ${r.type}`);
    } finally {
      db.close();
    }
  }
  const u = new URL(url);
  const schema = u.searchParams.get('schema') ?? 'public';
  u.searchParams.delete('schema');
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT column_name, data_type FROM information_schema.columns
        WHERE table_schema = $1 AND table_name = 'trade_day_summaries' ORDER BY ordinal_position`,
      [schema],
    );
    return rows.map((r) => `${r.column_name} ${r.data_type}`);
  } finally {
    await client.end();
  }
}

describe.each(DATABASES)('the declared day summary fields on $name', (db) => {
  it.skipIf(!db.available)('are the columns the migrations created, of the declared types', async () => {
    const { url, cleanup } = await db.open();
    try {
      const spelled = SPELLING[db.name];
      const declared = Object.values(DAY_FIELDS).map((f) => `${f.column} ${spelled[KINDS[f.kind].sqlType]}`);
      const key = [`user_id ${db.name === 'sqlite' ? 'TEXT' : 'uuid'}`, `day ${spelled.bigint}`];
      const stored = await summaryColumns(url);
      expect(stored.slice(0, 2)).toEqual(key);
      expect(stored.slice(2).sort()).toEqual(declared.sort());
    } finally {
      await cleanup();
    }
  });
});

/**
 * The per-day summary's fields are declared once (summaries/day-fields.ts) and the migrations
 * keep frozen copies of the columns they created: the declaration must name exactly the columns,
 * of the declared types, that a migrated database has (with the stamp beside them), on every
 * database; and the stamp must change with any change to the declaration.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import {
  DAY_FIELDS,
  DAY_FIELDS_REVISION,
  DAY_FIELDS_VERSION,
  type FieldSpec,
  fieldsStamp,
  KINDS,
} from '../../src/summaries/day-fields.js';

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
      declared.push(`fields_version ${spelled.text}`);
      const key = [`user_id ${db.name === 'sqlite' ? 'TEXT' : 'uuid'}`, `day ${spelled.bigint}`];
      const stored = await summaryColumns(url);
      expect(stored.slice(0, 2)).toEqual(key);
      expect(stored.slice(2).sort()).toEqual(declared.sort());
    } finally {
      await cleanup();
    }
  });
});

describe('the field declaration’s stamp', () => {
  it('is a short hash of the declaration, changed by any field’s name, column, kind, fold, a new field or the revision', () => {
    expect(DAY_FIELDS_VERSION).toMatch(/^[0-9a-f]{12}$/);
    expect(fieldsStamp({ ...DAY_FIELDS }, DAY_FIELDS_REVISION)).toBe(DAY_FIELDS_VERSION);
    const fields: Record<string, FieldSpec> = DAY_FIELDS;
    const renamed = Object.fromEntries(Object.entries(fields).map(([n, f]) => [n === 'fees' ? 'costs' : n, f]));
    const variants = [
      fieldsStamp(renamed, DAY_FIELDS_REVISION),
      fieldsStamp({ ...fields, fees: { column: 'fee', kind: 'money', fold: 'sum' } }, DAY_FIELDS_REVISION),
      fieldsStamp({ ...fields, fees: { column: 'fees', kind: 'integer', fold: 'sum' } }, DAY_FIELDS_REVISION),
      fieldsStamp({ ...fields, largestWin: { column: 'largest_win', kind: 'money', fold: 'sum' } }, DAY_FIELDS_REVISION),
      fieldsStamp({ ...fields, breakevenRN: { column: 'breakeven_r_n', kind: 'integer', fold: 'sum' } }, DAY_FIELDS_REVISION),
      fieldsStamp(fields, DAY_FIELDS_REVISION + 1),
    ];
    expect(new Set([DAY_FIELDS_VERSION, ...variants]).size).toBe(variants.length + 1);
  });
});

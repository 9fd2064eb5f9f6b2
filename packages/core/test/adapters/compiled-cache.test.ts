import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledQueryCache } from '../../src/adapters/sql/compiled-cache.js';

interface Db {
  t: { k: string; v: number };
}

const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
afterAll(() => db.destroy());

describe('compiledQueryCache', () => {
  it('builds a shape once and then runs its SQL with fresh parameters', async () => {
    await db.schema.createTable('t').addColumn('k', 'text').addColumn('v', 'integer').execute();
    await db
      .insertInto('t')
      .values([
        { k: 'a', v: 1 },
        { k: 'b', v: 2 },
        { k: 'b', v: 3 },
      ])
      .execute();
    const run = compiledQueryCache();
    let builds = 0;
    const query = (k: string) =>
      run({ db }, 'by-k', [k], () => {
        builds++;
        return db.selectFrom('t').select('v').where('k', '=', k).orderBy('v');
      });
    expect(await query('a')).toEqual([{ v: 1 }]);
    expect(await query('b')).toEqual([{ v: 2 }, { v: 3 }]);
    expect(builds).toBe(1);
  });

  it('never caches a shape whose parameters the caller got wrong, and still answers right', async () => {
    const run = compiledQueryCache();
    let builds = 0;
    const query = (k: string, min: number) =>
      run({ db }, 'by-k-min', [min, k], () => {
        builds++;
        return db.selectFrom('t').select('v').where('k', '=', k).where('v', '>=', min);
      });
    expect(await query('b', 3)).toEqual([{ v: 3 }]);
    expect(await query('b', 2)).toEqual([{ v: 2 }, { v: 3 }]);
    expect(builds).toBe(2);
  });
});

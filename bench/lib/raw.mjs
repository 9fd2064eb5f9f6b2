// The floors' raw driver access: better-sqlite3 prepared statements on SQLite, one pg connection with
// named (prepared) statements on PostgreSQL, behind one small interface.
//
//   const raw = await rawDriver(d, url)     d from benchDatabases(), url from d.url(name)
//   raw.p(i)                                the i-th (1-based) placeholder: ? or $i
//   await raw.all(name, sql, params)        rows (objects)
//   await raw.get(name, sql, params)        the first row
//   await raw.close()

import Database from 'better-sqlite3';
import { rawClient } from './postgres.mjs';

/** Raw prepared statements on the database behind `url`. */
export async function rawDriver(d, url) {
  if (d.db === 'sqlite') {
    const db = new Database(url);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    const stmts = new Map();
    const stmt = (name, sql) => {
      let s = stmts.get(name);
      if (!s) {
        s = db.prepare(sql);
        stmts.set(name, s);
      }
      return s;
    };
    return {
      db,
      p: () => '?',
      all: async (name, sql, params = []) => stmt(name, sql).all(...params),
      get: async (name, sql, params = []) => stmt(name, sql).get(...params),
      close: async () => db.close(),
    };
  }
  const client = await rawClient(d.pgUrl, new URL(url).searchParams.get('schema'));
  const all = async (name, text, values = []) => (await client.query({ name, text, values })).rows;
  return {
    client,
    p: (i) => `$${i}`,
    all,
    get: async (name, text, values) => (await all(name, text, values))[0],
    close: () => client.end(),
  };
}

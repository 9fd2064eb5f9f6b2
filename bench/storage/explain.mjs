// Captures the SQL that core sends through the drivers during one call, then shows the plans:
// EXPLAIN QUERY PLAN on SQLite, EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL with the same parameters.

import Database from 'better-sqlite3';
import pg from 'pg';
import { rawClient } from '../lib/postgres.mjs';

const SKIP = /^\s*(begin|commit|rollback|savepoint|release)/i;
let recording;

function record(sql, params) {
  if (recording && typeof sql === 'string' && !SKIP.test(sql))
    recording.push({ sql, params: Array.isArray(params) ? params : [] });
}

let patched = false;
function patchDrivers() {
  if (patched) return;
  patched = true;
  const probe = new Database(':memory:');
  const Statement = probe.prepare('SELECT 1').constructor;
  probe.close();
  for (const method of ['all', 'get', 'run', 'iterate']) {
    const original = Statement.prototype[method];
    Statement.prototype[method] = function (...args) {
      record(this.source, args.length === 1 && Array.isArray(args[0]) ? args[0] : args);
      return original.apply(this, args);
    };
  }
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (text, values, ...rest) {
    record(typeof text === 'string' ? text : text?.text, typeof text === 'string' ? values : text?.values);
    return query.call(this, text, values, ...rest);
  };
}

/** The distinct statements (with the parameters of their first run) that `fn` sent, labelled. */
export async function captureSql(label, fn) {
  patchDrivers();
  recording = [];
  let sent;
  try {
    await fn();
  } finally {
    sent = recording;
    recording = undefined;
  }
  const distinct = new Map();
  for (const s of sent) if (!distinct.has(s.sql)) distinct.set(s.sql, { label, ...s });
  return [...distinct.values()];
}

function sqliteTree(rows) {
  const depth = new Map([[0, -1]]);
  return rows.map((r) => {
    const d = (depth.get(r.parent) ?? -1) + 1;
    depth.set(r.id, d);
    return `${'  '.repeat(d)}${r.detail}`;
  });
}

/** Plans of the captured statements: [{ label, sql, plan: string[] }]. */
export async function explainCaptured(captured, opts) {
  const out = [];
  if (opts.db === 'sqlite') {
    const db = new Database(opts.target, { readonly: true });
    try {
      for (const c of captured) {
        const rows = db.prepare(`EXPLAIN QUERY PLAN ${c.sql}`).all(c.params);
        out.push({ label: c.label, sql: c.sql, plan: sqliteTree(rows) });
      }
    } finally {
      db.close();
    }
    return out;
  }
  const client = await rawClient(opts.target, opts.schema);
  try {
    for (const c of captured) {
      const r = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF) ${c.sql}`, c.params);
      out.push({ label: c.label, sql: c.sql, plan: r.rows.map((row) => row['QUERY PLAN']) });
    }
  } finally {
    await client.end();
  }
  return out;
}

// The databases a bench runs on: SQLite (a file in a temporary folder) and PostgreSQL (a schema of
// its own per run, dropped at the end). PostgreSQL is skipped with a loud banner when unreachable.
//
//   const dbs = await benchDatabases()     [{ db: 'sqlite' | 'postgres', url(name), pgUrl?, schema(name)? }]
//       url(name): a database URL for openStorage / createServer; each name is a fresh database
//       (SQLite file or PostgreSQL schema tj_bench_<pid>_<name>).
//   await dbs.cleanup()                    removes the files and drops the schemas
//
// BENCH_DB=sqlite or BENCH_DB=postgres runs one only.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchPostgresUrl, benchSchemaName, dropSchemas, postgresReachable, redactUrl, schemaUrl } from './postgres.mjs';
import { banner } from './table.mjs';

/** The databases to run on, each handing out fresh database URLs; call cleanup() at the end. */
export async function benchDatabases(env = process.env) {
  const only = env.BENCH_DB;
  const dir = mkdtempSync(join(tmpdir(), 'tj-bench-'));
  const pgUrl = benchPostgresUrl(env);
  const schemas = [];
  const list = [];
  if (!only || only === 'sqlite') list.push({ db: 'sqlite', url: (name) => join(dir, `${name}.db`) });
  if (!only || only === 'postgres') {
    const reach = await postgresReachable(pgUrl);
    if (reach.ok) {
      list.push({
        db: 'postgres',
        pgUrl,
        schema: (name) => benchSchemaName(name),
        url(name) {
          const schema = benchSchemaName(name);
          schemas.push(schema);
          return schemaUrl(pgUrl, schema);
        },
      });
    } else {
      banner(`PostgreSQL SKIPPED: cannot reach ${redactUrl(pgUrl)} (${reach.reason}); SQLite only. Set TJ_BENCH_POSTGRES_URL`);
    }
  }
  let cleaned = false;
  list.cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    rmSync(dir, { recursive: true, force: true });
    if (schemas.length > 0) await dropSchemas(pgUrl, schemas);
  };
  process.once('SIGINT', () => list.cleanup().finally(() => process.exit(130)));
  return list;
}

/** Median of numbers. */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.floor((s.length - 1) / 2)];
}

/** An integer from the environment (underscores allowed), or the default. */
export function envInt(name, fallback, env = process.env) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
}

/**
 * Runs `perDatabase(d)` on each database (it returns figure rows), then prints the rows as one table
 * and writes them to bench/.out/<name>.json. A database that throws gets a FAIL row; the rest still run.
 * `before(dbs)`, when given, runs first with every database (e.g. to seed them all at once).
 */
export async function runBench(name, title, perDatabase, { before } = {}) {
  const { failed, printFigures, writeFigures } = await import('./figures.mjs');
  const dbs = await benchDatabases();
  const rows = [];
  try {
    if (before) await before(dbs);
    for (const d of dbs) {
      try {
        rows.push(...(await perDatabase(d)));
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        banner(`${name} on ${d.db} failed: ${message}`);
        if (e instanceof Error && e.stack) console.error(e.stack);
        rows.push(failed(name, d.db, message));
      }
    }
  } finally {
    await dbs.cleanup();
  }
  printFigures(rows, { title });
  writeFigures(name, rows);
  return rows;
}

// PostgreSQL helpers shared by the bench scripts (driver: pg).
//
//   benchPostgresUrl(env)          TJ_BENCH_POSTGRES_URL, else TJ_TEST_POSTGRES_URL,
//                                  else postgres://postgres@127.0.0.1:5432/test
//   redactUrl(url)                 the URL with any password replaced by ***  (print this, never the URL)
//   postgresReachable(url, ms)     { ok: true } or { ok: false, reason } after one connect + SELECT 1
//   benchSchemaName(suffix)        tj_bench_<pid>[_suffix]: a fresh schema for this run
//   schemaUrl(url, schema)         the URL with ?schema=<schema> (what @tj/core's postgres adapter reads)
//   rawClient(url, schema)         a connected pg.Client whose search_path is `schema` (created if missing)
//   dropSchemas(url, schemas)      DROP SCHEMA IF EXISTS … CASCADE for each; never throws

import pg from 'pg';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The PostgreSQL URL a bench uses. */
export function benchPostgresUrl(env = process.env) {
  return env.TJ_BENCH_POSTGRES_URL || env.TJ_TEST_POSTGRES_URL || DEFAULT_POSTGRES_URL;
}

/** The URL without its password, safe to print. */
export function redactUrl(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** A schema name unique to this process. */
export function benchSchemaName(suffix) {
  return suffix ? `tj_bench_${process.pid}_${suffix}` : `tj_bench_${process.pid}`;
}

/** `url` with `?schema=<schema>`. */
export function schemaUrl(url, schema) {
  const u = new URL(url);
  u.searchParams.set('schema', schema);
  return u.toString();
}

function baseConfig(url) {
  const u = new URL(url);
  u.searchParams.delete('schema');
  return { connectionString: u.toString() };
}

/** Whether a connection and `SELECT 1` succeed within `timeoutMs`. */
export async function postgresReachable(url, timeoutMs = 3000) {
  const client = new pg.Client({ ...baseConfig(url), connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message : String(e) };
  } finally {
    await client.end().catch(() => {});
  }
}

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

/** A connected client whose search_path is `schema` (created when missing). */
export async function rawClient(url, schema) {
  const client = new pg.Client({ ...baseConfig(url), options: `-c search_path=${schema}` });
  client.on('error', () => {});
  await client.connect();
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
  return client;
}

/** Drops the schemas (cascade); reports but never throws. */
export async function dropSchemas(url, schemas) {
  const client = new pg.Client(baseConfig(url));
  client.on('error', () => {});
  try {
    await client.connect();
    for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(s)} CASCADE`);
  } catch (e) {
    console.error(`could not drop schemas ${schemas.join(', ')}: ${e instanceof Error ? e.message : e}`);
  } finally {
    await client.end().catch(() => {});
  }
}

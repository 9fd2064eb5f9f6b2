import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgresStorage } from '@tj/core/postgres';
import { openSqliteStorage } from '@tj/core/sqlite';
import type { Storage } from '@tj/core';
import pg from 'pg';

/** The PostgreSQL URL tests use, when configured. */
export const postgresUrl = process.env.TJ_TEST_POSTGRES_URL;

/** A database kind tests run against. */
export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** False when PostgreSQL is not configured: its suites are skipped (global setup says so loudly). */
  available: boolean;
  /** Opens a fresh, empty, migrated storage; `url` reaches the same database for a second process. */
  open(): Promise<{ storage: Storage; url: string; cleanup: () => Promise<void> }>;
}

/** A fresh SQLite file in its own temporary folder. */
export function tempSqlitePath(): { file: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tj-test-'));
  return { file: join(dir, 'journal.db'), dir };
}

/** A unique schema name for one test database on PostgreSQL. */
export function uniqueSchema(): string {
  return `tj_test_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** Drops a test schema. */
export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** A PostgreSQL URL that selects `schema` (our adapter reads the `schema` parameter). */
export function schemaUrl(schema: string): string {
  const u = new URL(postgresUrl as string);
  u.searchParams.set('schema', schema);
  return u.toString();
}

const sqlite: TestDatabase = {
  name: 'sqlite',
  available: true,
  async open() {
    const { file, dir } = tempSqlitePath();
    const storage = await openSqliteStorage({ file });
    return {
      storage,
      url: `sqlite:${file}`,
      cleanup: async () => {
        await storage.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const postgres: TestDatabase = {
  name: 'postgres',
  available: Boolean(postgresUrl),
  async open() {
    const schema = uniqueSchema();
    const storage = await openPostgresStorage({ url: postgresUrl as string, schema });
    return {
      storage,
      url: schemaUrl(schema),
      cleanup: async () => {
        await storage.close();
        await dropSchema(schema);
      },
    };
  },
};

/** Both databases: every storage-backed suite runs once per entry. */
export const DATABASES: TestDatabase[] = [sqlite, postgres];

import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { DATABASES, type TestDatabase } from '../../../../test/support/databases.js';
import { type Sandbox, sandbox, sandboxFile } from './cli.js';
import { freshDatabases, tradeReader } from './in-process.js';

const FIXTURES = resolve(import.meta.dirname, '../../../core/test/fixtures/brokers');

/** A broker fixture of ours (packages/core/test/fixtures/brokers/<name>). */
export const fixture = (name: string) => join(FIXTURES, name);

/**
 * The set-up of the `tj import` broker tests on `db` (the tests are split over several files so
 * they run side by side): a sandbox made before the suite, fresh databases with one user, files.
 */
export function brokerImportHarness(db: TestDatabase) {
  let box: Sandbox | undefined;
  const cleanups: Array<() => Promise<void>> = [];
  let count = 0;
  beforeAll(async () => {
    box = await sandbox();
  });
  afterAll(async () => {
    for (const c of cleanups) await c();
    await box?.cleanup();
  });
  const sandboxOf = (): Sandbox => {
    if (box === undefined) throw new Error('the sandbox is made in beforeAll');
    return box;
  };
  const fresh = freshDatabases(sandboxOf, ['--tz', 'UTC']);
  const readTrades = tradeReader(sandboxOf);
  return {
    box: sandboxOf,
    /**
     * A fresh database (a SQLite file, or a PostgreSQL schema) with one user; the flags that select
     * it, in UTC. The suite's first is made by `tj init`, the rest in process (see freshDatabases).
     */
    async freshDb(): Promise<string[]> {
      let url: string;
      if (db.name === 'sqlite') {
        url = join(sandboxOf().dir, `brokers-${++count}.db`);
      } else {
        const opened = await db.open();
        await opened.storage.close();
        cleanups.push(opened.cleanup);
        url = opened.url;
      }
      return fresh(url);
    },
    /** Writes `content` to a file of the sandbox; answers its path. */
    file: (name: string, content: string) => sandboxFile(sandboxOf(), name, content),
    /** The trades of the database `flags` select, as `tj trades list --limit 100 --json` prints them (see tradeReader). */
    trades: (flags: string[]): Promise<Record<string, any>[]> => readTrades(flags),
  };
}

/** The harness one suite of broker-import tests gets. */
export type BrokerImportHarness = ReturnType<typeof brokerImportHarness>;

/** `body` as a suite on each database that is available, with its harness (`box()` once the suite runs). */
export function describeBrokerImport(title: string, body: (h: BrokerImportHarness) => void): void {
  for (const db of DATABASES) {
    describe.skipIf(!db.available)(`tj import of broker exports on ${db.name}: ${title}`, { timeout: 180_000 }, () =>
      body(brokerImportHarness(db)),
    );
  }
}

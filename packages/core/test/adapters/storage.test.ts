import { coreDeps } from '@tj/core/internal';
import { rmSync } from 'node:fs';
import { openSqliteStorage, sqliteMigrations } from '@tj/core/sqlite';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DATABASES, tempSqlitePath } from '../../../../test/support/databases.js';
import { caught, useCore } from '../support/core.js';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`storage adapter on ${db.name}`, () => {
    const h = useCore(db);

    it('turns a unique violation from the driver into a conflict CoreError', async () => {
      const row = {
        id: coreDeps(h.core()).ids.next(),
        email: 'dup@example.com',
        name: 'D',
        passwordHash: 'x',
        disabled: false,
        createdAt: 1,
        updatedAt: 1,
      };
      await h.storage().repos.users.insert(row);
      const e = await caught(() => h.storage().repos.users.insert({ ...row, id: coreDeps(h.core()).ids.next() }));
      expect(e.code).toBe('conflict');
      const inTx = await caught(() => h.storage().transaction((tx) => tx.users.insert(row)));
      expect(inTx.code).toBe('conflict');
    });

    it('rolls back every write of a failed transaction', async () => {
      const id = coreDeps(h.core()).ids.next();
      await caught(() =>
        h.storage().transaction(async (tx) => {
          await tx.users.insert({
            id,
            email: 'rollback@example.com',
            name: 'R',
            passwordHash: 'x',
            disabled: false,
            createdAt: 1,
            updatedAt: 1,
          });
          await tx.users.insert({
            id,
            email: 'rollback2@example.com',
            name: 'R',
            passwordHash: 'x',
            disabled: false,
            createdAt: 1,
            updatedAt: 1,
          });
        }),
      );
      expect(await h.storage().repos.users.byId(id)).toBeUndefined();
    });

    it('answers ping', async () => {
      expect(await h.storage().ping()).toBe(true);
    });
  });
}

describe('SQLite file migrations', () => {
  it('reopens an existing database in place without re-applying or losing data', async () => {
    const { file, dir } = tempSqlitePath();
    const first = await openSqliteStorage({ file });
    await first.repos.state.putSettingIfAbsent('marker', 'kept');
    await first.close();
    const again = await openSqliteStorage({ file });
    expect(await again.repos.state.getSetting('marker')).toBe('kept');
    await again.close();
    const raw = new Database(file, { readonly: true });
    const versions = raw.prepare('SELECT version FROM schema_migrations ORDER BY version').all();
    expect(versions).toEqual(sqliteMigrations.map((m) => ({ version: m.version })));
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('upgrades a database made by version 1 in place, keeping its trades', async () => {
    const { file, dir } = tempSqlitePath();
    const old = new Database(file);
    old.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
    for (const statement of sqliteMigrations[0]?.statements ?? []) old.exec(statement);
    old.prepare("INSERT INTO schema_migrations VALUES (1, 'initial schema', 0)").run();
    const userId = '0190a000-0000-7000-8000-000000000001';
    old.prepare("INSERT INTO users VALUES (?, 'old@example.com', 'old@example.com', 'Old', 'x', 0, 1, 1)").run(userId);
    old
      .prepare(
        `INSERT INTO trades (user_id, id, instrument, instrument_key, direction, entry_price, position_size, entry_time,
           exit_price, exit_time, result_micros, status, created_at, updated_at)
         VALUES (?, '0190a000-0000-7000-8000-000000000002', 'ES', 'es', 'long', 100, 1, 1000, 101, 2000, 1000000, 'closed', 1, 1)`,
      )
      .run(userId);
    old.prepare('INSERT INTO trade_counts VALUES (?, 1, 0)').run(userId);
    old.close();

    const upgraded = await openSqliteStorage({ file });
    const page = await upgraded.repos.trades.list(userId, {}, { page: 1, limit: 20 });
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ instrument: 'ES', resultMicros: 1_000_000, exitTime: 2000 });
    await upgraded.close();
    const raw = new Database(file, { readonly: true });
    expect(raw.prepare('SELECT max(version) AS v FROM schema_migrations').get()).toEqual({ v: sqliteMigrations.at(-1)?.version });
    raw.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('carries the latest attempt of existing deliveries into the delivery log (version 13)', async () => {
    const { file, dir } = tempSqlitePath();
    const old = new Database(file);
    old.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
    for (const m of sqliteMigrations.filter((m) => m.version < 13)) {
      for (const statement of m.statements) old.exec(statement);
      old.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(m.version, m.name);
    }
    const userId = '0190a000-0000-7000-8000-000000000001';
    const insert = old.prepare(
      `INSERT INTO deliveries (user_id, id, event_id, webhook_id, event_type, status, attempts, next_attempt_at, lease_until,
         response_status, duration_ms, error, created_at, updated_at) VALUES (?, ?, ?, ?, 'trade.created', ?, ?, NULL, NULL, ?, ?, ?, 1000, ?)`,
    );
    insert.run(userId, '0190a000-0000-7000-8000-00000000000a', 'e1', 'w1', 'succeeded', 2, 200, 12, null, 5000);
    insert.run(userId, '0190a000-0000-7000-8000-00000000000b', 'e2', 'w1', 'pending', 0, null, null, null, 1000);
    old.close();

    const upgraded = await openSqliteStorage({ file });
    const log = await upgraded.repos.outbox.listAttempts(userId, [
      '0190a000-0000-7000-8000-00000000000a',
      '0190a000-0000-7000-8000-00000000000b',
    ]);
    expect(log).toEqual([
      {
        userId,
        deliveryId: '0190a000-0000-7000-8000-00000000000a',
        number: 2,
        at: 5000,
        responseStatus: 200,
        durationMs: 12,
        error: null,
        responseBody: null,
      },
    ]);
    await upgraded.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a file that is not a database with a clear error and leaves it untouched', async () => {
    const { file, dir } = tempSqlitePath();
    const { writeFileSync, readFileSync } = await import('node:fs');
    writeFileSync(file, 'this is not sqlite, it is my notes file'.repeat(20));
    await expect(openSqliteStorage({ file })).rejects.toThrow(/not a database/i);
    expect(readFileSync(file, 'utf8').startsWith('this is not sqlite')).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });
});

import { rmSync } from 'node:fs';
import { openSqliteStorage, sqliteMigrations } from '@tj/core/sqlite';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DATABASES, tempSqlitePath } from '../../../../test/support/databases.js';
import { caught, useCore } from './harness.js';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`storage adapter on ${db.name}`, () => {
    const h = useCore(db);

    it('turns a unique violation from the driver into a conflict CoreError', async () => {
      const row = {
        id: h.core().deps.ids.next(),
        email: 'dup@example.com',
        name: 'D',
        passwordHash: 'x',
        disabled: false,
        createdAt: 1,
        updatedAt: 1,
      };
      await h.storage().repos.users.insert(row);
      const e = await caught(() => h.storage().repos.users.insert({ ...row, id: h.core().deps.ids.next() }));
      expect(e.code).toBe('conflict');
      const inTx = await caught(() => h.storage().transaction((tx) => tx.users.insert(row)));
      expect(inTx.code).toBe('conflict');
    });

    it('rolls back every write of a failed transaction', async () => {
      const id = h.core().deps.ids.next();
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

  it('refuses a file that is not a database with a clear error and leaves it untouched', async () => {
    const { file, dir } = tempSqlitePath();
    const { writeFileSync, readFileSync } = await import('node:fs');
    writeFileSync(file, 'this is not sqlite, it is my notes file'.repeat(20));
    await expect(openSqliteStorage({ file })).rejects.toThrow(/not a database/i);
    expect(readFileSync(file, 'utf8').startsWith('this is not sqlite')).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });
});

import type { UserRow } from '../../storage/rows.js';
import type { UserRepo } from '../../storage/ports.js';
import type { SqlContext } from './context.js';
import type { Database } from './schema.js';

function toRow(r: Database['users']): UserRow {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    passwordHash: r.password_hash,
    disabled: Boolean(r.disabled),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Users on SQL. */
export function sqlUserRepo({ db }: SqlContext): UserRepo {
  return {
    async insert(u) {
      await db
        .insertInto('users')
        .values({
          id: u.id,
          email: u.email,
          email_key: u.email.toLowerCase(),
          name: u.name,
          password_hash: u.passwordHash,
          disabled: u.disabled ? 1 : 0,
          created_at: u.createdAt,
          updated_at: u.updatedAt,
        })
        .execute();
    },
    async byId(id) {
      const r = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return r && toRow(r);
    },
    async byEmail(email) {
      const r = await db.selectFrom('users').selectAll().where('email_key', '=', email.toLowerCase()).executeTakeFirst();
      return r && toRow(r);
    },
    async list() {
      const rows = await db.selectFrom('users').selectAll().orderBy('created_at').orderBy('id').execute();
      return rows.map(toRow);
    },
    async update(u) {
      await db
        .updateTable('users')
        .set({
          email: u.email,
          email_key: u.email.toLowerCase(),
          name: u.name,
          password_hash: u.passwordHash,
          disabled: u.disabled ? 1 : 0,
          updated_at: u.updatedAt,
        })
        .where('id', '=', u.id)
        .execute();
    },
    async count() {
      const r = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };
}

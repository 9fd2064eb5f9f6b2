import { type Kysely, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { Page, PageRequest } from '../../storage/ports.js';
import { offsetOf } from './context.js';
import type { Database } from './schema.js';

/** A table of a user's data: keyed by `user_id` first. */
type UserTable = { [T in keyof Database]: Database[T] extends { user_id: string } ? T : never }[keyof Database];

/**
 * One page of the rows `q` filters, newest first by `column` and then by id, with the count of all
 * of them (the same filter, counted apart).
 *
 * @example await newestFirstPage(db.selectFrom('imports').where('user_id', '=', userId), 'started_at', page)
 */
export async function newestFirstPage<T extends keyof Database>(
  q: SelectQueryBuilder<Database, T, object>,
  column: keyof Database[T] & string,
  page: PageRequest,
): Promise<Page<Selectable<Database[T]>>> {
  const rows = await q
    .selectAll()
    .orderBy(sql.ref(column), 'desc')
    .orderBy(sql.ref('id'), 'desc')
    .limit(page.limit)
    .offset(offsetOf(page))
    .execute();
  const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return { rows: rows as unknown as Selectable<Database[T]>[], total: Number(count?.n ?? 0) };
}

/**
 * The row of a user's `table` whose `column` holds `value` (its key within the user), if any.
 *
 * @example await userRow(db, 'api_keys', userId, 'key_hash', hash)
 */
export async function userRow<T extends UserTable>(
  db: Kysely<Database>,
  table: T,
  userId: string,
  column: keyof Database[T] & string,
  value: string,
): Promise<Selectable<Database[T]> | undefined> {
  // The table is generic, so kysely cannot check the columns here; the signature checks them.
  const r = await (db as Kysely<any>)
    .selectFrom(table)
    .selectAll()
    .where('user_id', '=', userId)
    .where(sql.ref(column), '=', value)
    .executeTakeFirst();
  return r as Selectable<Database[T]> | undefined;
}

import type { ImportProfileRow } from '../../storage/rows.js';
import type { ImportProfileRepo } from '../../storage/ports.js';
import { userRow } from './common-queries.js';
import type { SqlContext } from './context.js';

type Stored = { user_id: string; name: string; profile: string; created_at: number; updated_at: number };

function rowOf(r: Stored): ImportProfileRow {
  return {
    userId: r.user_id,
    name: r.name,
    profile: r.profile,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** Saved import column mappings on SQL, keyed by (user, name). */
export function sqlImportProfileRepo({ db }: SqlContext): ImportProfileRepo {
  return {
    async list(userId) {
      const rows = await db.selectFrom('import_profiles').selectAll().where('user_id', '=', userId).orderBy('name').execute();
      return rows.map(rowOf);
    },
    async get(userId, name) {
      const r = await userRow(db, 'import_profiles', userId, 'name', name);
      return r === undefined ? undefined : rowOf(r);
    },
    async put(row) {
      await db
        .insertInto('import_profiles')
        .values({
          user_id: row.userId,
          name: row.name,
          profile: row.profile,
          created_at: row.createdAt,
          updated_at: row.updatedAt,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'name']).doUpdateSet((eb) => ({
            profile: eb.ref('excluded.profile'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },
    async delete(userId, name) {
      const r = await db.deleteFrom('import_profiles').where('user_id', '=', userId).where('name', '=', name).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}

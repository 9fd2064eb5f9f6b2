import { sql } from 'kysely';
import type { IdRepo } from '../../storage/ports.js';
import type { SqlContext } from './context.js';

/** Ids by short id on SQL: an index probe on (user_id, short id) where the table has that index, else the user's rows. */
export function sqlIdRepo(ctx: SqlContext): IdRepo {
  return {
    async byShortId(table, userId, short, limit) {
      const { rows } = await sql<{ id: string }>`SELECT id FROM ${sql.table(table)}
        WHERE user_id = ${userId} AND ${ctx.caps.schema.shortIdOf('id')} = ${short.toLowerCase()}
        ORDER BY id LIMIT ${limit}`.execute(ctx.db);
      return rows.map((r) => String(r.id));
    },
  };
}

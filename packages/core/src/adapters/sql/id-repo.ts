import { sql } from 'kysely';
import type { IdRepo } from '../../storage/ports.js';
import type { SqlContext } from './context.js';

/** Neighbouring ids on SQL: two index probes on (user_id, id) per id, all in one statement. */
export function sqlIdRepo(ctx: SqlContext): IdRepo {
  return {
    async neighbours(table, userId, ids) {
      if (ids.length === 0) return [];
      const t = sql.table(table);
      const selects = ids.map(
        (id, i) => sql`SELECT ${sql.lit(i)} AS i,
          (SELECT id FROM ${t} WHERE user_id = ${userId} AND id < ${id} ORDER BY id DESC LIMIT 1) AS prev_id,
          (SELECT id FROM ${t} WHERE user_id = ${userId} AND id > ${id} ORDER BY id LIMIT 1) AS next_id`,
      );
      const { rows } = await sql<{ i: number; prev_id: string | null; next_id: string | null }>`${sql.join(
        selects,
        sql` UNION ALL `,
      )}`.execute(ctx.db);
      const out = ids.map(() => ({ before: null as string | null, after: null as string | null }));
      for (const r of rows) out[Number(r.i)] = { before: r.prev_id, after: r.next_id };
      return out;
    },
  };
}

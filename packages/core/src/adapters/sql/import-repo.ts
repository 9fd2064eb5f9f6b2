import type { Selectable } from 'kysely';
import type { ImportRepo } from '../../storage/ports.js';
import type { ImportRow } from '../../storage/rows.js';
import { newestFirstPage, userRow } from './common-queries.js';
import type { SqlContext } from './context.js';
import type { Database } from './schema.js';

function fromRecord(r: Selectable<Database['imports']>): ImportRow {
  return {
    userId: r.user_id,
    id: r.id,
    formatName: r.format_name,
    formatLabel: r.format_label,
    fileName: r.file_name,
    sizeBytes: Number(r.size_bytes),
    sourceTz: r.source_tz,
    report: r.report,
    tradesCreated: Number(r.trades_created),
    startedAt: Number(r.started_at),
    finishedAt: Number(r.finished_at),
    undoneAt: r.undone_at === null ? null : Number(r.undone_at),
  };
}

/** Import records on SQL, keyed and listed by (user, start time, id). */
export function sqlImportRepo(ctx: SqlContext): ImportRepo {
  const { db } = ctx;
  return {
    async insert(row) {
      await db
        .insertInto('imports')
        .values({
          user_id: row.userId,
          id: row.id,
          format_name: row.formatName,
          format_label: row.formatLabel,
          file_name: row.fileName,
          size_bytes: row.sizeBytes,
          source_tz: row.sourceTz,
          report: row.report,
          trades_created: row.tradesCreated,
          started_at: row.startedAt,
          finished_at: row.finishedAt,
          undone_at: row.undoneAt,
        })
        .execute();
    },
    async get(userId, id) {
      const r = await userRow(db, 'imports', userId, 'id', id);
      return r && fromRecord(r);
    },
    async list(userId, page) {
      const { rows, total } = await newestFirstPage(db.selectFrom('imports').where('user_id', '=', userId), 'started_at', page);
      return { rows: rows.map(fromRecord), total };
    },
    async markUndone(userId, id, at) {
      const res = await db
        .updateTable('imports')
        .set({ undone_at: at })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where('undone_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}

import type { Selectable } from 'kysely';
import type { JournalRepo } from '../../storage/ports.js';
import type { JournalRow } from '../../storage/rows.js';
import { newestFirstPage, userRow } from './common-queries.js';
import type { SqlContext } from './context.js';
import { jsonArray } from './row-values.js';
import type { Database } from './schema.js';

function fromRecord(r: Selectable<Database['journal_entries']>): JournalRow {
  return {
    userId: r.user_id,
    id: r.id,
    date: r.date,
    type: r.type as JournalRow['type'],
    premarketAnalysis: r.premarket_analysis,
    tradingPlan: r.trading_plan,
    postmarketReview: r.postmarket_review,
    energy: r.energy === null ? null : Number(r.energy),
    focus: r.focus === null ? null : Number(r.focus),
    stress: r.stress === null ? null : Number(r.stress),
    confidence: r.confidence === null ? null : Number(r.confidence),
    lessonsLearned: jsonArray(r.lessons_learned),
    tags: jsonArray(r.tags),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function toRecord(j: JournalRow): Selectable<Database['journal_entries']> {
  return {
    user_id: j.userId,
    id: j.id,
    date: j.date,
    type: j.type,
    premarket_analysis: j.premarketAnalysis,
    trading_plan: j.tradingPlan,
    postmarket_review: j.postmarketReview,
    energy: j.energy,
    focus: j.focus,
    stress: j.stress,
    confidence: j.confidence,
    lessons_learned: JSON.stringify(j.lessonsLearned),
    tags: JSON.stringify(j.tags),
    created_at: j.createdAt,
    updated_at: j.updatedAt,
  };
}

/** Journal entries on SQL; (user_id, date, type) is unique. */
export function sqlJournalRepo({ db }: SqlContext): JournalRepo {
  return {
    async insert(j) {
      await db.insertInto('journal_entries').values(toRecord(j)).execute();
    },
    async get(userId, id) {
      const r = await userRow(db, 'journal_entries', userId, 'id', id);
      return r && fromRecord(r);
    },
    async update(j) {
      const { user_id: _u, id: _i, created_at: _c, ...changes } = toRecord(j);
      await db.updateTable('journal_entries').set(changes).where('user_id', '=', j.userId).where('id', '=', j.id).execute();
    },
    async delete(userId, id) {
      const res = await db.deleteFrom('journal_entries').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
    async list(userId, query, page) {
      let q = db.selectFrom('journal_entries').where('user_id', '=', userId);
      if (query.dateFrom !== undefined) q = q.where('date', '>=', query.dateFrom);
      if (query.dateTo !== undefined) q = q.where('date', '<=', query.dateTo);
      if (query.type !== undefined) q = q.where('type', '=', query.type);
      if (query.idFrom !== undefined) q = q.where('id', '>=', query.idFrom);
      if (query.idTo !== undefined) q = q.where('id', '<=', query.idTo);
      const { rows, total } = await newestFirstPage(q, 'date', page);
      return { rows: rows.map(fromRecord), total };
    },
  };
}

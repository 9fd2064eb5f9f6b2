import { emitEvent } from '../webhooks/outbox.js';
import {
  journalCreateSchema,
  type JournalEntry,
  type JournalList,
  journalListQuerySchema,
  type JournalUpdate,
  journalUpdateSchema,
  paginationOf,
} from '@tj/schemas';
import type { CoreDeps } from '../shared/deps.js';
import { recordId } from '../shared/record-id.js';
import { CoreError, ErrorCode, notFound } from '../shared/errors.js';
import { idPrefixRange } from '../shared/id-prefix.js';
import { parseInput } from '../shared/validate.js';
import type { Repositories } from '../storage/ports.js';
import type { JournalRow } from '../storage/rows.js';
import { journalRecord } from './record.js';

const EMOTIONS = ['energy', 'focus', 'stress', 'confidence'] as const;

/** Applies a PATCH: text fields replace (null clears), emotionalState keys merge, arrays replace. */
export function applyJournalUpdate(before: JournalRow, patch: JournalUpdate): JournalRow {
  const j: JournalRow = { ...before };
  if (patch.date !== undefined) j.date = patch.date;
  if (patch.type !== undefined) j.type = patch.type;
  if (patch.premarketAnalysis !== undefined) j.premarketAnalysis = patch.premarketAnalysis;
  if (patch.tradingPlan !== undefined) j.tradingPlan = patch.tradingPlan;
  if (patch.postmarketReview !== undefined) j.postmarketReview = patch.postmarketReview;
  if (patch.emotionalState === null) for (const k of EMOTIONS) j[k] = null;
  else if (patch.emotionalState)
    for (const k of EMOTIONS) if (patch.emotionalState[k] !== undefined) j[k] = patch.emotionalState[k] ?? null;
  if (patch.lessonsLearned !== undefined) j.lessonsLearned = patch.lessonsLearned ?? [];
  if (patch.tags !== undefined) j.tags = patch.tags ?? [];
  return j;
}

function duplicate(e: unknown, date: string, type: string): unknown {
  return e instanceof CoreError && e.code === ErrorCode.conflict
    ? new CoreError(ErrorCode.conflict, `a ${type} journal entry for ${date} already exists`)
    : e;
}

/**
 * Journal operations for one acting user; one entry per (user, date, type).
 *
 * @example await journal(deps).create(userId, { date: '2026-11-20', tradingPlan: 'Only A+ setups' });
 */
export function journal(deps: CoreDeps) {
  const { storage } = deps;
  async function load(tx: Repositories, userId: string, id: string): Promise<JournalRow> {
    const full = await recordId(tx.ids, 'journal_entries', userId, id, 'journal entry');
    const row = full === undefined ? undefined : await tx.journal.get(userId, full);
    if (!row) throw notFound('journal entry');
    return row;
  }
  return {
    /** Creates an entry; a second one for the same date and type is `conflict`. */
    async create(userId: string, input: unknown): Promise<JournalEntry> {
      const body = parseInput(journalCreateSchema, input);
      const now = deps.clock.now();
      const row: JournalRow = {
        userId,
        id: deps.ids.next(),
        date: body.date,
        type: body.type,
        premarketAnalysis: body.premarketAnalysis ?? null,
        tradingPlan: body.tradingPlan ?? null,
        postmarketReview: body.postmarketReview ?? null,
        energy: body.emotionalState?.energy ?? null,
        focus: body.emotionalState?.focus ?? null,
        stress: body.emotionalState?.stress ?? null,
        confidence: body.emotionalState?.confidence ?? null,
        lessonsLearned: body.lessonsLearned ?? [],
        tags: body.tags ?? [],
        createdAt: now,
        updatedAt: now,
      };
      const record = journalRecord(row);
      try {
        await storage.transaction(async (tx) => {
          await tx.journal.insert(row);
          await emitEvent(tx, deps, userId, 'journal.created', record);
        });
      } catch (e) {
        throw duplicate(e, row.date, row.type);
      }
      return record;
    },
    /** One entry of the user, or `not_found`. */
    async get(userId: string, id: string): Promise<JournalEntry> {
      return journalRecord(await load(storage.repos, userId, id));
    },
    /** Partial update → the record; emits journal.updated. */
    async update(userId: string, id: string, input: unknown): Promise<JournalEntry> {
      const patch = parseInput(journalUpdateSchema, input);
      try {
        return await storage.transaction(async (tx) => {
          const before = await load(tx, userId, id);
          const after = { ...applyJournalUpdate(before, patch), updatedAt: Math.max(deps.clock.now(), before.updatedAt) };
          await tx.journal.update(after);
          const record = journalRecord(after);
          await emitEvent(tx, deps, userId, 'journal.updated', record);
          return record;
        });
      } catch (e) {
        throw duplicate(e, patch.date ?? 'that date', patch.type ?? 'same-type');
      }
    },
    /** Deletes an entry; emits journal.deleted. */
    async delete(userId: string, id: string): Promise<void> {
      await storage.transaction(async (tx) => {
        const row = await load(tx, userId, id);
        await tx.journal.delete(userId, row.id);
        await emitEvent(tx, deps, userId, 'journal.deleted', journalRecord(row));
      });
    },
    /** A page of entries, newest date first. */
    async list(userId: string, query: unknown): Promise<JournalList> {
      const q = parseInput(journalListQuerySchema, query ?? {});
      const ids = q.idPrefix === undefined ? undefined : idPrefixRange(q.idPrefix);
      const filter = { ...q, ...(ids && { idFrom: ids.from, idTo: ids.to }) };
      const page = await storage.repos.journal.list(userId, filter, { page: q.page, limit: q.limit });
      return { entries: page.rows.map(journalRecord), pagination: paginationOf(q.page, q.limit, page.total) };
    },
  };
}

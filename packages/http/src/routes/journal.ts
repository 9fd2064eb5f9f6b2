import {
  journalCreateSchema,
  journalEntrySchema,
  journalListQuerySchema,
  journalListSchema,
  journalUpdateSchema,
} from '@tj/core';
import { created, noContent, ok, param, type Route } from './route.js';

const BASE = '/api/journal';

/** Journal entries: one per (user, date, type). */
export const journalRoutes: Route[] = [
  {
    method: 'GET',
    path: BASE,
    operationId: 'listJournalEntries',
    summary: 'A page of journal entries, newest date first',
    tag: 'journal',
    auth: true,
    scope: 'read',
    query: journalListQuerySchema,
    response: { status: 200, description: 'Entries and pagination', schema: journalListSchema },
    errors: [401, 403],
    handle: async ({ core, userId, query }) => ok(await core.journal.list(userId, query)),
  },
  {
    method: 'POST',
    path: BASE,
    operationId: 'createJournalEntry',
    summary: 'Write a journal entry (409 when one exists for that date and type)',
    tag: 'journal',
    auth: true,
    idempotent: true,
    scope: 'write',
    body: journalCreateSchema,
    response: { status: 201, description: 'The new entry', schema: journalEntrySchema },
    errors: [401, 403, 409, 413, 415],
    handle: async ({ core, userId, body }) => created(await core.journal.create(userId, body), BASE),
  },
  {
    method: 'GET',
    path: `${BASE}/:id`,
    operationId: 'getJournalEntry',
    summary: 'One journal entry',
    tag: 'journal',
    auth: true,
    scope: 'read',
    response: { status: 200, description: 'The entry', schema: journalEntrySchema },
    errors: [401, 403, 404],
    handle: async (ctx) => ok(await ctx.core.journal.get(ctx.userId, param(ctx, 'id'))),
  },
  {
    method: 'PATCH',
    path: `${BASE}/:id`,
    operationId: 'updateJournalEntry',
    summary: 'Partial update: emotionalState keys merge, arrays replace, null clears',
    tag: 'journal',
    auth: true,
    scope: 'write',
    body: journalUpdateSchema,
    response: { status: 200, description: 'The updated entry', schema: journalEntrySchema },
    errors: [401, 403, 404, 409, 413, 415],
    handle: async (ctx) => ok(await ctx.core.journal.update(ctx.userId, param(ctx, 'id'), ctx.body)),
  },
  {
    method: 'DELETE',
    path: `${BASE}/:id`,
    operationId: 'deleteJournalEntry',
    summary: 'Delete a journal entry',
    tag: 'journal',
    auth: true,
    scope: 'write',
    response: { status: 204, description: 'Deleted' },
    errors: [401, 403, 404],
    handle: async (ctx) => {
      await ctx.core.journal.delete(ctx.userId, param(ctx, 'id'));
      return noContent();
    },
  },
];

import {
  journalCreateSchema,
  journalEntrySchema,
  journalListQuerySchema,
  journalListSchema,
  journalUpdateSchema,
} from '../journal.js';
import type { OperationTable } from './spec.js';

const BASE = '/api/journal';

/** Journal entries, one per (user, date, type). */
export const journalOperations = {
  listJournalEntries: {
    method: 'GET',
    path: BASE,
    summary: 'A page of journal entries, newest date first',
    tag: 'journal',
    auth: true,
    scope: 'read',
    query: journalListQuerySchema,
    response: { status: 200, description: 'Entries and pagination', schema: journalListSchema },
    errors: [401, 403],
  },
  createJournalEntry: {
    method: 'POST',
    path: BASE,
    summary: 'Write a journal entry (409 when one exists for that date and type)',
    tag: 'journal',
    auth: true,
    idempotent: true,
    scope: 'write',
    body: journalCreateSchema,
    response: { status: 201, description: 'The new entry', schema: journalEntrySchema },
    errors: [401, 403, 409, 413, 415],
  },
  getJournalEntry: {
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'One journal entry',
    tag: 'journal',
    auth: true,
    scope: 'read',
    response: { status: 200, description: 'The entry', schema: journalEntrySchema },
    errors: [401, 403, 404],
  },
  updateJournalEntry: {
    method: 'PATCH',
    path: `${BASE}/:id`,
    summary: 'Partial update: emotionalState keys merge, arrays replace, null clears',
    tag: 'journal',
    auth: true,
    scope: 'write',
    body: journalUpdateSchema,
    response: { status: 200, description: 'The updated entry', schema: journalEntrySchema },
    errors: [401, 403, 404, 409, 413, 415],
  },
  deleteJournalEntry: {
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Delete a journal entry',
    tag: 'journal',
    auth: true,
    scope: 'write',
    response: { status: 204, description: 'Deleted' },
    errors: [401, 403, 404],
  },
} as const satisfies OperationTable;

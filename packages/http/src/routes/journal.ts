import type { journalOperations } from '@tj/core';
import { created, noContent, ok, type HandlersOf } from './route.js';

/** Journal entries: one per (user, date, type). */
export const journalHandlers: HandlersOf<typeof journalOperations> = {
  listJournalEntries: async ({ core, userId, query }) => ok(await core.journal.list(userId, query)),
  createJournalEntry: async ({ core, userId, body }) => created(await core.journal.create(userId, body)),
  getJournalEntry: async (ctx) => ok(await ctx.core.journal.get(ctx.userId, ctx.params.id)),
  updateJournalEntry: async (ctx) => ok(await ctx.core.journal.update(ctx.userId, ctx.params.id, ctx.body)),
  deleteJournalEntry: async (ctx) => {
    await ctx.core.journal.delete(ctx.userId, ctx.params.id);
    return noContent();
  },
};

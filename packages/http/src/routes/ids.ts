import type { idOperations } from '@tj/core';
import { ok, type HandlersOf } from './route.js';

/** Short ids for people (lists take `idPrefix` to find a record by the start of its id). */
export const idHandlers: HandlersOf<typeof idOperations> = {
  shortIds: async ({ core, userId, query }) => ok(await core.ids.short(userId, query)),
};

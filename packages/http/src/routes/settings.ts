import type { settingsOperations } from '@tj/core';
import { ok, type HandlersOf } from './route.js';

/** The user's settings: one resource, read whole and changed by partial update. */
export const settingsHandlers: HandlersOf<typeof settingsOperations> = {
  getSettings: async ({ core, userId }) => ok(await core.settings.get(userId)),
  updateSettings: async ({ core, userId, body }) => ok(await core.settings.update(userId, body)),
};

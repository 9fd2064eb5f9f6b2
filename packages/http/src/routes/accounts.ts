import type { accountOperations } from '@tj/core';
import { ok, type HandlersOf } from './route.js';

/** The accounts and instruments a user's trades carry. */
export const accountHandlers: HandlersOf<typeof accountOperations> = {
  listAccounts: async ({ core, userId, query }) => ok(await core.accounts.list(userId, query)),
  listInstruments: async ({ core, userId }) => ok(await core.accounts.instruments(userId)),
};

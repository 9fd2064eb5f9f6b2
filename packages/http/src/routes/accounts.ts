import { accountListSchema } from '@tj/core';
import { ok, type Route } from './route.js';

/** The accounts a user's trades carry. */
export const accountRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/accounts',
    operationId: 'listAccounts',
    summary: 'The accounts the user’s trades carry, with trade counts, summed results and date ranges',
    tag: 'trades',
    auth: true,
    scope: 'read',
    response: { status: 200, description: 'Every account, by name; trades without an account last', schema: accountListSchema },
    errors: [401, 403],
    handle: async ({ core, userId }) => ok(await core.accounts.list(userId)),
  },
];

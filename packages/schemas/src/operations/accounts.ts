import { accountListQuerySchema, accountListSchema, instrumentListSchema } from '../account.js';
import type { OperationTable } from './spec.js';

/** The accounts and instruments a user's trades carry. */
export const accountOperations = {
  listAccounts: {
    method: 'GET',
    path: '/api/accounts',
    summary: 'The accounts the user’s trades carry, with trade counts, summed results (in `currency` when asked) and date ranges',
    tag: 'trades',
    auth: true,
    scope: 'read',
    query: accountListQuerySchema,
    response: { status: 200, description: 'Every account, by name; trades without an account last', schema: accountListSchema },
    errors: [401, 403],
  },
  listInstruments: {
    method: 'GET',
    path: '/api/instruments',
    summary: 'The instruments the user’s trades carry, most traded first, with counts, summed results and dates',
    tag: 'trades',
    auth: true,
    scope: 'read',
    response: { status: 200, description: 'Every instrument', schema: instrumentListSchema },
    errors: [401, 403],
  },
} as const satisfies OperationTable;

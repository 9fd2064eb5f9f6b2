import { shortIdsQuerySchema, shortIdsSchema } from '../ids.js';
import type { OperationTable } from './spec.js';

/** Short ids for people (lists take `idPrefix` to find a record by the start of its id). */
export const idOperations = {
  shortIds: {
    method: 'GET',
    path: '/api/short-ids',
    summary: 'The shortest unique start (8+ characters) of each given id among the user’s ids of its kind',
    tag: 'system',
    auth: true,
    scope: 'read',
    query: shortIdsQuerySchema,
    response: { status: 200, description: 'Each id and its short form', schema: shortIdsSchema },
    errors: [401, 403],
  },
} as const satisfies OperationTable;

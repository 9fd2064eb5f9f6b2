import { shortIdsQuerySchema, shortIdsSchema } from '@tj/core';
import { ok, type Route } from './route.js';

/** Short ids for people (lists take `idPrefix` to find a record by the start of its id). */
export const idRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/short-ids',
    operationId: 'shortIds',
    summary: 'The shortest unique start (8+ characters) of each given id among the user’s ids of its kind',
    tag: 'system',
    auth: true,
    scope: 'read',
    query: shortIdsQuerySchema,
    response: { status: 200, description: 'Each id and its short form', schema: shortIdsSchema },
    errors: [401, 403],
    handle: async ({ core, userId, query }) => ok(await core.ids.short(userId, query)),
  },
];

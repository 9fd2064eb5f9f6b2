import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeyListSchema, apiKeySchema } from '@tj/core';
import { created, noContent, ok, param, type Route } from './route.js';

const BASE = '/api/keys';

/**
 * API keys for scripts and apps. Creating one is not idempotent on purpose: its answer holds the
 * key, which is never stored in clear, so it could not be answered again.
 */
export const keyRoutes: Route[] = [
  {
    method: 'POST',
    path: BASE,
    operationId: 'createApiKey',
    summary: 'Create an API key; the key itself is in this answer only',
    tag: 'keys',
    auth: true,
    scope: 'admin',
    body: apiKeyCreateSchema,
    response: { status: 201, description: 'The key record and the key', schema: apiKeyCreatedSchema },
    errors: [401, 403, 409, 413, 415],
    handle: async ({ core, userId, body }) => created(await core.apiKeys.create(userId, body), BASE),
  },
  {
    method: 'GET',
    path: BASE,
    operationId: 'listApiKeys',
    summary: 'Every API key of the user, revoked ones included (never the keys themselves)',
    tag: 'keys',
    auth: true,
    scope: 'admin',
    response: { status: 200, description: 'API keys', schema: apiKeyListSchema },
    errors: [401, 403],
    handle: async ({ core, userId }) => ok(await core.apiKeys.list(userId)),
  },
  {
    method: 'GET',
    path: `${BASE}/:id`,
    operationId: 'getApiKey',
    summary: 'One API key (never the key itself)',
    tag: 'keys',
    auth: true,
    scope: 'admin',
    response: { status: 200, description: 'The API key', schema: apiKeySchema },
    errors: [401, 403, 404],
    handle: async (ctx) => ok(await ctx.core.apiKeys.get(ctx.userId, param(ctx, 'id'))),
  },
  {
    method: 'DELETE',
    path: `${BASE}/:id`,
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key: every server refuses it from the next request on',
    tag: 'keys',
    auth: true,
    scope: 'admin',
    response: { status: 204, description: 'Revoked' },
    errors: [401, 403, 404],
    handle: async (ctx) => {
      await ctx.core.apiKeys.revoke(ctx.userId, param(ctx, 'id'));
      return noContent();
    },
  },
];

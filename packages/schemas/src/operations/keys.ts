import { apiKeyCreateSchema, apiKeyCreatedSchema, apiKeyListSchema, apiKeySchema } from '../api-key.js';
import type { OperationTable } from './spec.js';

const BASE = '/api/keys';

/** API keys, created (the key is shown once), listed, read and revoked. */
export const keyOperations = {
  createApiKey: {
    method: 'POST',
    path: BASE,
    summary: 'Create an API key; the key itself is in this answer only',
    tag: 'keys',
    auth: true,
    scope: 'admin',
    body: apiKeyCreateSchema,
    response: { status: 201, description: 'The key record and the key', schema: apiKeyCreatedSchema },
    errors: [401, 403, 409, 413, 415],
  },
  listApiKeys: {
    method: 'GET',
    path: BASE,
    summary: 'Every API key of the user, revoked ones included (never the keys themselves)',
    tag: 'keys',
    auth: true,
    scope: 'admin',
    response: { status: 200, description: 'API keys', schema: apiKeyListSchema },
    errors: [401, 403],
  },
  getApiKey: {
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'One API key (never the key itself)',
    tag: 'keys',
    auth: true,
    scope: 'admin',
    response: { status: 200, description: 'The API key', schema: apiKeySchema },
    errors: [401, 403, 404],
  },
  revokeApiKey: {
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Revoke an API key: every server refuses it from the next request on',
    tag: 'keys',
    auth: true,
    scope: 'admin',
    response: { status: 204, description: 'Revoked' },
    errors: [401, 403, 404],
  },
} as const satisfies OperationTable;

import { CoreError, healthSchema } from '@tj/core';
import { z } from 'zod';
import { ok, type Route } from './route.js';

/** Health probe and the OpenAPI document (both public). */
export function systemRoutes(openApiDocument: () => unknown): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/health',
      operationId: 'health',
      summary: 'Liveness and database check: 200 when the database answers, 503 otherwise',
      tag: 'system',
      auth: false,
      rateLimited: false,
      response: { status: 200, description: 'The service and its database answer', schema: healthSchema },
      errors: [503],
      handle: async ({ core }) => {
        const up = await core.ping().catch(() => false);
        if (!up) throw new CoreError('unavailable', 'the database does not answer');
        return ok({ status: 'ok' });
      },
    },
    {
      method: 'GET',
      path: '/api/openapi.json',
      operationId: 'openapi',
      summary: 'This OpenAPI 3.1 document',
      tag: 'system',
      auth: false,
      response: { status: 200, description: 'The OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) },
      errors: [],
      handle: async () => ok(openApiDocument()),
    },
  ];
}

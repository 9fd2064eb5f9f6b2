import { z } from 'zod';
import { healthSchema } from '../common.js';
import type { OperationTable } from './spec.js';

/** Health probe and the OpenAPI document (both public). */
export const systemOperations = {
  health: {
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and database check: 200 when the database answers, 503 otherwise',
    tag: 'system',
    auth: false,
    rateLimited: false,
    response: { status: 200, description: 'The service and its database answer', schema: healthSchema },
    errors: [503],
  },
  openapi: {
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This OpenAPI 3.1 document',
    tag: 'system',
    auth: false,
    response: { status: 200, description: 'The OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) },
    errors: [],
  },
} as const satisfies OperationTable;

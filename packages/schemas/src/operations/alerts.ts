import {
  alertCreateSchema,
  alertEventListQuerySchema,
  alertEventListSchema,
  alertListSchema,
  alertSchema,
  alertUpdateSchema,
} from '../alert.js';
import type { OperationTable } from './spec.js';

const BASE = '/api/alerts';

/** Alert rules (the source of `alert.triggered`) and their past triggers. */
export const alertOperations = {
  listAlerts: {
    method: 'GET',
    path: BASE,
    summary: 'Every alert rule of the user',
    tag: 'alerts',
    auth: true,
    scope: 'read',
    response: { status: 200, description: 'Alert rules', schema: alertListSchema },
    errors: [401, 403],
  },
  createAlert: {
    method: 'POST',
    path: BASE,
    summary: 'Create an alert rule',
    tag: 'alerts',
    auth: true,
    idempotent: true,
    scope: 'write',
    body: alertCreateSchema,
    response: { status: 201, description: 'The new alert rule', schema: alertSchema },
    errors: [401, 403, 413, 415],
  },
  getAlert: {
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'One alert rule',
    tag: 'alerts',
    auth: true,
    scope: 'read',
    response: { status: 200, description: 'The alert rule', schema: alertSchema },
    errors: [401, 403, 404],
  },
  updateAlert: {
    method: 'PATCH',
    path: `${BASE}/:id`,
    summary: 'Change name, threshold, tz, active or the rule options of its type',
    tag: 'alerts',
    auth: true,
    scope: 'write',
    body: alertUpdateSchema,
    response: { status: 200, description: 'The updated alert rule', schema: alertSchema },
    errors: [401, 403, 404, 413, 415],
  },
  deleteAlert: {
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Delete an alert rule and its history',
    tag: 'alerts',
    auth: true,
    scope: 'write',
    response: { status: 204, description: 'Deleted' },
    errors: [401, 403, 404],
  },
  listAlertEvents: {
    method: 'GET',
    path: `${BASE}/:id/events`,
    summary: 'Past triggers of an alert rule, newest first',
    tag: 'alerts',
    auth: true,
    scope: 'read',
    query: alertEventListQuerySchema,
    response: { status: 200, description: 'Triggers and pagination', schema: alertEventListSchema },
    errors: [401, 403, 404],
  },
} as const satisfies OperationTable;

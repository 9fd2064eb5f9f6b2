import {
  corporateActionCreatedSchema,
  corporateActionCreateSchema,
  corporateActionListQuerySchema,
  corporateActionListSchema,
} from '../corporate-action.js';
import type { OperationTable } from './spec.js';

const BASE = '/api/corporate-actions';

/** Splits and symbol changes, and the open trades they adjust (docs/analytics.md, "Splits and symbol changes"). */
export const corporateActionOperations = {
  listCorporateActions: {
    method: 'GET',
    path: BASE,
    summary: 'The user’s splits and symbol changes, newest effective first',
    tag: 'trades',
    auth: true,
    scope: 'read',
    query: corporateActionListQuerySchema,
    response: { status: 200, description: 'Corporate actions', schema: corporateActionListSchema },
    errors: [401, 403],
  },
  createCorporateAction: {
    method: 'POST',
    path: BASE,
    summary:
      'Record a split or symbol change and adjust the open trades it covers (409 when the same action is recorded, or an open trade has executions after it)',
    tag: 'trades',
    auth: true,
    idempotent: true,
    scope: 'write',
    body: corporateActionCreateSchema,
    response: { status: 201, description: 'The action and the trades it adjusted', schema: corporateActionCreatedSchema },
    errors: [401, 403, 409, 413, 415],
  },
  deleteCorporateAction: {
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Delete an action and undo it on the open trades it covers (409 when a trade continued past it)',
    tag: 'trades',
    auth: true,
    scope: 'write',
    response: { status: 204, description: 'Deleted and undone' },
    errors: [401, 403, 404, 409],
  },
} as const satisfies OperationTable;

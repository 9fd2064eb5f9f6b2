import { tradeBarsQuerySchema, tradeBarsSchema } from '../trade-bars.js';
import { barFetchOperations } from './bar-fetch.js';
import { barFileOperations } from './bar-files.js';
import type { OperationTable } from './spec.js';

/** Price bars: imported from files, fetched from providers, read around a trade (docs/api.md, "Bars"). */
export const barOperations = {
  ...barFileOperations,
  ...barFetchOperations,
  getTradeBars: {
    method: 'GET',
    path: '/api/trades/:id/bars',
    summary: 'The bars around a trade, from the series it is measured on ([] when none are held)',
    tag: 'trades',
    auth: true,
    scope: 'read',
    query: tradeBarsQuerySchema,
    response: { status: 200, description: 'The series, its resolution, the window and its bars', schema: tradeBarsSchema },
    errors: [401, 403, 404],
  },
} as const satisfies OperationTable;

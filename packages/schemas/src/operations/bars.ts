import { barFetchSchema, barsFetchedSchema } from '../bars-fetch.js';
import type { OperationTable } from './spec.js';

/** Price bars: imported from files, fetched from providers, read around a trade (docs/api.md, "Bars"). */
export const barOperations = {
  fetchBars: {
    method: 'POST',
    path: '/api/bars/fetch',
    summary:
      'Fetch bars from a provider (Databento, Polygon) with your own key, for an instrument over a range or for the closed trades the store lacks bars for; stretches already held are never fetched again (502/503 when the provider fails)',
    tag: 'bars',
    auth: true,
    scope: 'write',
    body: barFetchSchema,
    response: { status: 200, description: 'What was fetched and stored', schema: barsFetchedSchema },
    errors: [401, 403, 413, 415, 502, 503],
  },
} as const satisfies OperationTable;

import { barFetchSchema, barsFetchedSchema } from '../bars-fetch.js';
import type { OperationTable } from './spec.js';

/** Bars fetched from a provider with the user's own key (docs/decisions.md, "Price bars: providers"). */
export const barFetchOperations = {
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

import {
  fxFetchSchema,
  fxRateDeleteQuerySchema,
  fxRateListQuerySchema,
  fxRateListSchema,
  fxRatesDeletedSchema,
  fxRatesImportSchema,
  fxRatesWrittenSchema,
} from '../fx.js';
import type { OperationTable } from './spec.js';

const RATES = '/api/fx/rates';

/** The user's FX reference rates: what analytics convert money with (docs/analytics.md, "Currencies"). */
export const fxOperations = {
  listFxRates: {
    method: 'GET',
    path: RATES,
    summary: 'The user’s FX reference rates, by pair and day',
    tag: 'fx',
    auth: true,
    scope: 'read',
    query: fxRateListQuerySchema,
    paginated: true,
    response: { status: 200, description: 'A page of rates', schema: fxRateListSchema },
    errors: [401, 403],
  },
  importFxRates: {
    method: 'POST',
    path: RATES,
    summary:
      'Store the user’s own rates (a rate for a pair and day already held is replaced); nothing is stored when one is invalid',
    tag: 'fx',
    auth: true,
    idempotent: true,
    scope: 'write',
    body: fxRatesImportSchema,
    response: { status: 200, description: 'What was stored', schema: fxRatesWrittenSchema },
    errors: [401, 403, 413, 415],
  },
  deleteFxRates: {
    method: 'DELETE',
    path: RATES,
    summary: 'Delete the user’s rates of a pair, a currency or a source (all of them without a filter)',
    tag: 'fx',
    auth: true,
    scope: 'write',
    query: fxRateDeleteQuerySchema,
    response: { status: 200, description: 'How many were deleted', schema: fxRatesDeletedSchema },
    errors: [401, 403],
  },
  fetchFxRates: {
    method: 'POST',
    path: '/api/fx/fetch',
    summary:
      'Fetch a provider’s published rates (the ECB’s) for a range of days into the user’s rates; never overwrites the user’s own (502/503 when the provider fails)',
    tag: 'fx',
    auth: true,
    idempotent: true,
    scope: 'write',
    body: fxFetchSchema,
    response: { status: 200, description: 'What was fetched and stored', schema: fxRatesWrittenSchema },
    errors: [401, 403, 413, 415, 502, 503],
  },
} as const satisfies OperationTable;

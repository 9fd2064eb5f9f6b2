import {
  barDeleteQuerySchema,
  barImportQuerySchema,
  barImportSchema,
  barSeriesListSchema,
  barsDeletedSchema,
} from '../bar-files.js';
import type { OperationTable } from './spec.js';

/** Bars from files: a chart export in (streamed), the series held, a series deleted (docs/api.md, "Bars"). */
export const barFileOperations = {
  importBars: {
    method: 'POST',
    path: '/api/bars',
    summary:
      'Import a bars file (generic CSV, TradingView, NinjaTrader 8, MetaTrader 5): detected (or `format`), one transaction; bars already held are kept',
    tag: 'bars',
    auth: true,
    scope: 'import',
    idempotent: true,
    upload: true,
    query: barImportQuerySchema,
    response: { status: 200, description: 'What was stored', schema: barImportSchema },
    errors: [413, 415],
  },
  listBarSeries: {
    method: 'GET',
    path: '/api/bars',
    summary: 'The bar series the user holds: instrument, timeframe, count, first and last bar',
    tag: 'bars',
    auth: true,
    scope: 'read',
    response: { status: 200, description: 'Every series', schema: barSeriesListSchema },
    errors: [],
  },
  deleteBars: {
    method: 'DELETE',
    path: '/api/bars',
    summary: 'Delete an instrument’s bars (one timeframe, or all of them)',
    tag: 'bars',
    auth: true,
    scope: 'write',
    query: barDeleteQuerySchema,
    response: { status: 200, description: 'How many bars were deleted', schema: barsDeletedSchema },
    errors: [],
  },
} as const satisfies OperationTable;

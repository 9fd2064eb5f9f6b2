import { z } from 'zod';
import { reportQuerySchema, reportSchema } from '../report.js';
import type { OperationTable } from './spec.js';

const BASE = '/api/reports';

/** The summary report, its data as JSON and the self-contained HTML page apps embed. */
export const reportOperations = {
  reportSummary: {
    method: 'GET',
    path: `${BASE}/summary`,
    summary: 'The data of the summary report: statistics, equity and drawdown, calendar, R, categories, trades, journal',
    tag: 'reports',
    auth: true,
    scope: 'read',
    query: reportQuerySchema,
    response: { status: 200, description: 'The report data', schema: reportSchema },
    errors: [401, 403],
  },
  reportSummaryHtml: {
    method: 'GET',
    path: `${BASE}/summary.html`,
    summary: 'The summary report as one self-contained HTML page (charts and data inlined; it loads nothing)',
    tag: 'reports',
    auth: true,
    scope: 'read',
    query: reportQuerySchema,
    response: {
      status: 200,
      description: 'An HTML document; its Content-Security-Policy forbids any network access',
      schema: z.string(),
      contentType: 'text/html',
    },
    errors: [401, 403],
  },
} as const satisfies OperationTable;

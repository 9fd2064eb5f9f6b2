import { reportQuerySchema, reportSchema } from '@tj/core';
import { renderReportHtml } from '@tj/report';
import { z } from 'zod';
import { ok, type Route } from './route.js';

const BASE = '/api/reports';

/** The summary report: its data as JSON, and the self-contained HTML page apps embed. */
export const reportRoutes: Route[] = [
  {
    method: 'GET',
    path: `${BASE}/summary`,
    operationId: 'reportSummary',
    summary: 'The data of the summary report: statistics, equity and drawdown, calendar, R, categories, trades, journal',
    tag: 'reports',
    auth: true,
    scope: 'read',
    query: reportQuerySchema,
    response: { status: 200, description: 'The report data', schema: reportSchema },
    errors: [401, 403],
    handle: async ({ core, userId, query }) => ok(await core.reports.summary(userId, query)),
  },
  {
    method: 'GET',
    path: `${BASE}/summary.html`,
    operationId: 'reportSummaryHtml',
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
    handle: async ({ core, userId, query }) => {
      const page = await renderReportHtml(await core.reports.summary(userId, query));
      return {
        status: 200,
        text: { contentType: 'text/html; charset=utf-8', body: page.html },
        headers: { 'content-security-policy': page.contentSecurityPolicy, 'x-content-type-options': 'nosniff' },
      };
    },
  },
];

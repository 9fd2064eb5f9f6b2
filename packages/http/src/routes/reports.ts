import { renderReportHtml } from '@tj/report';
import type { reportOperations } from '@tj/core';
import { ok, type HandlersOf } from './route.js';

/** The summary report: its data as JSON, and the self-contained HTML page apps embed. */
export const reportHandlers: HandlersOf<typeof reportOperations> = {
  reportSummary: async ({ core, userId, query }) => ok(await core.reports.summary(userId, query)),
  reportSummaryHtml: async ({ core, userId, query }) => {
    const page = await renderReportHtml(await core.reports.summary(userId, query));
    return {
      status: 200,
      text: { contentType: 'text/html; charset=utf-8', body: page.html },
      headers: { 'content-security-policy': page.contentSecurityPolicy, 'x-content-type-options': 'nosniff' },
    };
  },
};

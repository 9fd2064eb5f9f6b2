import type { CallOptions, Send } from '../transport.js';
import type { Report, ReportQuery } from '../types.js';

/** The summary report, over the statistics filters; `tz` decides days, hours and weekdays. */
export function reportsApi(send: Send) {
  return {
    /**
     * The report's data: statistics, equity curve with drawdown, trading days, R histogram,
     * performance by category, best and worst trades, and the journal entries of the period.
     *
     * @example const { statistics, days } = await client.reports.summary({ dateFrom: '2026-01-01', tz: 'Europe/London' });
     */
    summary(query: ReportQuery = {}, options?: CallOptions): Promise<Report> {
      return send<Report>({ method: 'GET', path: '/reports/summary', query }, options);
    },

    /**
     * The report as one self-contained HTML document (charts and data inlined; it loads nothing),
     * ready to save or to show in an iframe's `srcdoc`.
     *
     * @example iframe.srcdoc = await client.reports.summaryHtml({ tz: 'America/New_York' });
     */
    summaryHtml(query: ReportQuery = {}, options?: CallOptions): Promise<string> {
      return send<string>({ method: 'GET', path: '/reports/summary.html', query, responseType: 'text' }, options);
    },
  };
}

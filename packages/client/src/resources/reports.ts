import type { Call } from '../operation.js';
import type { CallOptions } from '../transport.js';
import type { Report, ReportQuery } from '../types.js';

/** The summary report, over the statistics filters; `tz` decides days, hours and weekdays. */
export function reportsApi(call: Call) {
  return {
    /**
     * The report's data: statistics, equity curve with drawdown, trading days, R histogram,
     * performance by category, best and worst trades, and the journal entries of the period.
     *
     * @example const { statistics, days } = await client.reports.summary({ dateFrom: '2026-01-01', tz: 'Europe/London' });
     */
    summary(query: ReportQuery = {}, options?: CallOptions): Promise<Report> {
      return call('reportSummary', { query }, options);
    },

    /**
     * The report as one self-contained HTML document (charts and data inlined; it loads nothing),
     * ready to save or to show in an iframe's `srcdoc`.
     *
     * @example iframe.srcdoc = await client.reports.summaryHtml({ tz: 'America/New_York' });
     */
    summaryHtml(query: ReportQuery = {}, options?: CallOptions): Promise<string> {
      return call('reportSummaryHtml', { query }, options);
    },
  };
}

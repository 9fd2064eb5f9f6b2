import type { Report } from '@tj/core';
import { pageDocument, type RenderedReport } from './document.js';
import { count, filterBound, localDateTime, money, rMultiple } from './format.js';
import { type Html, html } from './html.js';
import { categoriesSection } from './sections/categories.js';
import { journalSection } from './sections/journal.js';
import { streaksSection, summarySection } from './sections/summary.js';
import { extremesSection } from './sections/trades.js';
import { maeSection, tradeChartsSection } from './sections/trade-charts.js';
import { tradeChartData } from './trade-chart-data.js';

export type { RenderedReport } from './document.js';

/** Options of {@link renderReportHtml}. */
export interface RenderOptions {
  /** The document title; default `Trading report`. */
  title?: string;
}

/** The period and filters of the report, in words. */
function describeFilters(report: Report): string {
  const f = report.filters as Record<string, unknown>;
  const tz = report.filters.tz;
  const first = report.days[0]?.date;
  const last = report.days[report.days.length - 1]?.date;
  const from = typeof f.dateFrom === 'string' ? filterBound(f.dateFrom, tz) : (first ?? '…');
  const to = typeof f.dateTo === 'string' ? filterBound(f.dateTo, tz) : (last ?? '…');
  const extra = Object.entries(f)
    .filter(([k, v]) => !['dateFrom', 'dateTo', 'tz', 'startingBalance', 'bucketSize'].includes(k) && v !== undefined)
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(', ') : String(v)}`);
  return [`${from} to ${to}`, `times in ${tz}`, ...extra].join(' · ');
}

/** The currency of the report's money, and the trades a missing FX rate left out (docs/analytics.md, "Currencies"). */
function moneyLine(report: Report): Html | string {
  const { currency, fx } = report.statistics;
  if (currency === null) return '';
  if (fx === null) return html`<p>Money in ${currency}</p>`;
  const trades = (n: number) => `${count(n)} ${n === 1 ? 'trade' : 'trades'}`;
  const left = fx.missing.map((m) => `${trades(m.trades)} of ${m.date} (no ${m.from}→${m.to} rate)`);
  return html`<p>Money in ${currency}; ${trades(fx.converted)} converted from other currencies at each exit day’s rate${
    left.length === 0 ? '' : html`. <strong>Left out for want of a rate:</strong> ${left.join('; ')}`
  }</p>`;
}

function chartsSections(report: Report): Html {
  if (report.statistics.totalTrades === 0) {
    return html`<section id="equity"><h2>Equity and drawdown</h2><p class="note">No closed trades in this period.</p></section>`;
  }
  const r = report.rDistribution;
  const start = report.filters.startingBalance;
  return html`<section id="equity"><h2>Equity and drawdown</h2><div class="chart tall" data-chart="equity"></div>
<p class="note">Equity at the end of each day with exits${start ? ` from a starting balance of ${money(start)}` : ''}; below it, the
deepest fall under the running peak reached that day (the lowest point is the max drawdown). Both hold their value until the
next day with exits; stretches of more than 30 days without any are shaded.</p></section>
<section id="calendar"><h2>Daily P&amp;L calendar</h2><div class="chart" data-chart="calendar"></div>
<p class="note">Each day with exits, coloured by its P&amp;L; hover a day for its trades. Days with a journal entry are outlined.</p></section>
<section id="r-multiples"><h2>R multiples</h2>${
    r.count === 0
      ? html`<p class="note">No closed trade with a stop loss: no R multiples.</p>`
      : html`<p>${count(r.count)} trades with an R multiple · average ${rMultiple(r.averageR)} · median ${rMultiple(r.medianR)} ·
buckets of ${r.bucketSize}R</p><div class="chart" data-chart="r"></div>`
  }</section>`;
}

const TOC: Array<[string, string]> = [
  ['summary', 'Summary'],
  ['equity', 'Equity'],
  ['calendar', 'Calendar'],
  ['r-multiples', 'R multiples'],
  ['categories', 'By category'],
  ['trades', 'Best and worst'],
  ['trade-charts', 'On their charts'],
  ['mae', 'MAE vs result'],
  ['streaks', 'Streaks'],
  ['journal', 'Journal'],
];

/**
 * Renders the summary report as one self-contained HTML document: figures and tables as markup,
 * charts drawn in the browser by the inlined chart library from the inlined data. It needs no
 * network when opened, and its Content-Security-Policy forbids any.
 *
 * @example const { html } = await renderReportHtml(await core.reports.summary(userId, { tz: 'Europe/London' }));
 */
export async function renderReportHtml(report: Report, options: RenderOptions = {}): Promise<RenderedReport> {
  const tz = report.filters.tz;
  const title = options.title ?? 'Trading report';
  const body = html`<main><header class="report"><h1>${title}</h1><p>${describeFilters(report)}</p>
<p>Generated ${localDateTime(report.generatedAt, tz)} (${tz})</p>${moneyLine(report)}
<nav class="toc">${TOC.map(([id, label]) => html`<a href="#${id}">${label}</a>`)}</nav></header>
${summarySection(report.statistics)}${chartsSections(report)}${categoriesSection(report.categories)}
${extremesSection(report.bestTrades, report.worstTrades, tz)}${tradeChartsSection(report, tz)}${maeSection(report)}${streaksSection(report.statistics)}
${journalSection(report.journal, report.days)}</main>`;
  const tradeCharts = report.tradeBars.flatMap((b) => {
    const trade = [...report.bestTrades, ...report.worstTrades].find((t) => t.id === b.tradeId);
    return trade === undefined ? [] : [tradeChartData(trade, b, tz)];
  });
  return pageDocument(title, body, { ...report, tradeCharts });
}

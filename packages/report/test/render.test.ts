import type { Report } from '@tj/core';
import { renderReportHtml } from '@tj/report';
import { describe, expect, it } from 'vitest';

const stats = {
  excursions: null,
  totalTrades: 2,
  winRate: 50,
  profitFactor: null,
  expectancy: 5,
  maxDrawdown: 20,
  totalPnL: 10,
  wins: 1,
  losses: 1,
  breakeven: 0,
  grossProfit: 30,
  grossLoss: -20,
  averageWin: 30,
  averageLoss: -20,
  largestWin: 30,
  largestLoss: -20,
  payoffRatio: 1.5,
  averageR: 0.5,
  averageWinR: 1.5,
  averageLossR: -0.5,
  stdDevR: 1.5,
  sqn: 0.5,
  totalFees: 2,
  longestWinStreak: 1,
  longestLossStreak: 1,
  currentStreak: -1,
  averageWinHoldingSeconds: 90,
  averageLossHoldingSeconds: 3600,
  openTrades: 0,
  currency: 'USD',
  fx: null,
};

function report(over: Partial<Report> = {}): Report {
  return {
    generatedAt: '2026-11-20T15:00:00.000Z',
    filters: { tz: 'America/New_York', startingBalance: 0, bucketSize: 0.5, setup: '<b>orb</b>' },
    statistics: stats,
    equityCurve: [{ date: '2026-11-19', equity: 10, drawdown: 20, closingDrawdown: 20 }],
    days: [{ date: '2026-11-19', trades: 2, wins: 1, losses: 1, winRate: 50, totalPnL: 10 }],
    rDistribution: { bucketSize: 0.5, count: 0, averageR: null, medianR: null, sparse: false, buckets: [] },
    categories: [
      {
        category: 'time',
        categories: [
          { name: '09:00', trades: 2, wins: 1, losses: 1, winRate: 50, totalPnL: 10, profitFactor: 1.5, averageR: null },
        ],
      },
      {
        category: 'hour',
        categories: [
          { name: '09:00', trades: 1, wins: 1, losses: 0, winRate: 100, totalPnL: 30, profitFactor: null, averageR: null },
          { name: '10:00', trades: 1, wins: 0, losses: 1, winRate: 0, totalPnL: -20, profitFactor: 0, averageR: null },
        ],
      },
      {
        category: 'setup',
        categories: [
          {
            name: '</script><script>alert(1)</script>',
            trades: 2,
            wins: 1,
            losses: 1,
            winRate: 50,
            totalPnL: 10,
            profitFactor: null,
            averageR: null,
          },
        ],
      },
    ],
    bestTrades: [],
    worstTrades: [],
    tradeBars: [],
    excursionScatter: { unit: 'money', points: [], truncated: false },
    journal: [],
    ...over,
  } as Report;
}

describe('renderReportHtml', () => {
  it('shows every statistics figure with its exact value, known ones named and formatted, new ones by their key', async () => {
    const { html } = await renderReportHtml(
      report({ statistics: { ...stats, currentStreak: -2, someNewFigure: 1.25 } as never }),
    );
    expect(html).toContain('data-stat="profitFactor" data-value="null">– (no losses)</span>');
    expect(html).toContain('data-stat="totalPnL" data-value="10">10.00</span>');
    expect(html).toContain('data-stat="currentStreak" data-value="-2">2 losses</span>');
    expect(html).toMatch(/Some new figure<\/span><span class="" data-stat="someNewFigure" data-value="1.25">1.25<\/span>/);
    for (const key of Object.keys(stats)) expect(html).toContain(`data-stat="${key}"`);
  });

  it('escapes user text in the markup and in the inlined data, and loads nothing', async () => {
    const { html, contentSecurityPolicy } = await renderReportHtml(report());
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)');
    expect(html).toContain('setup &lt;b&gt;orb&lt;/b&gt;');
    expect(contentSecurityPolicy).toMatch(/^default-src 'none'; script-src 'sha256-\S+' 'sha256-\S+'; /);
    const markup = html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '');
    expect(markup.match(/\s(src|href)="[^#][^"]*"/g)).toBeNull();
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script type="application/json" id="tj-report-data">',
      '<script>',
      '<script type="module">',
    ]);
  });

  it('names the currency of its money, and the trades a missing FX rate left out', async () => {
    const plain = await renderReportHtml(report());
    expect(plain.html).toContain('<p>Money in USD</p>');
    const converted = report({
      statistics: { ...stats, fx: { converted: 2, missing: [{ date: '2026-03-10', from: 'EUR', to: 'USD', trades: 1 }] } },
    });
    const { html } = await renderReportHtml(converted);
    expect(html).toContain('Money in USD; 2 trades converted from other currencies');
    expect(html).toContain('<strong>Left out for want of a rate:</strong> 1 trade of 2026-03-10 (no EUR→USD rate)');
  });

  it('shows the hour chart once when core answers both its names, none for one group, and none without trades', async () => {
    const { html } = await renderReportHtml(report());
    expect(html).toContain('data-category="hour"');
    expect(html).not.toContain('data-category="time"');
    // One setup only: no chart, and the note says so.
    expect(html).not.toContain('data-category="setup"');
    expect(html).toContain(
      'All 2 trades are in one group, &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;: nothing to compare.',
    );
    const empty = await renderReportHtml(report({ statistics: { ...stats, totalTrades: 0 }, categories: [] }));
    expect(empty.html).toContain('No closed trades in this period.');
    expect(empty.html).not.toContain('data-chart=');
  });
});

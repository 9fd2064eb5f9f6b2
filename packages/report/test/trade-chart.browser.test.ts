/**
 * A trade on its chart in a real browser (Debian's chromium through playwright-core): the page
 * `tj trades chart` writes and the report's trade charts and MAE-vs-result scatter, made from a
 * real SQLite journal (trades, bars and excursions of test/support/trade-chart-seed.ts). Each page
 * draws every chart with no console error and no network request, and the marks sit where their
 * time and price put them: the pixel each is drawn at is the pixel of its bar and price.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderReportHtml, renderTradeChartHtml } from '@tj/report';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from '../../../test/support/browser.js';
import { DATABASES, tempSqlitePath } from '../../../test/support/databases.js';
import { CHART_LOSER, CHART_TRADE, seedTradeChart } from '../../../test/support/trade-chart-seed.js';
import { newUser, useCore } from '../../core/test/support/core.js';

/** What the page shows of a chart: each series' name, its data, and where each item is drawn against where it belongs. */
interface DrawnSeries {
  name: string;
  data: unknown[];
  /** Per item: [drawn x, drawn y, expected x, expected y] in canvas pixels. */
  placed: number[][];
  markLines: number[];
}

interface Seen {
  problems: string[];
  requests: string[];
  drawn: string | undefined;
  charts: Array<{ kind: string; trade: string; categories: string[]; series: DrawnSeries[] }>;
}

interface ChartInPage {
  getOption(): {
    xAxis: Array<{ data?: string[] }>;
    series: Array<{ name: string; type: string; data: unknown[]; markLine?: { data: Array<{ yAxis: number }> } }>;
  };
  getModel(): { getSeriesByIndex(i: number): { getData(): { getItemLayout(i: number): number[] } } };
  convertToPixel(finder: Record<string, number>, value: unknown): number[];
}
declare const echarts: { getInstanceByDom(el: Element): ChartInPage };

async function inspect(browser: Browser, url: string): Promise<Seen> {
  const page: Page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => requests.push(r.url()));
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.documentElement.dataset.charts !== undefined, undefined, { timeout: 20_000 });
    const charts = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('[data-chart="trade"], [data-chart="mae"]')).map((el) => {
        const chart = echarts.getInstanceByDom(el);
        const option = chart.getOption();
        return {
          kind: el.dataset.chart ?? '',
          trade: el.dataset.trade ?? '',
          categories: option.xAxis[0]?.data ?? [],
          series: option.series.map((s, i) => ({
            name: s.name,
            data: s.data,
            placed:
              s.type === 'scatter'
                ? s.data.map((value, k) => [
                    ...chart.getModel().getSeriesByIndex(i).getData().getItemLayout(k),
                    ...chart.convertToPixel({ seriesIndex: i }, (value as unknown[]).slice(0, 2)),
                  ])
                : [],
            markLines: (s.markLine?.data ?? []).map((d) => d.yAxis),
          })),
        };
      }),
    );
    return { problems, requests, drawn: await page.evaluate(() => document.documentElement.dataset.charts), charts };
  } finally {
    await page.close();
  }
}

/** Each scatter item is drawn within half a pixel of where its value belongs. */
function expectPlaced(series: DrawnSeries[]): void {
  for (const s of series)
    for (const [x, y, ex, ey] of s.placed) {
      expect(Math.abs((x as number) - (ex as number)), s.name).toBeLessThan(0.5);
      expect(Math.abs((y as number) - (ey as number)), s.name).toBeLessThan(0.5);
    }
}

const byName = (series: DrawnSeries[], name: string) => series.find((s) => s.name === name)?.data;

const sqlite = DATABASES.find((d) => d.name === 'sqlite') as (typeof DATABASES)[number];

describe.skipIf(!browserAvailable)('a trade on its chart in a real browser', { timeout: 120_000 }, () => {
  const h = useCore(sqlite);
  let browser: Browser;
  let user = '';
  let winner = '';
  let loser = '';
  const dir = tempSqlitePath().dir;

  beforeAll(async () => {
    browser = await launchBrowser();
    user = await newUser(h.core());
    winner = (await h.core().trades.create(user, CHART_TRADE)).id;
    loser = (await h.core().trades.create(user, CHART_LOSER)).id;
    await seedTradeChart(h.storage(), user);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('draws the trade page: candles, the entry ▲ and exit ▼ at their bar and price, MAE and MFE levels and points', async () => {
    const trade = await h.core().trades.get(user, winner);
    const bars = await h.core().bars.aroundTrade(user, winner, { padding: 5 });
    const file = join(dir, 'trade.html');
    await writeFile(file, (await renderTradeChartHtml(trade, bars, { tz: 'UTC' })).html);
    const url = pathToFileURL(file).href;
    const seen = await inspect(browser, url);
    expect(seen.problems).toEqual([]);
    expect(seen.requests).toEqual([url]);
    expect(seen.drawn).toBe('1');
    const [chart] = seen.charts;
    // Padding 5: 14:26 … 14:39 (entry bar 14:31 less 5, exit bar 14:34 plus 5): 14 bars.
    expect(chart?.categories).toEqual(Array.from({ length: 14 }, (_, i) => `2026-11-20 14:${26 + i}`));
    const series = chart?.series ?? [];
    // [open, close, low, high] of 14:26 (second bar of the seed).
    expect(series[0]?.data[0]).toEqual([5001.25, 5001.75, 5000.5, 5002]);
    // Entry 14:31:30 in the bar of 14:31 (index 5) at 5002; exit 14:34:10 in 14:34 (index 8) at 5004.
    expect(byName(series, 'Entry')).toEqual([[5, 5002]]);
    expect(byName(series, 'Exit')).toEqual([[8, 5004]]);
    // MAE 4999 at 14:32 (index 6), MFE 5007 at 14:33 (index 7), each with its level.
    expect(byName(series, 'MAE')).toEqual([[6, 4999]]);
    expect(byName(series, 'MFE')).toEqual([[7, 5007]]);
    expect(series.find((s) => s.name === 'MAE')?.markLines).toEqual([4999]);
    expect(series.find((s) => s.name === 'MFE')?.markLines).toEqual([5007]);
    expectPlaced(series);
  });

  it('draws the report’s best and worst trades on their charts and the MAE-vs-result scatter', async () => {
    const report = await h.core().reports.summary(user, { tz: 'UTC' });
    const file = join(dir, 'report.html');
    await writeFile(file, (await renderReportHtml(report)).html);
    const url = pathToFileURL(file).href;
    const seen = await inspect(browser, url);
    expect(seen.problems).toEqual([]);
    expect(seen.requests).toEqual([url]);
    expect(seen.charts.map((c) => [c.kind, c.trade])).toEqual([
      ['trade', winner],
      ['trade', loser],
      ['mae', ''],
    ]);
    // Default padding 30: both charts show all 16 bars 14:25 … 14:40.
    const [best, worst, scatter] = seen.charts;
    expect(best?.categories).toHaveLength(16);
    expect(byName(best?.series ?? [], 'Entry')).toEqual([[6, 5002]]);
    expect(byName(best?.series ?? [], 'Exit')).toEqual([[9, 5004]]);
    // The loser: short in at 14:27:10 (index 2) at 5002, out at 14:28:50 (index 3) at 5002.5;
    // MAE 5002.75 at 14:28 (index 3), MFE 5001 at 14:27 (index 2).
    expect(byName(worst?.series ?? [], 'Entry')).toEqual([[2, 5002]]);
    expect(byName(worst?.series ?? [], 'Exit')).toEqual([[3, 5002.5]]);
    expect(byName(worst?.series ?? [], 'MAE')).toEqual([[3, 5002.75]]);
    expect(byName(worst?.series ?? [], 'MFE')).toEqual([[2, 5001]]);
    // Scatter: (MAE, result) = (−150, 100) a winner, (−37.5, −25) a loser.
    expect(byName(scatter?.series ?? [], 'Winners')).toEqual([[-150, 100, 'ESZ6']]);
    expect(byName(scatter?.series ?? [], 'Losers')).toEqual([[-37.5, -25, 'ESZ6']]);
    for (const chart of seen.charts) expectPlaced(chart.series);
  });
});

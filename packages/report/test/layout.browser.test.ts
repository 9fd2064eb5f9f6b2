/**
 * The report's layout measured in a real browser (Debian's chromium through playwright-core) on a
 * report core makes from a real SQLite journal that holds what used to draw badly: 2.4 years
 * without trades, long option symbols, six-figure results, quarter-point futures prices beside
 * whole ones, and categories with one group. What is measured is what was drawn: ECharts' own
 * elements (text boxes, the line's points) and the page's boxes; no pixel is compared.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Report } from '@tj/core';
import { renderReportHtml } from '@tj/report';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from '../../../test/support/browser.js';
import { DATABASES, tempSqlitePath } from '../../../test/support/databases.js';
import { newUser, useCore } from '../../core/test/support/core.js';
import { type ChartHandle, decimalPoints, drawnCharts, openReport, overlap } from './support/layout.js';

const DAY = 86_400_000;
const OPTION = (strike: number) => `SPY 260320C00${strike}000`;
/** The last day with exits before the gap, and the first after it (2.4 years later). */
const BEFORE_GAP = '2022-04-08';
const AFTER_GAP = '2024-08-20';
const WIDTHS = [1280, 900, 390];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The trades: one a day every other day for 20 days before the gap and after it, with no setup, account or tag. */
function tradeBodies(): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  const day = (start: string, i: number) => Date.parse(`${start}T14:00:00Z`) + i * 2 * DAY;
  const starts = [Date.parse(`${BEFORE_GAP}T14:00:00Z`) - 19 * 2 * DAY, Date.parse(`${AFTER_GAP}T14:00:00Z`)];
  for (const start of starts) {
    for (let i = 0; i < 19; i++) {
      const entry = day(new Date(start).toISOString().slice(0, 10), i);
      const kind = i % 3;
      const instrument = kind === 0 ? 'NQ' : kind === 1 ? 'AAPL' : OPTION(570 + (i % 9));
      const [entryPrice, exitPrice] = kind === 0 ? [i % 2 ? 25073.25 : 25072, i % 2 ? 25081 : 25080.5] : [190, 191];
      const result = kind === 0 ? 300_000 + i * 1000 : ((i * 37) % 7) * 50_000 - 150_000;
      bodies.push({ instrument, entryPrice, exitPrice, result, time: entry });
    }
  }
  // The day before the gap: a new peak; the gap's last day: 120k down, then 50k back.
  const last = Date.parse(`${BEFORE_GAP}T14:00:00Z`);
  bodies.push({ instrument: 'AAPL', entryPrice: 190, exitPrice: 191, result: 900_000, time: last - DAY });
  bodies.push({ instrument: 'AAPL', entryPrice: 190, exitPrice: 189, result: -120_000, time: last });
  bodies.push({ instrument: 'AAPL', entryPrice: 190, exitPrice: 191, result: 50_000, time: last + 3_600_000 });
  return bodies;
}

declare const echarts: {
  getInstanceByDom(el: Element): ChartHandle & { getOption(): { series: Array<{ markArea?: { data: unknown } }> } };
};

const sqlite = DATABASES.find((d) => d.name === 'sqlite') as (typeof DATABASES)[number];

describe.skipIf(!browserAvailable)('the report layout in a real browser', { timeout: 120_000 }, () => {
  const h = useCore(sqlite);
  let browser: Browser;
  let report: Report;
  let url: string;
  const pages = new Map<number, Promise<Page>>();
  /** The report open at `width` (opened once, shared by the tests). */
  const at = (width: number): Promise<Page> => {
    if (!pages.has(width)) pages.set(width, openReport(browser, url, width));
    return pages.get(width) as Promise<Page>;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    const user = await newUser(h.core());
    for (const { time, ...t } of tradeBodies()) {
      const at = time as number;
      await h.core().trades.create(user, {
        ...t,
        direction: 'long',
        positionSize: 1,
        stopLoss: (t.entryPrice as number) - 10,
        entryTime: new Date(at - 1_800_000).toISOString(),
        exitTime: new Date(at).toISOString(),
      });
    }
    report = await h.core().reports.summary(user, { tz: 'UTC' });
    const file = join(tempSqlitePath().dir, 'report.html');
    await writeFile(file, (await renderReportHtml(report)).html);
    url = pathToFileURL(file).href;
  });
  afterAll(async () => {
    for (const page of pages.values()) await (await page).close();
    await browser?.close();
  });

  it('holds equity and drawdown flat across 2.4 years without trades, and shades the gap', async () => {
    const before = report.equityCurve.find((p) => p.date === BEFORE_GAP);
    expect(before).toMatchObject({ drawdown: 120_000, closingDrawdown: 70_000 });
    const page = await at(1280);
    const seen = await page.evaluate(
      ({ from, to, held }) => {
        const chart = echarts.getInstanceByDom(document.querySelector('[data-chart="equity"]') as Element);
        const middle = new Date((Date.parse(from) + Date.parse(to)) / 2).toISOString().slice(0, 10);
        /** The y the drawn line of series `i` has at x (its points as ECharts laid them out). */
        const lineAt = (i: number, x: number): number[] => {
          let points: number[] = [];
          chart.getViewOfSeriesModel(chart.getModel().getSeriesByIndex(i)).group.traverse((el) => {
            if (el.type === 'ec-polyline') points = Array.from(el.shape?.points ?? []).flat() as number[];
          });
          const ys: number[] = [];
          for (let k = 2; k < points.length; k += 2) {
            const [x0, y0, x1, y1] = points.slice(k - 2, k + 2) as [number, number, number, number];
            if (x0 <= x && x <= x1 && x1 > x0) ys.push(y0 + ((y1 - y0) * (x - x0)) / (x1 - x0));
          }
          return ys;
        };
        return held.map(([value, axis]) => {
          const x = chart.convertToPixel({ xAxisIndex: axis }, middle);
          return { drawn: lineAt(axis, x), held: chart.convertToPixel({ yAxisIndex: axis }, value) };
        });
      },
      { from: BEFORE_GAP, to: AFTER_GAP, held: [[before?.equity, 0] as const, [-(before?.closingDrawdown ?? 0), 1] as const] },
    );
    for (const { drawn, held } of seen) {
      expect(drawn).toHaveLength(1);
      expect(Math.abs((drawn[0] as number) - held)).toBeLessThan(0.5);
    }
    const shaded = await page.evaluate(() =>
      echarts
        .getInstanceByDom(document.querySelector('[data-chart="equity"]') as Element)
        .getOption()
        .series.map((s) => s.markArea?.data),
    );
    for (const areas of shaded) expect(areas).toMatchObject([[{ xAxis: '2022-04-09' }, { xAxis: AFTER_GAP }]]);
  });

  it('draws every chart label inside its canvas (the last value labels too), and the bars’ labels apart', async () => {
    for (const width of WIDTHS) {
      const page = await at(width);
      const charts = await page.evaluate(drawnCharts);
      expect(charts.length).toBeGreaterThan(4);
      for (const chart of charts) {
        const where = `${chart.kind} ${chart.category} at ${width}px`;
        for (const t of chart.texts) {
          expect(t.x, `${t.text} of ${where}`).toBeGreaterThanOrEqual(0);
          expect(t.x + t.width, `${t.text} of ${where}`).toBeLessThanOrEqual(chart.width);
        }
        if (chart.kind !== 'category') continue;
        for (const [i, a] of chart.texts.entries()) {
          for (const b of chart.texts.slice(i + 1)) expect(overlap(a, b), `${a.text} and ${b.text} of ${where}`).toBe(false);
        }
      }
    }
  });

  it('writes option symbols whole, from their first letter', async () => {
    for (const width of [1280, 900]) {
      const charts = await (await at(width)).evaluate(drawnCharts);
      const names = (charts.find((c) => c.category === 'instrument')?.texts ?? []).filter((t) => /^SPY/.test(t.text));
      expect(names.map((t) => t.text).sort()).toEqual([OPTION(572), OPTION(575), OPTION(578)]);
      for (const name of names) expect(name.x, `${name.text} at ${width}px`).toBeGreaterThanOrEqual(0);
    }
  });

  it('keeps the calendar legend clear of the month labels', async () => {
    for (const width of WIDTHS) {
      const page = await at(width);
      const { legend, months } = await page.evaluate((names) => {
        const chart = echarts.getInstanceByDom(document.querySelector('[data-chart="calendar"]') as Element);
        const group = chart.getViewOfComponentModel(chart.getModel().getComponent('visualMap')).group;
        const box = group.getBoundingRect().clone();
        box.applyTransform(group.getComputedTransform());
        const all: Array<{ text: string; x: number; y: number; width: number; height: number }> = [];
        for (const d of chart.getZr().storage.getDisplayList(true)) {
          if (d.type !== 'tspan' || !names.includes(d.style?.text ?? '')) continue;
          const r = d.getBoundingRect().clone();
          r.applyTransform(d.getComputedTransform());
          all.push({ text: d.style?.text ?? '', x: r.x, y: r.y, width: r.width, height: r.height });
        }
        return { legend: { x: box.x, y: box.y, width: box.width, height: box.height }, months: all };
      }, MONTHS);
      expect(months.length).toBe(24);
      for (const m of months) expect(overlap(legend, m), `${m.text} at ${width}px`).toBe(false);
    }
  });

  it('writes one instrument’s prices with the same decimals, their points in one column', async () => {
    const page = await at(1280);
    // The best trades: nine NQ trades at 25,072 and 25,073.25, out at 25,080.5 and 25,081.
    const nq = page
      .locator('#trades table')
      .first()
      .locator('tbody tr', { hasText: /^\s*NQ/ });
    expect(await nq.count()).toBe(9);
    // Entry price and exit price: the 6th and 7th cells (no account column: no trade has one).
    for (const column of [6, 7]) {
      const cells = nq.locator(`td:nth-child(${column})`);
      for (const text of await cells.allTextContents()) expect(text).toMatch(/^25,0\d\d\.\d\d$/);
      const points = await cells.evaluateAll(decimalPoints);
      for (const x of points) expect(Math.abs(x - (points[0] as number))).toBeLessThan(0.5);
    }
  });

  it('lays the summary cards out with no card alone on a row', async () => {
    for (const width of WIDTHS) {
      const page = await at(width);
      const tops = await page
        .locator('#summary .card')
        .evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
      expect(tops.length).toBe(7);
      const rows = new Map<number, number>();
      for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
      expect(
        [...rows.values()].filter((n) => n < 2),
        `rows at ${width}px: ${[...rows.values()]}`,
      ).toEqual([]);
    }
  });

  it('says there is nothing to compare for a category with one group, and draws no bar for it', async () => {
    const page = await at(1280);
    const cases: Array<[string, string]> = [
      ['setup', 'No trade has a setup: nothing to compare.'],
      ['account', 'No trade has an account: nothing to compare.'],
      ['tag', 'No trade has a tag: nothing to compare.'],
      ['strategy', 'No trade has an option strategy: nothing to compare.'],
    ];
    for (const [category, text] of cases) {
      const block = page.locator(`#by-${category}`);
      expect(await block.locator('canvas, [data-chart]').count(), category).toBe(0);
      const note = block.locator('.nothing-to-compare');
      expect(await note.textContent()).toBe(text);
      expect((await note.boundingBox())?.height).toBeGreaterThan(0);
    }
    expect(await page.locator('#by-instrument canvas').count()).toBe(1);
  });
});

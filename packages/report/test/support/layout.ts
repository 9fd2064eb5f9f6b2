/**
 * Measuring a drawn report in the browser: the rectangles of what ECharts rendered (its own
 * elements, in canvas pixels) and of the page's elements (CSS pixels). Only types and functions
 * passed to `page.evaluate` live here; they run in the page.
 */
import type { Browser, Page } from 'playwright-core';

/** A rectangle in pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A text ECharts drew, where it drew it. */
export interface DrawnText extends Box {
  text: string;
}

/** One chart's canvas size and every visible text on it. */
export interface DrawnChart {
  kind: string;
  category: string;
  width: number;
  height: number;
  texts: DrawnText[];
}

/** The page-side part of the charts' internals the tests read. */
type Rect = Box & { clone(): Rect; applyTransform(m: unknown): void };
interface ZrElement {
  type: string;
  ignore?: boolean;
  invisible?: boolean;
  style?: { text?: string };
  shape?: { points?: ArrayLike<number | number[]> };
  getBoundingRect(): Rect;
  getComputedTransform(): unknown;
  traverse(cb: (el: ZrElement) => void): void;
}
/** The slice of an ECharts instance the tests use. */
export interface ChartHandle {
  getZr(): { getWidth(): number; getHeight(): number; storage: { getDisplayList(update: boolean): ZrElement[] } };
  getModel(): { getSeriesByIndex(i: number): unknown; getComponent(type: string): unknown };
  getViewOfSeriesModel(model: unknown): { group: ZrElement };
  getViewOfComponentModel(model: unknown): { group: ZrElement };
  convertToPixel(finder: Record<string, number>, value: unknown): number;
}
declare const echarts: { getInstanceByDom(el: HTMLElement): ChartHandle };

/** Opens `url` at `width` × 900 and waits until the page marks every chart drawn. */
export async function openReport(browser: Browser, url: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.charts !== undefined, undefined, { timeout: 20_000 });
  if (problems.length > 0) throw new Error(`the report page failed: ${problems.join('; ')}`);
  return page;
}

/** Every chart of the page with the texts it drew (in the page). */
export function drawnCharts(): DrawnChart[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-chart]')).map((el) => {
    const zr = echarts.getInstanceByDom(el).getZr();
    const texts: DrawnText[] = [];
    for (const d of zr.storage.getDisplayList(true)) {
      if (d.type !== 'tspan' || d.ignore || d.invisible || !d.style?.text) continue;
      const r = d.getBoundingRect().clone();
      r.applyTransform(d.getComputedTransform());
      texts.push({ text: d.style.text, x: r.x, y: r.y, width: r.width, height: r.height });
    }
    return {
      kind: el.dataset.chart ?? '',
      category: el.dataset.category ?? '',
      width: zr.getWidth(),
      height: zr.getHeight(),
      texts,
    };
  });
}

/** True when two boxes share some area (touching edges do not count). */
export function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The x positions of `text`'s first `.` in each of `cells`, in CSS pixels (NaN without one). */
export function decimalPoints(cells: HTMLElement[]): number[] {
  return cells.map((cell) => {
    const node = cell.firstChild;
    const at = cell.textContent?.indexOf('.') ?? -1;
    if (!node || at < 0) return Number.NaN;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + 1);
    return range.getBoundingClientRect().x;
  });
}

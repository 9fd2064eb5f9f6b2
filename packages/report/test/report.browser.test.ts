/**
 * The summary report opened in a real browser (Debian's chromium through playwright-core): the
 * file `tj report` writes in local mode, the page the API serves, and the file `tj report`
 * writes in remote mode. Each must draw every chart with no console error and no network
 * request, and show exactly the figures `tj stats --json` gives for the same filters.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from '../../../test/support/browser.js';
import { ok, runJson, type Sandbox, sandbox } from '../../cli/test/support/cli.js';
import { signUp, startTestServer, type TestServer, type TestUser } from '../../http/test/support/server.js';

const INSTRUMENTS = ['ES', 'NQ', 'AAPL', 'CL'];
const SETUPS = ['breakout', 'pullback', '<img src=x onerror=alert(1)>'];

/** 400 closed trades over 18 months of weekdays, deterministic; most with a stop. */
function tradesCsv(): string {
  let seed = 7;
  const rnd = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const rows = ['instrument,direction,entryPrice,positionSize,entryTime,stopLoss,exitPrice,exitTime,setupType,tags,fees'];
  let t = Date.parse('2025-01-02T14:30:00Z');
  for (let i = 0; i < 400; i++) {
    t += (1 + Math.floor(rnd() * 2)) * 86_400_000 + Math.floor(rnd() * 4) * 3_600_000;
    const day = new Date(t).getUTCDay();
    if (day === 0 || day === 6) t += 2 * 86_400_000;
    const long = rnd() < 0.6;
    const entry = 100 + Math.round(rnd() * 2000) / 100;
    const move = Math.round((rnd() - 0.42) * 400) / 100;
    const exit = Math.max(1, entry + (long ? move : -move));
    const stop = rnd() < 0.85 ? (long ? entry - 1 : entry + 1).toFixed(2) : '';
    const exitTime = new Date(t + Math.floor(5 + rnd() * 300) * 60_000).toISOString();
    const tags = rnd() < 0.5 ? 'a-plus' : rnd() < 0.5 ? 'fomo;late' : '';
    rows.push(
      [
        INSTRUMENTS[i % INSTRUMENTS.length],
        long ? 'long' : 'short',
        entry.toFixed(2),
        String(1 + (i % 5)),
        new Date(t).toISOString(),
        stop,
        exit.toFixed(2),
        exitTime,
        SETUPS[i % SETUPS.length],
        tags,
        (i % 3).toFixed(2),
      ].join(','),
    );
  }
  return `${rows.join('\n')}\n`;
}

/** What the page shows and did. */
interface Inspection {
  problems: string[];
  requests: string[];
  charts: Array<{ kind: string; category: string; pixels: number }>;
  drawnMark: string | undefined;
  figures: Array<{ key: string; value: string; text: string }>;
}

async function inspect(page: Page, url: string): Promise<Inspection> {
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.charts !== undefined, undefined, { timeout: 20_000 });
  return page
    .evaluate(() => {
      const charts = Array.from(document.querySelectorAll<HTMLElement>('[data-chart]')).map((el) => {
        const canvas = el.querySelector('canvas');
        let pixels = 0;
        if (canvas && canvas.width > 0 && canvas.height > 0) {
          const data = (canvas.getContext('2d') as CanvasRenderingContext2D).getImageData(0, 0, canvas.width, canvas.height).data;
          for (let i = 3; i < data.length; i += 4) if ((data[i] as number) > 0) pixels++;
        }
        return { kind: el.dataset.chart ?? '', category: el.dataset.category ?? '', pixels };
      });
      const figures = Array.from(document.querySelectorAll<HTMLElement>('[data-stat]')).map((el) => ({
        key: el.dataset.stat ?? '',
        value: el.dataset.value ?? '',
        text: el.textContent ?? '',
      }));
      return { problems: [], requests: [], charts, drawnMark: document.documentElement.dataset.charts, figures };
    })
    .then((seen) => ({ ...seen, problems, requests }));
}

const money = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The category charts of a report; filtered on one instrument, that category has one group and no chart. */
const charted = (flags: string[]) => ['weekday', 'setup', 'tag', ...(flags.includes('--instrument') ? [] : ['instrument'])];

/** The checks every rendering of the report must pass. */
function expectWellDrawn(seen: Inspection, stats: Record<string, unknown>, documentUrl: string, categories: string[]): void {
  expect(seen.problems).toEqual([]);
  expect(seen.requests).toEqual([documentUrl]);
  const kinds = seen.charts.map((c) => c.kind);
  expect(kinds.slice(0, 3)).toEqual(['equity', 'calendar', 'r']);
  const drawn = seen.charts.filter((c) => c.kind === 'category').map((c) => c.category);
  expect(drawn).toEqual(expect.arrayContaining(categories));
  if (!categories.includes('instrument')) expect(drawn).not.toContain('instrument');
  for (const chart of seen.charts) expect(chart.pixels, `${chart.kind} ${chart.category}`).toBeGreaterThan(1000);
  expect(seen.drawnMark).toBe(String(seen.charts.length));
  for (const [key, value] of Object.entries(stats)) {
    const shown = seen.figures.filter((f) => f.key === key);
    expect(shown.length, key).toBeGreaterThan(0);
    for (const f of shown) expect(JSON.parse(f.value), key).toEqual(value);
  }
  const text = (key: string) => seen.figures.find((f) => f.key === key)?.text;
  expect(text('totalTrades')).toBe((stats.totalTrades as number).toLocaleString('en-US'));
  expect(text('winRate')).toBe(`${(stats.winRate as number).toFixed(1)}%`);
  expect(text('totalPnL')).toBe(money(stats.totalPnL as number));
}

/** Filter sets: the global --tz, and the command's own flags. */
const FILTERS: Array<{ tz: string; flags: string[] }> = [
  { tz: 'America/New_York', flags: [] },
  { tz: 'Europe/Berlin', flags: ['--from', '2025-03-01', '--to', '2025-10-31', '--instrument', 'es'] },
];

describe.skipIf(!browserAvailable)('the HTML report in a real browser', { timeout: 300_000 }, () => {
  let box: Sandbox;
  let remote: Sandbox;
  let browser: Browser;
  let srv: TestServer;
  let user: TestUser;
  let local: string[];

  beforeAll(async () => {
    [box, remote, browser, srv] = await Promise.all([sandbox(), sandbox(), launchBrowser(), startTestServer()]);
    user = await signUp(srv.url, 'viewer');
    const csv = join(box.dir, 'trades.csv');
    await writeFile(csv, tradesCsv());
    local = ['--db', box.db];
    await ok(box, [...local, 'init', '--email', 'ann@example.com', '--name', 'Ann', '--password', 'correct horse']);
    await ok(box, [...local, 'import', csv]);
    for (const [date, plan] of [
      ['2025-03-04', 'Trade the <b>open</b> only'],
      ['2025-06-10', 'Sit on hands after two losses'],
    ] as const) {
      await ok(box, [...local, 'journal', 'add', '--no-input', '--date', date, '--plan', plan, '--lessons', 'wait; breathe']);
    }
    await ok(box, ['--db', srv.databaseUrl, '--user', user.email, 'import', csv]);
    await ok(remote, ['login', '--server', srv.url, '--email', user.email, '--password', user.password]);
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
    await box?.cleanup();
    await remote?.cleanup();
  });

  it('the file tj report writes draws every chart and shows the figures of tj stats --json', async () => {
    for (const [i, { tz, flags }] of FILTERS.entries()) {
      const out = join(box.dir, `report-${i}.html`);
      const written = await runJson(box, [...local, '--tz', tz, 'report', ...flags, '--out', out]);
      expect(written).toMatchObject({ file: out, bytes: expect.any(Number) });
      const stats = await runJson(box, [...local, '--tz', tz, 'stats', ...flags]);
      expect(stats.totalTrades).toBeGreaterThan(20);
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const url = pathToFileURL(out).href;
      expectWellDrawn(await inspect(page, url), stats, url, charted(flags));
      if (i === 0) {
        const journal = await page.locator('[data-journal="2025-03-04"]').textContent();
        expect(journal).toContain('Trade the <b>open</b> only');
      }
      await page.close();
    }
  });

  it('the page the API serves, and the file tj report writes from it in remote mode, show the same figures', async () => {
    const context = await browser.newContext({ extraHTTPHeaders: { authorization: `Bearer ${user.tokens.accessToken}` } });
    const query = 'tz=America%2FNew_York&instrument=NQ';
    const stats = await runJson(remote, ['--tz', 'America/New_York', 'stats', '--instrument', 'NQ']);
    const served = `${srv.url}/api/reports/summary.html?${query}`;
    expectWellDrawn(await inspect(await context.newPage(), served), stats, served, charted(['--instrument']));

    const out = join(remote.dir, 'remote.html');
    await ok(remote, ['--tz', 'America/New_York', 'report', '--instrument', 'NQ', '--out', out]);
    const url = pathToFileURL(out).href;
    expectWellDrawn(await inspect(await context.newPage(), url), stats, url, charted(['--instrument']));
    await context.close();
  });
});

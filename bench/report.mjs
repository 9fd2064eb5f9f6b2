#!/usr/bin/env node
// Report benchmark (`pnpm bench:report`, after `pnpm build`): loads BENCH_REPORT_TRADES trades
// (default 100,000, over five years) and a weekly journal for one user into SQLite and PostgreSQL, then
// times, per run, the three steps of `tj report`: core.reports.summary (a fresh core each run, so
// no cache), renderReportHtml, and opening the file in a real browser until every chart is drawn
// (Debian's chromium through playwright-core). It prints figures; nothing asserts a time.
//
// The figures are shown without a target (there is no floor to compare with).
//
//   BENCH_REPORT_TRADES=100000 BENCH_REPORT_RUNS=3 BENCH_REPORT_KEEP=report.html node bench/report.mjs
//
// The browser: TJ_CHROMIUM, else /usr/bin/chromium (skipped with a banner when missing).

import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCore } from '@tj/core';
import { newTradeRow, uuidv7Generator } from '@tj/core/internal';
import { openStorage } from '@tj/core/storage';
import { renderReportHtml } from '@tj/report';
import { envInt, runBench } from './lib/databases.mjs';
import { info } from './lib/figures.mjs';
import { summarize, timeOnce } from './lib/stats.mjs';
import { banner, fmtInt, fmtMs } from './lib/table.mjs';
import { fixedClock, inBatches, tradeBodies } from './lib/trades.mjs';

const USER_ID = '01900000-0000-7000-8000-00000000b0b0';
const NOW = Date.parse('2026-11-20T21:00:00Z');
const DAY = 86_400_000;
const TZ = 'America/New_York';
const CHROMIUM = process.env.TJ_CHROMIUM ?? '/usr/bin/chromium';

const count = envInt('BENCH_REPORT_TRADES', Math.min(100_000, envInt('BENCH_SCALE', 100_000)));
const runs = Math.max(1, envInt('BENCH_REPORT_RUNS', 3));
const seed = 42;
const KEEP = process.env.BENCH_REPORT_KEEP;

/** Loads the trades and one journal entry a week into `storage`. */
async function load(storage) {
  const deps = { clock: fixedClock(NOW), ids: uuidv7Generator() };
  for (const batch of inBatches(tradeBodies({ count, seed, now: NOW }), 5000)) {
    const rows = batch.map((body) => newTradeRow(deps, USER_ID, body));
    await storage.transaction((tx) => tx.trades.insertMany(rows));
  }
  const core = createCore({ storage, clock: fixedClock(NOW) });
  for (let day = NOW - 1825 * DAY; day < NOW; day += 7 * DAY) {
    const date = new Date(day).toISOString().slice(0, 10);
    await core.journal.create(USER_ID, { date, tradingPlan: 'Trade the plan.', lessonsLearned: ['Wait for the retest'] });
  }
}

/** Opens the report in the browser and waits until every chart is drawn; the wall time in ms. */
async function browserTime(browser, file) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const { ms } = await timeOnce(async () => {
    await page.goto(pathToFileURL(file).href);
    await page.waitForFunction(() => document.documentElement.dataset.charts !== undefined, undefined, { timeout: 60_000 });
  });
  const charts = await page.evaluate(() => Number(document.documentElement.dataset.charts));
  await page.close();
  if (errors.length > 0) throw new Error(`the page reported errors: ${errors.join('; ')}`);
  return { ms, charts };
}

async function launch() {
  if (!existsSync(CHROMIUM)) {
    banner(`no browser at ${CHROMIUM}: the browser step is skipped (apt-get install chromium)`);
    return undefined;
  }
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
}

async function benchDatabase(d, browser) {
  const storage = await openStorage(d.url('report'));
  try {
    const loaded = await timeOnce(() => load(storage));
    console.error(`  [report ${d.db}] loaded ${fmtInt(count)} trades in ${fmtMs(loaded.ms)}`);
    const data = [];
    const render = [];
    const view = [];
    let charts = 0;
    const file = KEEP ?? join(tmpdir(), `tj-bench-report-${process.pid}-${d.db}.html`);
    for (let i = 0; i < runs; i++) {
      const core = createCore({ storage, clock: fixedClock(NOW) });
      const summary = await timeOnce(() => core.reports.summary(USER_ID, { tz: TZ }));
      data.push(summary.ms);
      const page = await timeOnce(() => renderReportHtml(summary.value));
      render.push(page.ms);
      writeFileSync(file, page.value.html);
      if (browser) {
        const opened = await browserTime(browser, file);
        view.push(opened.ms);
        charts = opened.charts;
      }
    }
    if (!KEEP) rmSync(file, { force: true });
    const p50 = (samples) => summarize(samples).p50;
    return [
      info(`tj report data (core.reports.summary, fresh core), ${fmtInt(count)} trades`, d.db, { ours: fmtMs(p50(data)) }),
      info('tj report renderReportHtml', d.db, { ours: fmtMs(p50(render)) }),
      info(`tj report in the browser${browser ? ` (${charts} charts drawn)` : ''}`, d.db, {
        ours: browser ? fmtMs(p50(view)) : 'skipped: no browser',
      }),
    ];
  } finally {
    await storage.close();
  }
}

const browser = await launch();
try {
  await runBench('report', `tj report over ${fmtInt(count)} trades, ${TZ}: medians of ${runs} runs (shown, no target)`, (d) =>
    benchDatabase(d, browser),
  );
} finally {
  await browser?.close();
}

#!/usr/bin/env node
// Report benchmark (`pnpm bench:report`, after `pnpm build`): loads N trades (default 100,000, over
// five years) and a weekly journal for one user into SQLite (and PostgreSQL with --postgres), then
// times, per run, the three steps of `tj report`: core.reports.summary (a fresh core each run, so
// no cache), renderReportHtml, and opening the file in a real browser until every chart is drawn
// (Debian's chromium through playwright-core). It prints figures; nothing asserts a time.
//
//   node bench/report.mjs [--trades N] [--runs 3] [--postgres] [--keep report.html] [--seed 42]
//
// PostgreSQL: TJ_BENCH_POSTGRES_URL, else TJ_TEST_POSTGRES_URL, else postgres://postgres@127.0.0.1:5432/test,
// in a fresh schema tj_bench_<pid>_report, dropped at the end. The browser: TJ_CHROMIUM, else /usr/bin/chromium.

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createCore } from '@tj/core';
import { newTradeRow, uuidv7Generator } from '@tj/core/internal';
import { openPostgresStorage } from '@tj/core/postgres';
import { openSqliteStorage } from '@tj/core/sqlite';
import { renderReportHtml } from '@tj/report';
import { benchPostgresUrl, benchSchemaName, dropSchemas, postgresReachable, redactUrl } from './lib/postgres.mjs';
import { summarize, timeOnce } from './lib/stats.mjs';
import { banner, fmtInt, fmtMiB, fmtMs, printTable } from './lib/table.mjs';
import { fixedClock, inBatches, tradeBodies } from './lib/trades.mjs';

const USER_ID = '01900000-0000-7000-8000-00000000b0b0';
const NOW = Date.parse('2026-11-20T21:00:00Z');
const DAY = 86_400_000;
const TZ = 'America/New_York';
const CHROMIUM = process.env.TJ_CHROMIUM ?? '/usr/bin/chromium';

const { values } = parseArgs({
  options: {
    trades: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    postgres: { type: 'boolean', default: false },
    keep: { type: 'string' },
    seed: { type: 'string', default: '42' },
  },
});
const count = Number(values.trades.replaceAll('_', ''));
const runs = Math.max(1, Number(values.runs));
const seed = Number(values.seed);

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

async function benchDatabase(name, open, browser, dir) {
  const storage = await open();
  try {
    const loaded = await timeOnce(() => load(storage));
    console.log(`${name}: loaded ${fmtInt(count)} trades in ${fmtMs(loaded.ms)}`);
    const data = [];
    const render = [];
    const view = [];
    let bytes = 0;
    let charts = 0;
    const file = values.keep ?? join(dir, `report-${name}.html`);
    for (let i = 0; i < runs; i++) {
      const core = createCore({ storage, clock: fixedClock(NOW) });
      const summary = await timeOnce(() => core.reports.summary(USER_ID, { tz: TZ }));
      data.push(summary.ms);
      const page = await timeOnce(() => renderReportHtml(summary.value));
      render.push(page.ms);
      bytes = Buffer.byteLength(page.value.html);
      writeFileSync(file, page.value.html);
      if (browser) {
        const opened = await browserTime(browser, file);
        view.push(opened.ms);
        charts = opened.charts;
      }
    }
    const p50 = (samples) => summarize(samples).p50;
    return {
      db: name,
      trades: fmtInt(count),
      size: fmtMiB(bytes),
      data: fmtMs(p50(data)),
      render: `${fmtMs(p50(render))} (first ${fmtMs(render[0])})`,
      browser: browser ? `${fmtMs(p50(view))} (${charts} charts)` : 'skipped',
      total: fmtMs(p50(data) + p50(render) + (browser ? p50(view) : 0)),
    };
  } finally {
    await storage.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'tj-bench-report-'));
const browser = await launch();
const rows = [];
const schemas = [];
const pgUrl = benchPostgresUrl();
try {
  rows.push(await benchDatabase('sqlite', () => openSqliteStorage({ file: join(dir, 'journal.db') }), browser, dir));
  if (values.postgres) {
    const reachable = await postgresReachable(pgUrl, 5000);
    if (!reachable.ok) banner(`PostgreSQL at ${redactUrl(pgUrl)} is not reachable (${reachable.reason}): skipped`);
    else {
      const schema = benchSchemaName('report');
      schemas.push(schema);
      rows.push(await benchDatabase('postgres', () => openPostgresStorage({ url: pgUrl, schema }), browser, dir));
    }
  }
} finally {
  await browser?.close();
  if (schemas.length > 0) await dropSchemas(pgUrl, schemas);
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}
printTable(
  [
    { key: 'db', label: 'database', align: 'left' },
    { key: 'trades', label: 'trades' },
    { key: 'size', label: 'file' },
    { key: 'data', label: 'core.reports.summary' },
    { key: 'render', label: 'renderReportHtml' },
    { key: 'browser', label: 'browser: all charts drawn' },
    { key: 'total', label: 'total' },
  ],
  rows,
  { title: `tj report over ${fmtInt(count)} trades, ${TZ}: medians of ${runs} runs` },
);

/**
 * A trade on its chart from the CLI, run as a process: `tj trades show` prints the terminal chart
 * under the trade's details (no colour when not a terminal, colour when forced), locally and
 * through a server; `tj trades chart --out` writes the self-contained HTML page. The trade, its
 * bars and its excursion: test/support/trade-chart-seed.ts.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openSqliteStorage } from '@tj/core/sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_TRADE, seedTradeChart } from '../../../test/support/trade-chart-seed.js';
import { signUp, startTestServer, type TestServer } from '../../http/test/support/server.js';
import { ESC, ok, run, runJson, type Sandbox, sandbox, sandboxWithUser } from './support/cli.js';

const ADD = [
  'trades',
  'add',
  '--instrument',
  CHART_TRADE.instrument,
  '--asset-class',
  'future',
  '--direction',
  'long',
  '--entry-price',
  '5002',
  '--size',
  '1',
  '--multiplier',
  '50',
  '--stop',
  '4998',
  '--entry-time',
  '2026-11-20 14:31:30',
  '--exit-price',
  '5004',
  '--exit-time',
  '2026-11-20 14:34:10',
];

/** The chart's lines in `tj trades show` output: from the first price axis line to the legend. */
function chartOf(stdout: string): string[] {
  const lines = stdout.split('\n');
  const first = lines.findIndex((l) => l.startsWith('5,007.00 ┤'));
  const legend = lines.findIndex((l) => l.includes('▲ entry ▼ exit'));
  return lines.slice(first, legend + 1);
}

/**
 * What the chart must show. Prices 4,999.00 … 5,007.00 over 12 rows: row = 11 − round((price −
 * 4999) ÷ 8 × 11). Entry 5002: 11 − round(4.125) = 7; exit 5004: 11 − round(6.875) = 4; MFE 5007:
 * row 0; MAE 4999: row 11. One column per bar from 14:25: the entry (14:31) in column 6, the exit
 * (14:34) in column 9. Each row starts with the 8-character price label and ` ┤` (10 characters).
 */
function expectChart(chart: string[]): void {
  expect(chart).toHaveLength(12 + 3);
  expect(chart[0]).toMatch(/^5,007\.00 ┤.* MFE 5,007\.00 250\.00 \(1\.25R\)$/);
  expect(chart[11]).toMatch(/^4,999\.00 ┤.* MAE 4,999\.00 -150\.00 \(-0\.75R\)$/);
  expect(chart[7]?.[10 + 6]).toBe('▲');
  expect(chart[4]?.[10 + 9]).toBe('▼');
  expect(chart.join('\n').match(/▲/g)).toHaveLength(2); // the mark and the legend's
  expect(chart.join('\n').match(/▼/g)).toHaveLength(2);
  // Columns: 16 bars, one each; the MFE row's empty cells are the level ┄.
  expect(chart[12]).toBe(`${' '.repeat(8)} └${'─'.repeat(16)}`);
  expect(chart[0]?.slice(10, 26)).toBe('┄┄┄┄┄┄┄┄│┄┄┄┄┄┄┄');
  expect(chart[13]?.trim()).toBe('2026-11-20 14:25 2026-11-20 14:40');
  expect(chart[14]?.trim()).toBe('ESZ6 1m bars · ▲ entry ▼ exit · ┄ MAE/MFE');
}

describe('a trade on its chart from the CLI (local)', { timeout: 120_000 }, () => {
  let box: Sandbox;
  let db: string[];
  let id = '';
  beforeAll(async () => {
    ({ box, db } = await sandboxWithUser());
    const trade = await runJson(box, [...db, ...ADD]);
    id = trade.id;
    const storage = await openSqliteStorage({ file: box.db });
    try {
      const [user] = await storage.repos.users.list();
      await seedTradeChart(storage, user?.id as string);
    } finally {
      await storage.close();
    }
  });
  afterAll(() => box.cleanup());

  it('prints the chart under the trade, without colour into a pipe and with it when forced', async () => {
    const plain = await ok(box, [...db, 'trades', 'show', id.slice(-10)]);
    expect(plain).not.toContain(ESC);
    expect(plain.indexOf('5,007.00 ┤')).toBeGreaterThan(plain.indexOf('ESZ6'));
    expectChart(chartOf(plain));
    const coloured = await ok(box, [...db, 'trades', 'show', id], { FORCE_COLOR: '1' });
    expect(coloured).toContain(`${ESC}[32m█`);
  });

  it('writes the trade’s HTML page with --out, and refuses an unknown trade with a one-line message', async () => {
    const out = join(box.dir, 'trade.html');
    const written = await runJson(box, [...db, 'trades', 'chart', id, '--out', out]);
    expect(written).toEqual({ file: out, bars: 16, instrument: 'ESZ6', continuous: false, timeframe: '1m' });
    const page = await readFile(out, 'utf8');
    expect(page).toContain(`data-chart="trade" data-trade="${id}"`);
    expect(page).toContain("default-src 'none'");
    const human = await ok(box, [...db, 'trades', 'chart', id, '--out', out]);
    expect(human).toBe(`Wrote the chart of the trade to ${out} (16 1m bars of ESZ6)\n`);
    const unknown = await run(box, [...db, 'trades', 'chart', '0190aaaa-0000-7000-8000-000000000000', '--out', out]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^tj: .*not found.*\n$/);
  });
});

describe('a trade on its chart from the CLI (through a server)', { timeout: 120_000 }, () => {
  let box: Sandbox;
  let srv: TestServer;
  beforeAll(async () => {
    box = await sandbox();
    srv = await startTestServer();
  });
  afterAll(async () => {
    await srv?.close();
    await box?.cleanup();
  });

  it('prints the same chart from the API’s bars', async () => {
    const ann = await signUp(srv.url, 'ann');
    await ok(box, ['login', '--server', srv.url, '--email', ann.email, '--password', ann.password]);
    const trade = await runJson(box, ['--tz', 'UTC', ...ADD]);
    await seedTradeChart(srv.storage, ann.id);
    expectChart(chartOf(await ok(box, ['--tz', 'UTC', 'trades', 'show', trade.id])));
  });
});

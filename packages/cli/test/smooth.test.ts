import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, run, runJson, runPty, type Sandbox, sandbox, sandboxWithUser, stripAnsi } from './support/cli.js';

let box: Sandbox;
let db: string[];
beforeAll(async () => {
  ({ box, db } = await sandboxWithUser());
});
afterAll(() => box.cleanup());

/** The ID column of a table printed by the CLI. */
function idColumn(table: string): string[] {
  return stripAnsi(table)
    .split('\n')
    .slice(3)
    .map((line) => line.split('│')[1]?.trim() ?? '')
    .filter((cell) => /^[0-9a-f-]+$/.test(cell));
}

/** The longest start every id shares. */
function commonStart(ids: string[]): string {
  let n = 0;
  while (ids.every((id) => id[n] === ids[0]?.[n])) n++;
  return (ids[0] as string).slice(0, n);
}

const CSV = `instrument,direction,entryPrice,positionSize,entryTime,stopLoss,exitPrice,exitTime
ES,long,5000,1,2024-03-04T14:30:00Z,4990,5010,2024-03-04T15:00:00Z
ES,short,5000,1,2024-03-05T14:30:00Z,5010,5020,2024-03-05T15:00:00Z
NQ,long,18000,1,2024-03-07T14:30:00Z,17990,18030,2024-03-07T15:00:00Z
`;

describe('ids by their start, like git', { timeout: 180_000 }, () => {
  let ids: string[];
  beforeAll(async () => {
    const file = join(box.dir, 'history.csv');
    await writeFile(file, CSV);
    await ok(box, [...db, 'import', file]);
    ids = (await runJson(box, [...db, 'trades', 'list'])).trades.map((t: { id: string }) => t.id);
  });

  it('lists short ids that every command takes back', async () => {
    const shown = idColumn(await ok(box, [...db, 'trades', 'list']));
    expect(shown).toHaveLength(3);
    for (const [i, short] of shown.entries()) {
      expect(short).toBe(ids[i]?.slice(-10));
      expect((await runJson(box, [...db, 'trades', 'show', short])).id).toBe(ids[i]);
    }
    const first = ids[0] as string;
    const prefix = first.slice(0, 18);
    expect((await runJson(box, [...db, 'trades', 'edit', prefix, '--notes', 'by prefix'])).notes).toBe('by prefix');
    expect(
      (await runJson(box, [...db, 'trades', 'edit', prefix.replace(/-/g, '').toUpperCase(), '--clear', 'notes'])).notes,
    ).toBe(null);
  });

  it('lists the candidates of an ambiguous prefix, and says when none matches', async () => {
    const shared = commonStart(ids);
    const r = await run(box, [...db, 'trades', 'show', shared]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`tj: ${shared} is the start of 3 trade ids; give more of it:`);
    for (const id of ids) expect(r.stderr).toContain(`  ${id}  `);
    expect(r.stderr).toContain('ES long 2024-03-04 14:30');
    const none = await run(box, [...db, 'trades', 'delete', 'ffffffff', '--yes']);
    expect(none).toMatchObject({ code: 1, stderr: 'tj: no trade has an id starting with ffffffff\n' });
    const bad = await run(box, [...db, 'trades', 'show', 'ES']);
    expect(bad).toMatchObject({ code: 2, stderr: 'tj: "ES" is not a trade id, short id or the start of an id\n' });
    expect((await run(box, [...db, 'trades', 'show', ids[0]?.slice(0, 3) as string])).stderr).toMatch(/at least 4 characters/);
  });

  it('takes prefixes for journal entries, webhooks and alerts too', async () => {
    const entry = await runJson(box, [...db, 'journal', 'add', '--no-input', '--date', '2024-03-04', '--plan', 'Fade']);
    const short = idColumn(await ok(box, [...db, 'journal', 'list']))[0] as string;
    expect(entry.id.endsWith(short)).toBe(true);
    expect((await runJson(box, [...db, 'journal', 'edit', short, '--review', 'Done'])).postmarketReview).toBe('Done');
    const hook = await runJson(box, [...db, 'webhooks', 'add', '--url', 'http://127.0.0.1:9/hook', '--allow-private-webhooks']);
    const hookShort = idColumn(await ok(box, [...db, 'webhooks', 'list']))[0] as string;
    expect(hookShort).toBe(hook.id.slice(-10));
    expect(await runJson(box, [...db, 'webhooks', 'remove', hookShort])).toEqual({ deleted: hook.id });
  });
});

describe('tj alerts events, edit, enable and disable', { timeout: 120_000 }, () => {
  it('edits, disables and enables a rule by its short id, and lists when rules fired', async () => {
    const stop = await runJson(box, [...db, 'alerts', 'add', '--name', 'No stop', '--type', 'missingStopLoss']);
    const loss = await runJson(box, [...db, 'alerts', 'add', '--name', 'Day', '--type', 'dailyLossLimit', '--threshold', '500']);
    const shown = idColumn(await ok(box, [...db, 'alerts', 'list']));
    expect(shown).toHaveLength(2);
    const lossShort = shown.find((s) => loss.id.endsWith(s)) as string;
    const stopShort = shown.find((s) => stop.id.endsWith(s)) as string;
    const edited = await runJson(box, [...db, '--tz', 'Europe/London', 'alerts', 'edit', lossShort, '--threshold', '750']);
    expect(edited).toMatchObject({ id: loss.id, threshold: 750, tz: 'Europe/London', name: 'Day' });
    // Without --tz the rule keeps its zone, whatever TJ_TZ or the system zone is.
    const renamed = await runJson(box, ['--db', box.db, 'alerts', 'edit', lossShort, '--name', 'Daily stop'], {
      TJ_TZ: 'Asia/Tokyo',
    });
    expect(renamed).toMatchObject({ name: 'Daily stop', tz: 'Europe/London' });
    expect((await runJson(box, [...db, 'alerts', 'disable', lossShort])).active).toBe(false);
    expect(await ok(box, [...db, 'alerts', 'enable', lossShort])).toMatch(/^Enabled alert .*: Daily stop \(dailyLossLimit 750/);
    const nothing = await run(box, ['--db', box.db, 'alerts', 'edit', lossShort]);
    expect(nothing.code).toBe(2);

    expect(await ok(box, [...db, 'alerts', 'events'])).toContain('No alert has fired.');
    const trade = await runJson(box, [
      ...db,
      'trades',
      'add',
      '--instrument',
      'CL',
      '--direction',
      'long',
      '--entry-price',
      '80',
      '--size',
      '1',
    ]);
    const all = await runJson(box, [...db, 'alerts', 'events']);
    expect(all.events).toEqual([expect.objectContaining({ alertId: stop.id, tradeId: trade.id })]);
    const one = await runJson(box, [...db, 'alerts', 'events', stopShort]);
    expect(one).toMatchObject({ events: [{ alertId: stop.id }], pagination: { total: 1 } });
    const table = await ok(box, [...db, 'alerts', 'events']);
    expect(table).toContain('No stop');
    expect(table).toContain(trade.id.slice(-10));
    expect(table).not.toContain(trade.id);
  });
});

describe('journal and trades meet', { timeout: 120_000 }, () => {
  it('tj journal show DAY lists the day’s trades and P&L; tj trades show shows the journal of its day', async () => {
    const day = await ok(box, [...db, 'journal', 'show', '2024-03-04']);
    expect(day).toContain('2024-03-04 (UTC)');
    expect(day).toContain('1 closed trade · P&L 10.00 · win rate 100.0%');
    expect(day).toContain('ES');
    expect(day).toContain('Fade');
    const json = await runJson(box, [...db, 'journal', 'show', '2024-03-04']);
    expect(json).toMatchObject({
      date: '2024-03-04',
      statistics: { totalTrades: 1, totalPnL: 10 },
      entries: [{ tradingPlan: 'Fade' }],
    });
    expect(json.trades).toHaveLength(1);
    const [trade] = json.trades;
    const shown = await ok(box, [...db, 'trades', 'show', trade.id]);
    expect(shown).toContain('Journal, daily, 2024-03-04');
    expect(shown).toContain('Plan: Fade');
    const quiet = await ok(box, [...db, 'journal', 'show', '2024-03-06']);
    expect(quiet).toContain('No trades entered on 2024-03-06.');
    expect(quiet).toContain('No journal entry for 2024-03-06 (tj journal add --date 2024-03-06).');
  });
});

describe('the dashboard after a history import', { timeout: 120_000 }, () => {
  it('shows the last days with trades and when the last trade was, not empty days', async () => {
    const other = await sandbox();
    try {
      const odb = ['--db', other.db, '--tz', 'UTC'];
      await ok(other, [...odb, 'init', '--email', 'bo@example.com', '--name', 'Bo', '--password', 'correct horse']);
      const file = join(other.dir, 'history.csv');
      await writeFile(file, CSV);
      await ok(other, [...odb, 'import', file]);
      const out = await ok(other, [...odb, 'dashboard']);
      expect(out).toContain('No trades in the last 10 days; the last trade exited on 2024-03-07.');
      expect(out).toContain('The last 3 days with trades (UTC):');
      for (const d of ['2024-03-04', '2024-03-05', '2024-03-07']) expect(out).toContain(d);
      expect(out).not.toContain('2024-03-06');
      const monthly = await ok(other, [...odb, 'dashboard', '--period', 'monthly']);
      expect(monthly).toContain('The last 1 months with trades (UTC):');
      expect(monthly).toMatch(/2024-03 +│ +3 │/);
    } finally {
      await other.cleanup();
    }
  });
});

describe('tj init on a terminal', { timeout: 120_000 }, () => {
  it('asks again when the two passwords differ, instead of giving up', async () => {
    const other = await sandbox();
    try {
      const r = await runPty(
        other,
        ['--db', other.db, 'init'],
        [
          { expect: /Email/, send: 'cy@example.com\r' },
          { expect: /Name/, send: '\r' },
          { expect: /Password/, send: 'correct horse\r' },
          { expect: /Repeat the password/, send: 'correct hors\r' },
          { expect: /differ; type them again[\s\S]*Password/, send: 'battery staple\r' },
          { expect: /Repeat the password/, send: 'battery staple\r' },
        ],
      );
      expect(r.answered).toBe(6);
      expect(r.code).toBe(0);
      expect(r.text).toContain('The two passwords differ; type them again.');
      expect(r.text).toContain('Created user cy <cy@example.com>');
    } finally {
      await other.cleanup();
    }
  });
});

describe('progress and --open', { timeout: 120_000 }, () => {
  it('draws progress for export and report on a terminal only, and --open hands the file to $BROWSER', async () => {
    const csv = join(box.dir, 'out.csv');
    const shown = await runPty(box, [...db, 'export', 'trades', '--out', csv]);
    expect(shown.code).toBe(0);
    expect(shown.raw).toContain('Exporting trades');
    expect((await runPty(box, [...db, 'export', 'trades', '--out', csv, '--no-progress'])).raw).not.toContain('Exporting trades');
    expect((await run(box, [...db, 'export', 'trades', '--out', csv])).stderr).toBe('');

    const opened = join(box.dir, 'opened.txt');
    const browser = join(box.dir, 'browser.sh');
    await writeFile(browser, `#!/bin/sh\necho "$1" > '${opened}'\n`);
    await chmod(browser, 0o755);
    const html = join(box.dir, 'report.html');
    const report = await runPty(box, [...db, 'report', '--out', html, '--open'], [], { env: { BROWSER: browser } });
    expect(report.code).toBe(0);
    expect(report.raw).toContain('Reading trades');
    expect(report.text).toContain('Wrote the report to');
    await new Promise((r) => setTimeout(r, 300));
    expect((await readFile(opened, 'utf8')).trim()).toBe(html);
    const missing = await run(box, [...db, 'report', '--out', html, '--open'], { env: { BROWSER: join(box.dir, 'nope') } });
    expect(missing.code).toBe(0);
    expect(missing.stderr).toBe(`tj: could not open a browser (${join(box.dir, 'nope')} was not found); open ${html} yourself\n`);
  });
});

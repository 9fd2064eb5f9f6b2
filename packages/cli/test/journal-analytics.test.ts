import { dayKey } from '@tj/core/calendar';
import { tradingDayClock } from '@tj/core/trading-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, run, runJson, type Sandbox, sandboxWithUser } from './support/cli.js';

let box: Sandbox;
let db: string[];
beforeAll(async () => {
  ({ box, db } = await sandboxWithUser());
});
afterAll(() => box.cleanup());

/** `tj trades add` of a closed long trade, times read in UTC. */
const add = (entry: string, exit: string, entryPrice: number, exitPrice: number, extra: string[] = []) =>
  runJson(box, [
    ...db,
    '--tz',
    'UTC',
    'trades',
    'add',
    '--instrument',
    'ES',
    '--direction',
    'long',
    '--entry-price',
    String(entryPrice),
    '--size',
    '1',
    '--entry-time',
    entry,
    '--exit-price',
    String(exitPrice),
    '--exit-time',
    exit,
    ...extra,
  ]);

describe('tj stats, analytics calendar and tj settings (local mode)', { timeout: 120_000 }, () => {
  it('shows the new statistics figures in words, and --json holds them all', async () => {
    // long 100 → 110, fees 1, stop 95: +9, R 1.8, held 10 min; short 100 → 105, stop 105: −5, R −1, held 2 min
    await add('2026-03-02 14:00', '2026-03-02 14:10', 100, 110, ['--stop', '95', '--fees', '1', '--account', 'CME']);
    await add('2026-03-03 23:00', '2026-03-03 23:02', 100, 105, ['--stop', '105', '--direction', 'short', '--account', 'CME']);
    const s = await runJson(box, [...db, 'stats']);
    expect(s).toMatchObject({
      totalTrades: 2,
      totalPnL: 4,
      totalFees: 1,
      payoffRatio: 1.8,
      averageWinR: 1.8,
      averageLossR: -1,
      currentStreak: -1,
      averageWinHoldingSeconds: 600,
      averageLossHoldingSeconds: 120,
    });
    const text = await ok(box, [...db, 'stats']);
    expect(text).toMatch(/Fees and commissions +│ 1\.00/);
    expect(text).toMatch(/Payoff ratio \(avg win ÷ avg loss\) +│ 1\.80/);
    expect(text).toMatch(/Average win \/ loss +│ 9\.00 \/ -5\.00/);
    expect(text).toMatch(/Current streak +│ 1 loss\b/);
    expect(text).toMatch(/Average hold, wins \/ losses +│ 10 min 00 s \/ 2 min 00 s/);
    expect(text).toMatch(/SQN +│ 0\.\d\d/);
  });

  it('draws a month calendar with P&L, trade counts and journal marks, and refuses a bad --month', async () => {
    await runJson(box, [...db, 'journal', 'add', '--date', '2026-03-02', '--review', 'calm day', '--no-input']);
    const cal = await runJson(box, [...db, '--tz', 'UTC', 'analytics', 'calendar', '--month', '2026-03']);
    expect(cal.days).toHaveLength(31);
    expect(cal.days[1]).toMatchObject({ date: '2026-03-02', trades: 1, totalPnL: 9, hasJournalEntry: true });
    const grid = await ok(box, [...db, '--tz', 'UTC', 'analytics', 'calendar', '--month', '2026-03']);
    expect(grid).toContain('2026-03: 2 trades, P&L 4.00');
    expect(grid).toMatch(/Mon +│ +Tue/);
    expect(grid).toMatch(/2 J/);
    expect(grid).toMatch(/\+9 \(1\)/);
    expect(grid).toMatch(/-5 \(1\)/);
    const bad = await run(box, [...db, 'analytics', 'calendar', '--month', '2026-3']);
    expect(bad).toMatchObject({ code: 2, stderr: 'tj: --month: "2026-3" is not a month (use YYYY-MM)\n' });
  });

  it('sets the trading day start, and days follow it: the 23:00 UTC loss moves to the next Chicago trading day', async () => {
    expect(await ok(box, [...db, 'settings', 'get'])).toMatch(/Trading day starts +│ midnight in --tz \(the default\)/);
    const set = await runJson(box, [
      ...db,
      'settings',
      'set',
      '--trading-day-start',
      '17:00',
      '--trading-day-zone',
      'America/Chicago',
    ]);
    expect(set).toEqual({
      baseCurrency: null,
      tradingDayStart: { time: '17:00', timeZone: 'America/Chicago' },
      defaultRisk: null,
      instruments: {},
      commission: null,
      accounts: {},
    });
    // 3 March 23:00 UTC is 17:00 CST: the trading day of 4 March.
    const perf = await runJson(box, [...db, '--tz', 'UTC', 'analytics', 'performance']);
    expect(perf.data.filter((r: { trades: number }) => r.trades > 0).map((r: { period: string }) => r.period)).toEqual([
      '2026-03-02',
      '2026-03-04',
    ]);
    // The journal's day is the trading day too: the trade entered 3 March 23:00 UTC is 4 March's.
    const day = await runJson(box, [...db, '--tz', 'UTC', 'journal', 'show', '2026-03-04']);
    expect(day.trades.map((t: { entryTime: string }) => t.entryTime)).toEqual(['2026-03-03T23:00:00.000Z']);
    expect(day.statistics.totalPnL).toBe(-5);
    expect((await runJson(box, [...db, '--tz', 'UTC', 'journal', 'show', '2026-03-03'])).trades).toEqual([]);
    // "today" is the trading day: a journal entry without --date gets it, and `journal show today` shows it.
    const clock = tradingDayClock('UTC', { time: '17:00', timeZone: 'America/Chicago' });
    const before = dayKey(clock.dayOf(Date.now()));
    const entry = await runJson(box, [...db, 'journal', 'add', '--no-input', '--review', 'evening session']);
    expect([before, dayKey(clock.dayOf(Date.now()))]).toContain(entry.date);
    const shown = await runJson(box, [...db, 'journal', 'show', 'today']);
    expect(shown.entries.map((e: { id: string }) => e.id)).toContain(entry.id);
    const bad = await run(box, [...db, 'settings', 'set', '--trading-day-start', '5pm']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('tj: --trading-day-start: must be a time HH:MM (00:00 to 23:59)\n');
    expect((await runJson(box, [...db, 'settings', 'get'])).tradingDayStart).toEqual({
      time: '17:00',
      timeZone: 'America/Chicago',
    });
    const account = await runJson(box, [...db, 'settings', 'set', '--account', 'CME', '--trading-day-start', 'midnight']);
    expect(account.accounts).toEqual({
      CME: { baseCurrency: null, tradingDayStart: null, defaultRisk: null, instruments: {}, commission: null },
    });
    expect(await ok(box, [...db, 'settings', 'get'])).toMatch(/account CME +│ as the user/);
    const none = await run(box, [...db, 'settings', 'set']);
    expect(none.code).toBe(2);
    const cleared = await runJson(box, [...db, 'settings', 'set', '--account', 'CME', '--clear']);
    expect(cleared.accounts).toEqual({});
  });

  it('gives trades without a stop an R from --default-risk and --instrument-risk', async () => {
    const risk = await runJson(box, [...db, 'settings', 'set', '--default-risk', '50', '--instrument-risk', 'es=2pt']);
    expect(risk).toMatchObject({ defaultRisk: 50, instruments: { ES: { stopPoints: 2, risk: null } } });
    expect(await ok(box, [...db, 'settings', 'get'])).toMatch(/ES +│ stop 2 points/);
    const add = (instrument: string, exit: string) =>
      runJson(box, [
        ...db,
        'trades',
        'add',
        '--instrument',
        instrument,
        '--direction',
        'long',
        '--entry-price',
        '100',
        '--size',
        '2',
        '--multiplier',
        '50',
        '--entry-time',
        '2026-06-01T14:30:00Z',
        '--exit-price',
        exit,
        '--exit-time',
        '2026-06-01T15:00:00Z',
      ]);
    // ES: 2 points × 2 × 50 = 200 risked; +1 point × 2 × 50 = +100 → 0.5 R.
    expect(await add('ES', '101')).toMatchObject({ result: 100, rMultiple: 0.5, rSource: 'default risk' });
    // Another root: the default 50; −0.25 × 2 × 50 = −25 → −0.5 R.
    expect(await add('CL', '99.75')).toMatchObject({ result: -25, rMultiple: -0.5, rSource: 'default risk' });
    const bad = await run(box, [...db, 'settings', 'set', '--instrument-risk', 'ES=lots']);
    expect(bad.code).toBe(2);
    const off = await runJson(box, [...db, 'settings', 'set', '--default-risk', 'off', '--instrument-risk', 'ES=off']);
    expect(off).toMatchObject({ defaultRisk: null, instruments: {}, commission: null });
  });
});

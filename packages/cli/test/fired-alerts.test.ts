/**
 * A trade written at the terminal that fires an alert rule says so on stderr, one line a rule,
 * and only for the rules this very write fired; stdout (and --json) stays as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, runJson, type Sandbox, sandboxFile, sandboxWithUser } from './support/cli.js';

let box: Sandbox;
let db: string[];
beforeAll(async () => {
  ({ box, db } = await sandboxWithUser());
});
afterAll(async () => {
  await box.cleanup();
});

const trade = (extra: string) =>
  `trades add --instrument ES --direction long --entry-price 5000 --size 1 ${extra}`.trim().split(' ');

describe('tj trades notes the alerts a write fired', { timeout: 120_000 }, () => {
  it('names each rule fired by this write, with its threshold and value, and no other', async () => {
    await runJson(box, [...db, 'alerts', 'add', '--name', 'No stop', '--type', 'missingStopLoss']);
    await runJson(box, [...db, 'alerts', 'add', '--name', 'Tilt', '--type', 'maxConsecutiveLosses', '--threshold', '2']);

    const open = await run(box, [...db, ...trade('--no-input')]);
    expect(open).toMatchObject({ code: 0, stderr: 'alert fired: No stop (missingStopLoss)\n' });
    expect(open.stdout).toContain('Created trade');

    const loser = (n: number) =>
      trade(`--stop 4990 --exit-price 498${n} --exit-time 2026-11-20T1${n}:00:00Z --entry-time 2026-11-20T0${n}:00:00Z`);
    const first = await run(box, [...db, ...loser(1)]);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    const second = await run(box, [...db, ...loser(2), '--json']);
    expect(second.stderr).toBe('alert fired: Tilt (maxConsecutiveLosses 2): 2\n');
    expect(JSON.parse(second.stdout)).toMatchObject({ instrument: 'ES', result: -18, status: 'closed' });

    // Editing the trade that fired does not report its earlier trigger again.
    const id = JSON.parse(second.stdout).id as string;
    const edited = await run(box, [...db, 'trades', 'edit', id, '--notes', 'revenge trade']);
    expect(edited).toMatchObject({ code: 0, stderr: '' });
  });

  it('after an import, names each rule the import fired, with its value', async () => {
    const fresh = await sandboxWithUser();
    try {
      const at = [...fresh.db];
      const rule = (name: string, type: string, threshold: string) =>
        runJson(fresh.box, [...at, 'alerts', 'add', '--type', type, '--threshold', threshold, '--name', name]);
      await rule('Daily stop', 'dailyLossLimit', '100');
      await rule('Tilt', 'maxConsecutiveLosses', '2');
      await rule('Off', 'maxDrawdown', '1');
      const off = (await runJson(fresh.box, [...at, 'alerts', 'list'])).alerts.find((a: { name: string }) => a.name === 'Off');
      await runJson(fresh.box, [...at, 'alerts', 'disable', off.id]);
      await runJson(fresh.box, [...at, 'alerts', 'add', '--name', 'No stop', '--type', 'missingStopLoss']);
      // Three losing round trips of a past day: the import checks the rules once, after its trades, so Tilt fires
      // once, at the streak of 3; the past day's losses are not today's (the daily stop stays quiet); imported
      // trades never fire No stop (exports carry no stops); and a disabled rule stays quiet.
      const csv = [
        'datetime,symbol,side,quantity,price,commission,exec_id',
        '2026-11-10T14:00:00Z,AAPL,buy,10,100,0,a1',
        '2026-11-10T14:10:00Z,AAPL,sell,10,95,0,a2',
        '2026-11-10T14:20:00Z,AAPL,buy,10,100,0,a3',
        '2026-11-10T14:30:00Z,AAPL,sell,10,94,0,a4',
        '2026-11-10T14:40:00Z,AAPL,buy,10,100,0,a5',
        '2026-11-10T14:50:00Z,AAPL,sell,10,97,0,a6',
      ].join('\n');
      const file = await sandboxFile(fresh.box, 'fills.csv', `${csv}\n`);
      const dry = await run(fresh.box, [...at, 'import', file, '--dry-run']);
      expect(dry).toMatchObject({ code: 0, stderr: '' });
      const done = await run(fresh.box, [...at, 'import', file]);
      expect(done.code).toBe(0);
      expect(done.stderr.split('\n').sort()).toEqual(['', 'alert fired: Tilt (maxConsecutiveLosses 2): 3']);
    } finally {
      await fresh.box.cleanup();
    }
  });
});

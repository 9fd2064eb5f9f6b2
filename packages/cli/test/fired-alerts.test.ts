/**
 * A trade written at the terminal that fires an alert rule says so on stderr, one line a rule,
 * and only for the rules this very write fired; stdout (and --json) stays as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, runJson, type Sandbox, sandboxWithUser } from './support/cli.js';

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
});

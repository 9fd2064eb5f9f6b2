/** `tj alerts add` and `edit` take the prop-firm options of a rule (docs/cli.md, "webhooks and alerts"). */
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

describe('tj alerts with prop-firm options', { timeout: 120_000 }, () => {
  it('adds a trailing drawdown and a daily loss limit counting open losses, and edits their options', async () => {
    const trailing = await run(box, [
      ...db,
      'alerts',
      'add',
      '--name',
      'Funded 50K',
      '--type',
      'trailingDrawdown',
      '--threshold',
      '2000',
      '--starting-balance',
      '50000',
      '--trailing',
      'endOfDay',
      '--stop-trailing-at-start',
    ]);
    expect(trailing.code).toBe(0);
    expect(trailing.stdout).toMatch(
      /Created alert \w+: Funded 50K \(trailingDrawdown 2,?000, from 50,?000, endOfDay, stops at start, UTC, enabled\)/,
    );
    const daily = await runJson(box, [
      ...db,
      'alerts',
      'add',
      '--name',
      'Daily',
      '--type',
      'dailyLossLimit',
      '--threshold',
      '1000',
      '--count-open',
    ]);
    expect(daily).toMatchObject({ type: 'dailyLossLimit', countOpen: true, startingBalance: null, trailing: null });
    const off = await runJson(box, [...db, 'alerts', 'edit', daily.id, '--no-count-open']);
    expect(off.countOpen).toBe(false);
    const { alerts } = await runJson(box, [...db, 'alerts', 'list']);
    expect(alerts.find((a: { name: string }) => a.name === 'Funded 50K')).toMatchObject({
      startingBalance: 50_000,
      trailing: 'endOfDay',
      stopTrailingAtStart: true,
    });
    // The table shows each rule's options beside its threshold.
    const table = await run(box, [...db, 'alerts', 'list']);
    expect(table.stdout).toMatch(
      /Funded 50K[\s│]+trailingDrawdown[\s│]+2,?000[\s│]+from 50,?000, endOfDay, stops at start[\s│]+UTC/,
    );
    expect(table.stdout).toMatch(/Daily[\s│]+dailyLossLimit[\s│]+1,?000[\s│]+-[\s│]+UTC/);
  });

  it('refuses an option of another rule type in one line, and adds nothing', async () => {
    const before = (await runJson(box, [...db, 'alerts', 'list'])).alerts.length;
    const r = await run(box, [
      ...db,
      'alerts',
      'add',
      '--name',
      'x',
      '--type',
      'maxDrawdown',
      '--threshold',
      '5',
      '--count-open',
    ]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toBe('tj: count open: only dailyLossLimit rules take this option\n');
    expect((await runJson(box, [...db, 'alerts', 'list'])).alerts).toHaveLength(before);
  });
});

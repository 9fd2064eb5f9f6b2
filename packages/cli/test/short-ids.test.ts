import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, run, runJson, type Sandbox, sandboxFile, sandboxWithUser } from './support/cli.js';

let box: Sandbox;
let db: string[];

beforeAll(async () => {
  ({ box, db } = await sandboxWithUser());
});
afterAll(async () => {
  await box?.cleanup();
});

/** The short ids (10 hex digits) in a table's first column, in order. */
const firstColumn = (table: string) => [...table.matchAll(/^│ ([0-9a-f]{10}) +│/gm)].map((m) => m[1] as string);

describe('short ids in every table, taken by every command (local mode, each command its own process)', {
  timeout: 180_000,
}, () => {
  it('lists imported trades by short ids that end their ids, and shows, edits and deletes one by its short id', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => {
      const minute = String(30 + i).padStart(2, '0');
      return `2026-05-04T14:${minute}:00Z,ES,buy,1,5000,0,0,x-${i},SIM,50,,\n2026-05-04T14:${minute}:30Z,ES,sell,1,5002,0,0,y-${i},SIM,50,,`;
    });
    const file = await sandboxFile(
      box,
      'es.csv',
      `datetime,symbol,side,quantity,price,commission,fees,exec_id,account,multiplier,tags,note\n${rows.join('\n')}\n`,
    );
    await ok(box, [...db, 'import', file]);
    const ids = (await runJson(box, [...db, 'trades', 'list'])).trades.map((t: { id: string }) => t.id) as string[];
    expect(ids).toHaveLength(6);
    const shown = firstColumn(await ok(box, [...db, 'trades', 'list']));
    expect(shown).toEqual(ids.map((id) => id.slice(-10)));
    expect(new Set(shown).size).toBe(6);
    const [first, second] = shown as [string, string];
    expect((await runJson(box, [...db, 'trades', 'show', first])).id).toBe(ids[0]);
    expect(await ok(box, [...db, 'trades', 'show', first.toUpperCase()])).toContain(`${first} · ${ids[0]}`);
    expect(await ok(box, [...db, 'trades', 'edit', second, '--tags', 'fomc'])).toContain(`Updated trade ${second}`);
    await ok(box, [...db, 'trades', 'delete', second, '--yes']);
    expect(firstColumn(await ok(box, [...db, 'trades', 'list']))).toEqual(shown.filter((s) => s !== second));
    const missing = await run(box, [...db, 'trades', 'show', second]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('tj: trade not found\n');

    const imports = await ok(box, [...db, 'imports', 'list']);
    const [importShort] = firstColumn(imports) as [string];
    expect(await ok(box, [...db, 'imports', 'show', importShort])).toContain('es.csv');
  });

  it('names journal entries, alerts, webhooks and API keys by short id in what it prints, and takes them back', async () => {
    const created = await ok(box, [...db, 'journal', 'add', '--date', '2026-11-20', '--plan', 'Fade the open']);
    const entry = /journal entry ([0-9a-f]{10}) for/.exec(created)?.[1] as string;
    expect(firstColumn(await ok(box, [...db, 'journal', 'list']))).toEqual([entry]);
    expect((await runJson(box, [...db, 'journal', 'show', entry])).tradingPlan).toBe('Fade the open');

    await ok(box, [...db, 'alerts', 'add', '--name', 'No stop', '--type', 'missingStopLoss']);
    const [alert] = firstColumn(await ok(box, [...db, 'alerts', 'list'])) as [string];
    expect(await ok(box, [...db, 'alerts', 'disable', alert])).toContain(`alert ${alert}`);
    expect((await runJson(box, [...db, 'alerts', 'list'])).alerts[0]).toMatchObject({ active: false });

    await ok(box, [...db, 'webhooks', 'add', '--url', 'https://hooks.example.com/in', '--events', 'trade.created']);
    const [hook] = firstColumn(await ok(box, [...db, 'webhooks', 'list'])) as [string];
    await ok(box, [...db, 'webhooks', 'remove', hook]);
    expect((await runJson(box, [...db, 'webhooks', 'list'])).webhooks).toEqual([]);

    await ok(box, [...db, 'keys', 'create', '--name', 'tax export', '--scopes', 'read']);
    const [key] = firstColumn(await ok(box, [...db, 'keys', 'list'])) as [string];
    await ok(box, [...db, 'keys', 'revoke', key]);
    expect((await runJson(box, [...db, 'keys', 'list'])).keys[0].revokedAt).not.toBeNull();
  });
});

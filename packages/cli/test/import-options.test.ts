/**
 * Every option of `POST /api/imports` reaches the import from `tj import`: `--lot-size` and
 * `--locale` as `--point-value` does; each is read once, by the API, and a bad one is a usage error
 * naming the flag.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initDatabase, run, runJson, type Sandbox, sandbox } from './support/cli.js';

const MT5 = resolve(import.meta.dirname, '../../core/test/fixtures/brokers/mt5-report.csv');

let box: Sandbox;
let db: string[];
beforeAll(async () => {
  box = await sandbox();
  db = await initDatabase(box, join(box.dir, 'options.db'), ['--tz', 'UTC']);
});
afterAll(() => box.cleanup());

describe('tj import options through the API', { timeout: 60_000 }, () => {
  it('--lot-size reaches the MetaTrader format: 0.02 lot of 10 oz is 0.2 oz', async () => {
    expect(await readFile(MT5, 'utf8')).toContain('XAUUSD');
    const r = await run(box, [...db, 'import', MT5, '--source-tz', 'UTC', '--lot-size', 'XAUUSD=10']);
    // The broker's own P&L counts 100 oz a lot: the import warns that ours (10 oz) differs.
    expect(r.stderr).toContain(
      "XAUUSD (account 52603751) trade of 2025-11-14T20:00:00.000Z: our net P&L 1.26, the broker's 18.81",
    );
    expect(r.code).toBe(0);
    const { trades } = await runJson(box, [...db, 'trades', 'list', '--instrument', 'XAUUSD']);
    // 9.75 × 0.2 = 1.95 − 0.24 commission − 0.45 swap = 1.26 (the core test's hand computation).
    expect(trades[0]).toMatchObject({ instrument: 'XAUUSD', positionSize: 0.2, result: 1.26 });
  });

  it('refuses a bad --lot-size, --point-value or --locale as a usage error naming the flag', async () => {
    const lot = await run(box, [...db, 'import', MT5, '--lot-size', 'XAUUSD']);
    expect(lot).toMatchObject({
      code: 2,
      stderr: 'tj: --lot-size: "XAUUSD" is not SYMBOL=UNITS with a value above 0 (such as XAUUSD=100)\n',
    });
    const point = await run(box, [...db, 'import', MT5, '--point-value', 'ES=0']);
    expect(point).toMatchObject({
      code: 2,
      stderr: 'tj: --point-value: "ES=0" is not ROOT=VALUE with a value above 0 (such as ES=50)\n',
    });
    const locale = await run(box, [...db, 'import', MT5, '--locale', 'fr']);
    expect(locale.code).toBe(2);
    expect(locale.stderr).toMatch(/^tj: --locale: must be one of us, eu\n$/);
  });
});

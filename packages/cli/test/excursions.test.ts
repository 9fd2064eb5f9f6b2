/**
 * `tj trades show` and `tj stats` print the hand-computed excursions of
 * test/support/excursion-fixture.ts, on SQLite and PostgreSQL, all through the real CLI process:
 * the bars come in as generic bars CSV files (`tj bars import`), the trades by `tj trades add`
 * and a fills file (`tj import`), and every figure is read back from `tj trades show`.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, postgresUrl, schemaUrl, uniqueSchema } from '../../../test/support/databases.js';
import {
  barsCsv,
  ES_1M,
  EXPECTED,
  HAND_TRADES,
  SCALED_FILLS,
  XYZ_1M_A,
  XYZ_1M_B,
} from '../../../test/support/excursion-fixture.js';
import { initDatabase, ok, runJson, type Sandbox, sandbox, stripAnsi } from './support/cli.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});

const schema = uniqueSchema();
const databases = [
  { name: 'sqlite', available: true, url: () => join(box.dir, 'excursions.db') },
  { name: 'postgres', available: Boolean(postgresUrl), url: () => schemaUrl(schema) },
];
afterAll(async () => {
  if (postgresUrl) await dropSchema(schema);
});

/** `tj trades add` flags of a hand trade's API body. */
function addFlags(body: Record<string, unknown>): string[] {
  const flag: Record<string, string> = {
    instrument: '--instrument',
    assetClass: '--asset-class',
    direction: '--direction',
    entryPrice: '--entry-price',
    positionSize: '--size',
    entryTime: '--entry-time',
    exitPrice: '--exit-price',
    exitTime: '--exit-time',
    stopLoss: '--stop',
    setupType: '--setup',
    multiplier: '--multiplier',
  };
  return Object.entries(body).flatMap(([k, v]) => [flag[k] as string, String(v)]);
}

const TRADES = ['long', 'short', 'oneBar', 'gap', 'future'] as const;

for (const database of databases) {
  describe.skipIf(!database.available)(`excursions in the CLI on ${database.name}`, { timeout: 120_000 }, () => {
    let db: string[] = [];
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      db = await initDatabase(box, database.url(), ['--tz', 'UTC']);
      for (const [name, batch] of Object.entries({ a: XYZ_1M_A, b: XYZ_1M_B, es: ES_1M })) {
        const file = join(box.dir, `${database.name}-${name}.csv`);
        await writeFile(file, barsCsv(batch));
        const stored = await runJson(box, [...db, 'bars', 'import', file, '--instrument', batch.instrumentKey]);
        expect(stored).toMatchObject({ format: 'generic-csv', timeframe: '1m', written: batch.bars.length });
      }
      for (const name of TRADES) ids[name] = (await runJson(box, [...db, 'trades', 'add', ...addFlags(HAND_TRADES[name])])).id;
      const fills = join(box.dir, `${database.name}-scaled.csv`);
      await writeFile(fills, `${SCALED_FILLS}\n`);
      const imported = await runJson(box, [...db, 'import', fills, '--source-tz', 'UTC']);
      ids.scaled = imported.tradeIds[0];
    });

    it('gives each trade exactly its hand-computed excursion (long, short, inside one bar, a gap, scaled in and out, a contract on its continuous series)', async () => {
      const excursion = async (name: string) => (await runJson(box, [...db, 'trades', 'show', ids[name] as string])).excursion;
      expect(await excursion('long')).toEqual(EXPECTED.long);
      expect(await excursion('short')).toEqual(EXPECTED.short);
      expect(await excursion('oneBar')).toEqual(EXPECTED.oneBar);
      expect(await excursion('scaled')).toEqual(EXPECTED.scaled);
      expect(await excursion('future')).toEqual(EXPECTED.future);
      expect((await excursion('gap')).reason).toBe('gap');
    });

    /** A field row of the printed table: `│ label │ value │`. */
    const row = (label: string, value: string) =>
      new RegExp(`│ ${label.replace(/[()/.]/g, (c) => `\\${c}`)}\\s+│ ${value.replace(/[()/.]/g, (c) => `\\${c}`)}\\s+│\n`);

    it('prints MAE/MFE with money, R, price and time, ETD and efficiencies under the trade', async () => {
      const out = stripAnsi(await ok(box, [...db, 'trades', 'show', ids.long as string]));
      // EXPECTED.long: MAE −25 (−2.5 R) at 98 in the 14:34 bar, MFE 45 (4.5 R) at 105 at 14:37, ETD 30,
      // efficiencies 0.64285714 and 0.57142857 (64.3 % / 57.1 %), high 105, low 98 (prices to the trade's one decimal).
      expect(out).toMatch(/Excursion\n/);
      expect(out).toMatch(row('Bars', 'XYZ 1m'));
      expect(out).toMatch(row('MAE', '-25.00 (-2.50R) at 98.0, 2026-11-02 14:34'));
      expect(out).toMatch(row('MFE', '45.00 (4.50R) at 105.0, 2026-11-02 14:37'));
      expect(out).toMatch(row('ETD (MFE given back)', '30.00'));
      expect(out).toMatch(row('Entry / exit efficiency', '64.3% / 57.1%'));
      expect(out).toMatch(row('High / low', '105.0 / 98.0'));
      const future = stripAnsi(await ok(box, [...db, 'trades', 'show', ids.future as string]));
      // EXPECTED.future: on the continuous ES, MAE −25 at 103.5, MFE 250 at 98, no risk.
      expect(future).toMatch(row('Bars', 'ES 1m (continuous series: no bars of the contract)'));
      expect(future).toMatch(row('MAE', '-25.00 (-) at 103.50, 2026-11-02 14:33'));
      expect(future).toMatch(row('MFE', '250.00 (-) at 98.00, 2026-11-02 14:34'));
      const gap = stripAnsi(await ok(box, [...db, 'trades', 'show', ids.gap as string]));
      expect(gap).toMatch(/Excursion\nThe bars held cover only part of it \(a gap\): no figures from partial data\.\n/);
      expect((await runJson(box, [...db, 'trades', 'show', ids.long as string])).excursion.mae).toEqual({
        price: 98,
        money: -25,
        r: -2.5,
        time: '2026-11-02T14:34:00.000Z',
      });
    });

    it('shows the excursions block in tj stats, with --mae-r', async () => {
      // Five trades have figures (the gap trade has none): long, short, oneBar, future, scaled.
      // MAE (−25 − 2.5 − 1.2 − 25 − 6) ÷ 5 = −59.7 ÷ 5 = −11.94; MFE (45 + 25 + 4.8 + 250 + 12) ÷ 5 = 336.8 ÷ 5 = 67.36;
      // ETD 30 + 6.25 + 2.4 + 62.5 + 0 = 101.15. R for long and short: MAE (−2.5 − 0.5) ÷ 2 = −1.5, MFE (4.5 + 5) ÷ 2 = 4.75;
      // both win, long's MAE −2.5 R went beyond −2 R, short's −0.5 R did not: 50 %.
      const out = stripAnsi(await ok(box, [...db, 'stats', '--mae-r', '2']));
      expect(out).toMatch(/Excursions \(5 trades with bars\)\n/);
      expect(out).toMatch(row('Average MAE / MFE', '-11.94 / 67.36'));
      expect(out).toMatch(row('Average MAE / MFE in R (2 with a risk)', '-1.50R / 4.75R'));
      expect(out).toMatch(row('Winners whose MAE went beyond -2R', '50.0%'));
      expect(out).toMatch(row('Left on the table (Σ ETD)', '101.15'));
    });
  });
}

/**
 * `tj trades show` and `tj stats` print the hand-computed excursions of
 * test/support/excursion-fixture.ts, on SQLite and PostgreSQL: the real CLI process reads a
 * database whose bars and trades were written through core (the bars file import is another part's).
 */
import { join } from 'node:path';
import { createCore, excursionsAfterBars, storeBars } from '@tj/core/internal';
import { openPostgresStorage } from '@tj/core/postgres';
import { openSqliteStorage } from '@tj/core/sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, postgresUrl, schemaUrl, uniqueSchema } from '../../../test/support/databases.js';
import { ES_1M, HAND_TRADES, XYZ_1M_A, XYZ_1M_B } from '../../../test/support/excursion-fixture.js';
import { ANN, initDatabase, ok, runJson, type Sandbox, sandbox, stripAnsi } from './support/cli.js';

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

for (const database of databases) {
  describe.skipIf(!database.available)(`excursions in the CLI on ${database.name}`, { timeout: 120_000 }, () => {
    let db: string[] = [];
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      db = await initDatabase(box, database.url(), ['--tz', 'UTC']);
      const url = database.url();
      const storage = url.startsWith('postgres') ? await openPostgresStorage({ url }) : await openSqliteStorage({ file: url });
      try {
        const user = (await storage.repos.users.byEmail(ANN.email))?.id as string;
        for (const batch of [XYZ_1M_A, XYZ_1M_B, ES_1M])
          await storage.transaction((tx) => storeBars(tx, user, batch, [excursionsAfterBars]));
        const core = createCore({ storage });
        for (const name of ['long', 'future', 'gap'] as const) ids[name] = (await core.trades.create(user, HAND_TRADES[name])).id;
      } finally {
        await storage.close();
      }
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
      // long and future have figures: MAE (−25 − 25) ÷ 2 = −25, MFE (45 + 250) ÷ 2 = 147.5, ETD 30 + 62.5 = 92.5;
      // R only for long: −2.5 / 4.5; long wins with MAE −2.5 R, beyond −2 R: 100 %.
      const out = stripAnsi(await ok(box, [...db, 'stats', '--mae-r', '2']));
      expect(out).toMatch(/Excursions \(2 trades with bars\)\n/);
      expect(out).toMatch(row('Average MAE / MFE', '-25.00 / 147.50'));
      expect(out).toMatch(row('Average MAE / MFE in R (1 with a risk)', '-2.50R / 4.50R'));
      expect(out).toMatch(row('Winners whose MAE went beyond -2R', '100.0%'));
      expect(out).toMatch(row('Left on the table (Σ ETD)', '92.50'));
    });
  });
}

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, postgresUrl, schemaUrl, uniqueSchema } from '../../../test/support/databases.js';
import { initDatabase, ok, run, runJson, type Sandbox, sandbox, sandboxFile } from './support/cli.js';

const FILLS = 'DateTime,Symbol,Side,Quantity,Price,Commission,Exec_ID,Account\n2024-08-26T14:30:00Z,AAPL,buy,100,200,1,E1,U1\n';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});

const schema = uniqueSchema();
const databases = [
  { name: 'sqlite', available: true, url: () => join(box.dir, 'corporate.db') },
  { name: 'postgres', available: Boolean(postgresUrl), url: () => schemaUrl(schema) },
];
afterAll(async () => {
  if (postgresUrl) await dropSchema(schema);
});

for (const database of databases) {
  describe.skipIf(!database.available)(`tj corporate-actions on ${database.name}`, { timeout: 120_000 }, () => {
    let db: string[] = [];
    let tradeId = '';
    let actionId = '';
    beforeAll(async () => {
      db = await initDatabase(box, database.url(), ['--tz', 'UTC']);
      await ok(box, [...db, 'import', await sandboxFile(box, `fills-${database.name}.csv`, FILLS)]);
      const { trades } = await runJson(box, [...db, 'trades', 'list']);
      tradeId = trades[0].id;
      await ok(box, [...db, 'trades', 'edit', tradeId, '--stop', '190']);
    });

    it('adds a 4:1 split that adjusts the open trade, and says which', async () => {
      const out = await ok(box, [
        ...db,
        'corporate-actions',
        'add',
        '--split',
        '4:1',
        '--instrument',
        'AAPL',
        '--date',
        '2024-08-31',
        '--note',
        'AAPL 4-for-1',
      ]);
      expect(out).toMatch(/^Recorded the 4:1 split of AAPL effective 2024-08-31 00:00 \([0-9a-f]{10}\)\n/);
      const short = out.match(/Adjusted 1 open trade: ([0-9a-f]+)\n/)?.[1] as string;
      expect(tradeId.endsWith(short)).toBe(true);
      const shownAction = out.match(/\(([0-9a-f]{10})\)/)?.[1] as string;
      actionId = (await runJson(box, [...db, 'corporate-actions', 'list'])).corporateActions[0].id;
      expect(actionId.endsWith(shownAction)).toBe(true);
      // 100 × 4 = 400 shares at 200 ÷ 4 = 50.00; stop 190 ÷ 4 = 47.50; the execution 400 @ 50.
      const t = await runJson(box, [...db, 'trades', 'show', tradeId]);
      expect(t).toMatchObject({ positionSize: 400, entryPrice: 50, stopLoss: 47.5, fees: 1 });
      expect(t.executions.map((e: { quantity: number; price: number }) => `${e.quantity}@${e.price}`)).toEqual(['400@50']);
    });

    it('lists it with a short id that delete takes, and answers --json with the API’s record', async () => {
      const list = await ok(box, [...db, 'corporate-actions', 'list', '--instrument', 'AAPL']);
      expect(list).toMatch(/AAPL +│ split 4:1 +│ all +│ 2024-08-31 00:00 +│ by hand +│ AAPL 4-for-1/);
      const json = await runJson(box, [...db, 'corporate-actions', 'list']);
      expect(json.corporateActions).toEqual([expect.objectContaining({ id: actionId, ratio: '4:1', account: null })]);
      expect((await runJson(box, [...db, 'corporate-actions', 'list', '--instrument', 'MSFT'])).corporateActions).toEqual([]);
    });

    it('refuses the same split again (exit 1) and bad flags (exit 2) in one line', async () => {
      const again = await run(box, [
        ...db,
        'corporate-actions',
        'add',
        '--split',
        '4:1',
        '--instrument',
        'AAPL',
        '--date',
        '2024-08-31',
      ]);
      expect(again.code).toBe(1);
      expect(again.stderr).toBe(
        `tj: the 4:1 split of AAPL effective 2024-08-31T00:00:00.000Z is recorded already (${actionId}); delete it first to record it again\n`,
      );
      const both = await run(box, [
        ...db,
        'corporate-actions',
        'add',
        '--split',
        '2:1',
        '--rename',
        'X',
        '--instrument',
        'AAPL',
        '--date',
        '2024-08-31',
      ]);
      expect(both).toMatchObject({ code: 2, stderr: 'tj: give --split or --rename, not both\n' });
      const neither = await run(box, [...db, 'corporate-actions', 'add', '--instrument', 'AAPL', '--date', '2024-08-31']);
      expect(neither.code).toBe(2);
      const ratio = await run(box, [
        ...db,
        'corporate-actions',
        'add',
        '--split',
        '3:3',
        '--instrument',
        'AAPL',
        '--date',
        '2024-09-30',
      ]);
      expect(ratio).toMatchObject({
        code: 1,
        stderr: 'tj: --split: must change the number of shares (a 1:1 split changes nothing)\n',
      });
      const date = await run(box, [
        ...db,
        'corporate-actions',
        'add',
        '--split',
        '2:1',
        '--instrument',
        'AAPL',
        '--date',
        'soon',
      ]);
      expect(date.code).toBe(2);
    });

    it('deletes it by its short id, undoing the split on the open trade', async () => {
      const out = await ok(box, [...db, 'corporate-actions', 'delete', actionId.slice(-10)]);
      expect(out).toBe(`Deleted corporate action ${actionId} and undid it on the open trades it covered\n`);
      expect(await runJson(box, [...db, 'trades', 'show', tradeId])).toMatchObject({
        positionSize: 100,
        entryPrice: 200,
        stopLoss: 190,
      });
    });

    it('renames a position to its new symbol for one account', async () => {
      const r = await runJson(box, [
        ...db,
        'corporate-actions',
        'add',
        '--rename',
        'AAPL.NEW',
        '--instrument',
        'AAPL',
        '--date',
        '2024-09-30',
        '--account',
        'U1',
      ]);
      expect(r).toMatchObject({ kind: 'symbolChange', newInstrument: 'AAPL.NEW', account: 'U1', adjustedTradeIds: [tradeId] });
      expect(await runJson(box, [...db, 'trades', 'show', tradeId])).toMatchObject({ instrument: 'AAPL.NEW' });
    });
  });
}

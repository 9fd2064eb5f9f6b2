import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { useServer } from './support/server.js';

const HEADER = 'DateTime,Symbol,Side,Quantity,Price,Commission,Exec_ID,Account\n';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`corporate actions through the SDK on ${db.name}`, () => {
    const server = useServer(db);

    it('splits an imported open position 4:1, lists the split, and a later sell closes it with the same money', async () => {
      const { client } = await server().loggedIn();
      // Long 100 AAPL at 200.00, commission 1.00, in account U1.
      await client.imports.create(`${HEADER}2024-08-26T14:30:00Z,AAPL,buy,100,200,1,E1,U1\n`, { sourceTz: 'UTC' });
      const [open] = (await client.trades.list({ instrument: 'AAPL' })).trades;
      await client.trades.update(open?.id as string, { stopLoss: 190 });
      const split = await client.corporateActions.create({
        kind: 'split',
        instrument: 'AAPL',
        account: 'U1',
        ratio: '4:1',
        effectiveAt: '2024-08-30T20:25:00-04:00',
      });
      expect(split).toMatchObject({
        account: 'U1',
        ratio: '4:1',
        effectiveAt: '2024-08-31T00:25:00.000Z',
        adjustedTradeIds: [open?.id],
      });
      // 100 × 4 = 400 at 200 ÷ 4 = 50.00, stop 190 ÷ 4 = 47.50; the execution 400 @ 50.
      const adjusted = await client.trades.get(open?.id as string);
      expect(adjusted).toMatchObject({ positionSize: 400, entryPrice: 50, stopLoss: 47.5, fees: 1 });
      expect((adjusted.executions ?? []).map((e) => `${e.quantity}@${e.price}`)).toEqual(['400@50']);
      const { corporateActions } = await client.corporateActions.list({ account: 'U1' });
      expect(corporateActions.map((a) => a.id)).toEqual([split.id]);
      // Sold 400 at 55.00 after the split (commission 1.00): (55 − 50) × 400 = 2,000 = (220 − 200) × 100; less 2.00 fees.
      await client.imports.create(`${HEADER}2024-09-03T15:00:00Z,AAPL,sell,400,55,1,E2,U1\n`, { sourceTz: 'UTC' });
      expect(await client.trades.get(open?.id as string)).toMatchObject({ status: 'closed', result: 1998 });
      await expect(client.corporateActions.delete(split.id)).rejects.toMatchObject({ status: 409, code: 'conflict' });
    });

    it('rejects a bad ratio with a TjApiError naming the field, and deletes an action it can undo', async () => {
      const { client } = await server().loggedIn();
      await expect(
        client.corporateActions.create({ kind: 'split', instrument: 'XYZ', ratio: '10:10', effectiveAt: '2025-02-17' }),
      ).rejects.toMatchObject({
        status: 400,
        code: 'validation_failed',
        problem: { errors: [{ path: 'ratio', message: 'must change the number of shares (a 1:1 split changes nothing)' }] },
      });
      const rename = await client.corporateActions.create({
        kind: 'symbolChange',
        instrument: 'FB',
        newInstrument: 'META',
        effectiveAt: '2022-06-09',
        note: 'Facebook became Meta',
      });
      expect(rename).toMatchObject({
        kind: 'symbolChange',
        newInstrument: 'META',
        note: 'Facebook became Meta',
        adjustedTradeIds: [],
      });
      expect(await client.corporateActions.delete(rename.id)).toBeUndefined();
      expect((await client.corporateActions.list()).corporateActions).toEqual([]);
    });
  });
}

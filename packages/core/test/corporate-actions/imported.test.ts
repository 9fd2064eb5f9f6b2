import { coreDeps, storeImportedActions } from '@tj/core/internal';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { newUser, useCore } from '../support/core.js';

const FILLS = 'DateTime,Symbol,Side,Quantity,Price,Account\n2026-08-25T14:30:00Z,AAPL,buy,100,200,U1\n';
const effectiveAt = Date.parse('2026-08-28T20:25:00-04:00');
const split = {
  kind: 'split' as const,
  account: 'U1',
  instrument: 'AAPL',
  effectiveAt,
  ratio: { new: 4, old: 1 },
  note: 'AAPL SPLIT 4 FOR 1',
};
const rename = { kind: 'symbolChange' as const, account: 'U1', instrument: 'CCIV', effectiveAt, newInstrument: 'LCID' };

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`corporate actions of an import on ${db.name}`, () => {
    const h = useCore(db);

    it('stores a file’s actions once with the import’s id; a re-import stores none; undoing the import removes them', async () => {
      const user = await newUser(h.core());
      const record = await h
        .core()
        .imports.create(user, { name: 'flex.xml', open: () => [Buffer.from(FILLS)] }, { sourceTz: 'UTC' });
      const store = (actions: Array<typeof split | typeof rename>) =>
        h.storage().transaction((tx) => storeImportedActions(tx, coreDeps(h.core()), user, record.id, actions));
      const first = await store([split, rename, split]);
      expect(first.stored.map((r) => r.kind)).toEqual(['split', 'symbolChange']);
      expect(first.duplicates).toBe(1);
      expect((await store([rename, split])).duplicates).toBe(2);
      const { corporateActions } = await h.core().corporateActions.list(user, { account: 'U1' });
      // Both take effect at once: the one stored later (its id is larger) comes first.
      expect(corporateActions).toEqual([
        expect.objectContaining({ kind: 'symbolChange', newInstrument: 'LCID', importId: record.id }),
        expect.objectContaining({
          kind: 'split',
          ratio: '4:1',
          importId: record.id,
          note: 'AAPL SPLIT 4 FOR 1',
          effectiveAt: '2026-08-29T00:25:00.000Z',
        }),
      ]);
      // The same split entered by hand afterwards is the one already stored.
      const byHand = h
        .core()
        .corporateActions.create(user, { kind: 'split', instrument: 'AAPL', ratio: '4:1', effectiveAt: '2026-08-31' });
      await expect(byHand).rejects.toMatchObject({ code: 'conflict' });
      await h.core().imports.undo(user, record.id);
      expect((await h.core().corporateActions.list(user, {})).corporateActions).toEqual([]);
    });
  });
}

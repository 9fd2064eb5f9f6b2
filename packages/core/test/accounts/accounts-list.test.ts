import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { newUser, tradeBody, useCore } from '../support/core.js';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`accounts on ${db.name}`, () => {
    const h = useCore(db);

    it('lists each account of the user’s trades with counts, net P&L and dates; no account last', async () => {
      const user = await newUser(h.core());
      const other = await newUser(h.core());
      const t = h.core().trades;
      // U-1: long 10 @ 100 → 101.25, fees 1.10 → 11.40; short 5 @ 50 → 50.30, fees 0.35 → -1.85.
      await t.create(user, tradeBody({ account: 'U-1', exitPrice: 101.25, exitTime: '2026-11-20T15:00:00Z', fees: 1.1 }));
      await t.create(
        user,
        tradeBody({
          account: 'U-1',
          direction: 'short',
          entryPrice: 50,
          positionSize: 5,
          entryTime: '2026-11-18T09:00:00Z',
          exitPrice: 50.3,
          exitTime: '2026-11-18T10:00:00Z',
          fees: 0.35,
        }),
      );
      await t.create(user, tradeBody({ account: 'A-2', entryTime: '2026-11-21T14:30:00Z' }));
      await t.create(user, tradeBody({ entryTime: '2026-11-19T14:30:00Z', exitPrice: 99.9, exitTime: '2026-11-22T14:30:00Z' }));
      await t.create(other, tradeBody({ account: 'THEIRS' }));

      expect(await h.core().accounts.list(user)).toEqual({
        // No trade states a currency: the sums are as stated, in none named.
        currency: null,
        fx: null,
        accounts: [
          {
            account: 'A-2',
            trades: 1,
            openTrades: 1,
            totalPnL: 0,
            firstEntryTime: '2026-11-21T14:30:00.000Z',
            lastTradeTime: '2026-11-21T14:30:00.000Z',
          },
          {
            account: 'U-1',
            trades: 2,
            openTrades: 0,
            totalPnL: 9.55,
            firstEntryTime: '2026-11-18T09:00:00.000Z',
            lastTradeTime: '2026-11-20T15:00:00.000Z',
          },
          {
            account: null,
            trades: 1,
            openTrades: 0,
            totalPnL: -1,
            firstEntryTime: '2026-11-19T14:30:00.000Z',
            lastTradeTime: '2026-11-22T14:30:00.000Z',
          },
        ],
      });
      expect((await h.core().accounts.list(other)).accounts.map((a) => a.account)).toEqual(['THEIRS']);
    });

    it('answers an empty list for a user without trades', async () => {
      expect(await h.core().accounts.list(await newUser(h.core()))).toEqual({ accounts: [], currency: null, fx: null });
    });
  });
}

import type { PartialExitTrade, TradeQuery } from '@tj/core';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { newUser, useCore } from '../support/core.js';
import { writePositions } from '../support/positions.js';

const ms = (iso: string) => Date.parse(iso);

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`the read of partial exits on ${db.name}`, () => {
    const h = useCore(db);

    /**
     * O: ES, CME, setup breakout, tag scalp, open, entered on the 10th, partial +300 on the 11th.
     * K: NQ, IRA, entered on the 10th, partials −100 on the 10th and +40 on the 12th, closed on the 13th.
     * P: ES, CME, a plain close (no partial exit): never read.
     */
    async function seeded() {
      const user = await newUser(h.core());
      const [o, k, p] = await writePositions(h.core(), h.storage(), user, [
        {
          instrument: 'ES',
          account: 'CME',
          setupType: 'breakout',
          tags: ['scalp'],
          entry: '2026-11-10T14:00:00Z',
          partials: [['2026-11-11T15:00:00Z', 300]],
        },
        {
          instrument: 'NQ',
          account: 'IRA',
          entry: '2026-11-10T14:00:00Z',
          exit: '2026-11-13T15:00:00Z',
          result: 20,
          partials: [
            ['2026-11-10T15:00:00Z', -100],
            ['2026-11-12T15:00:00Z', 40],
          ],
        },
        { instrument: 'ES', account: 'CME', entry: '2026-11-10T14:00:00Z', exit: '2026-11-10T15:00:00Z', result: 10 },
      ]);
      if (!o || !k || !p) throw new Error('three rows');
      const read = async (query: TradeQuery) => (await h.storage().repos.trades.partialExits(user, query)).map((t) => t.id);
      return { user, o, k, p, read };
    }

    it('answers each trade with partial exits, open or closed, with its account, exit, realized P&L and bookings, in id order', async () => {
      const { user, o, k } = await seeded();
      const expected: PartialExitTrade[] = [
        {
          id: o.id,
          account: 'CME',
          currency: null,
          fxRate: null,
          fxBase: null,
          exitTime: null,
          realizedMicros: 300_000_000,
          partialExits: [{ time: ms('2026-11-11T15:00:00Z'), pnlMicros: 300_000_000 }],
        },
        {
          id: k.id,
          account: 'IRA',
          currency: null,
          fxRate: null,
          fxBase: null,
          exitTime: ms('2026-11-13T15:00:00Z'),
          // −100 + 40.
          realizedMicros: -60_000_000,
          partialExits: [
            { time: ms('2026-11-10T15:00:00Z'), pnlMicros: -100_000_000 },
            { time: ms('2026-11-12T15:00:00Z'), pnlMicros: 40_000_000 },
          ],
        },
      ].sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(await h.storage().repos.trades.partialExits(user, {})).toEqual(expected);
      // Another user's query reads none of them.
      expect(await h.storage().repos.trades.partialExits(await newUser(h.core()), {})).toEqual([]);
    });

    it("selects trades with the list's filters", async () => {
      const { o, k, read } = await seeded();
      expect(await read({ instrument: 'es' })).toEqual([o.id]);
      expect(await read({ account: 'IRA' })).toEqual([k.id]);
      expect(await read({ setup: 'breakout' })).toEqual([o.id]);
      expect(await read({ tag: 'scalp' })).toEqual([o.id]);
      expect(await read({ status: 'open' })).toEqual([o.id]);
      expect(await read({ status: 'closed' })).toEqual([k.id]);
      expect(await read({ idFrom: k.id, idTo: k.id })).toEqual([k.id]);
      expect(await read({ entryFrom: ms('2026-11-11T00:00:00Z') })).toEqual([]);
    });

    it('reads the exit range as the range of the bookings: trades open or exited after its start, entered before its end', async () => {
      const { o, k, read } = await seeded();
      const both = [o.id, k.id].sort();
      // K exits on the 13th: it may have booked from the 13th on, not after it.
      expect(await read({ exitFrom: ms('2026-11-13T00:00:00Z') })).toEqual(both);
      expect(await read({ exitFrom: ms('2026-11-14T00:00:00Z') })).toEqual([o.id]);
      // Both entered on the 10th at 14:00: nothing of theirs can be booked before.
      expect(await read({ exitTo: ms('2026-11-10T14:00:00Z') })).toEqual([]);
      expect(await read({ exitFrom: ms('2026-11-10T00:00:00Z'), exitTo: ms('2026-11-11T00:00:00Z') })).toEqual(both);
    });
  });
}

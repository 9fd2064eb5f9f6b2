import { coreDeps, insertTrade } from '@tj/core/internal';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { evaluateImportAlerts } from '../../src/alerts/evaluate-import.js';
import { newUser, useCore } from '../support/core.js';
import { type PositionSpec, positionRow } from '../support/positions.js';

/** An open ES position entered the day before yesterday, with one partial exit. */
const openWith = (time: string, pnl: number, account?: string): PositionSpec => ({
  instrument: 'ES',
  entry: '2026-11-18T14:00:00Z',
  partials: [[time, pnl]],
  ...(account !== undefined && { account }),
});

/** CME's trading day: 17:00 Chicago (23:00 UTC in November), named by the date it ends on. */
const CME_DAY = { tradingDayStart: { time: '17:00', timeZone: 'America/Chicago' } };

for (const db of DATABASES) {
  // The clock stands at Friday 2026-11-20 12:00 UTC.
  describe.skipIf(!db.available)(`the daily loss limit with partial exits on ${db.name}`, () => {
    const h = useCore(db);

    /** A new user with a daily loss limit of 300; `fired()` lists its triggers as `periodKey value`. */
    async function limited(settings?: Record<string, unknown>) {
      const user = await newUser(h.core());
      if (settings) await h.core().settings.update(user, settings);
      const alert = await h.core().alerts.create(user, { name: 'Daily stop', type: 'dailyLossLimit', threshold: 300 });
      const fired = async () =>
        (await h.storage().repos.alerts.listEvents(user, alert.id, { page: 1, limit: 100 })).rows
          .map((e) => `${e.periodKey} ${e.value}`)
          .sort();
      return { user, fired };
    }

    /** Writes a position as a trade write does: the row, then its events and alert checks. */
    const write = (user: string, spec: PositionSpec) =>
      h.storage().transaction((tx) => insertTrade(tx, coreDeps(h.core()), positionRow(h.core(), user, spec)));

    /** A plain closed trade (no partial exit) through the trade service. */
    const close = (user: string, result: number, exitTime: string) =>
      h.core().trades.create(user, {
        instrument: 'NQ',
        direction: 'long',
        entryPrice: 100,
        positionSize: 1,
        entryTime: '2026-11-19T01:00:00Z',
        exitPrice: 101,
        exitTime,
        result,
      });

    it('fires on the day partial exits of open trades take past the limit', async () => {
      const a = await limited();
      await write(a.user, openWith('2026-11-20T09:00:00Z', -250));
      expect(await a.fired()).toEqual([]);
      // −250 − 100 = −350 ≤ −300.
      await write(a.user, openWith('2026-11-20T10:00:00Z', -100));
      expect(await a.fired()).toEqual(['day:2026-11-20 -350']);
    });

    it('counts a close by what it books: its result less what its partial exits booked before', async () => {
      const a = await limited();
      // +300 booked on the 18th; the whole result −100, so the close on the 20th books −100 − 300 = −400.
      await write(a.user, {
        instrument: 'ES',
        entry: '2026-11-18T14:00:00Z',
        partials: [['2026-11-18T15:00:00Z', 300]],
        exit: '2026-11-20T09:00:00Z',
        result: -100,
      });
      expect(await a.fired()).toEqual(['day:2026-11-20 -400']);
    });

    it("counts a partial exit in the next close's day", async () => {
      const a = await limited();
      await close(a.user, -50, '2026-11-20T08:00:00Z');
      // −50 − 200 = −250: not yet.
      await write(a.user, openWith('2026-11-20T09:00:00Z', -200));
      expect(await a.fired()).toEqual([]);
      // −250 − 100 = −350.
      await close(a.user, -100, '2026-11-20T10:00:00Z');
      expect(await a.fired()).toEqual(['day:2026-11-20 -350']);
    });

    it("counts the partial exits booked before a day's first close", async () => {
      const a = await limited();
      await close(a.user, -10, '2026-11-19T10:00:00Z');
      await write(a.user, openWith('2026-11-20T09:00:00Z', -200));
      // A later close on the 19th: the running state is rebuilt on the 19th (−20).
      await close(a.user, -10, '2026-11-19T11:00:00Z');
      expect(await a.fired()).toEqual([]);
      // The 20th's first close: −150 with the −200 booked that morning is −350.
      await close(a.user, -150, '2026-11-20T10:00:00Z');
      expect(await a.fired()).toEqual(['day:2026-11-20 -350']);
    });

    it('fires after an import on a partial exit booked today, not on one of another day', async () => {
      const a = await limited();
      const importTrades = (spec: PositionSpec) =>
        h.storage().transaction(async (tx) => {
          const rows = [positionRow(h.core(), a.user, spec)];
          await tx.trades.insertMany(rows);
          const imported = { importId: coreDeps(h.core()).ids.next(), recent: rows, latestClosed: undefined };
          await evaluateImportAlerts(tx, coreDeps(h.core()), await tx.alerts.listActive(a.user), imported);
        });
      // Yesterday's −500 is not today's business.
      await importTrades(openWith('2026-11-19T10:00:00Z', -500));
      expect(await a.fired()).toEqual([]);
      await importTrades(openWith('2026-11-20T10:00:00Z', -350));
      expect(await a.fired()).toEqual(['day:2026-11-20 -350']);
    });

    it("places a partial exit on its account's trading day", async () => {
      // 23:30 UTC on the 19th: the 19th by the user's UTC day, the 20th by CME's 17:00 Chicago start.
      const plain = await limited();
      await write(plain.user, openWith('2026-11-19T23:30:00Z', -350, 'CME'));
      expect(await plain.fired()).toEqual(['day:2026-11-19 -350']);
      const cme = await limited({ accounts: { CME: CME_DAY } });
      await write(cme.user, openWith('2026-11-19T23:30:00Z', -350, 'CME'));
      expect(await cme.fired()).toEqual(['day:2026-11-20 -350']);
      // A close at the same instant, after +300 booked on the 18th, with a whole result of −100:
      // it books −400 on CME's 20th.
      const closing = await limited({ accounts: { CME: CME_DAY } });
      await write(closing.user, {
        instrument: 'ES',
        account: 'CME',
        entry: '2026-11-18T14:00:00Z',
        partials: [['2026-11-18T15:00:00Z', 300]],
        exit: '2026-11-19T23:30:00Z',
        result: -100,
      });
      expect(await closing.fired()).toEqual(['day:2026-11-20 -400']);
    });
  });
}

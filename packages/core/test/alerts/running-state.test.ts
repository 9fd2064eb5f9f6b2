/**
 * The running state is what a close reads: after each appended close the stored row holds the
 * fold of every close so far at the user's current data version, and a state altered in place
 * (same version) decides the next firing, which a scan would not; a write the state did not see,
 * or an edit of the alert, makes it rebuilt instead.
 */
import type { AlertStateRow, Core, Storage } from '@tj/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestDatabase } from '../../../../test/support/databases.js';
import { closedBody, countingCore, openBody } from './running-support.js';

const M = 1_000_000;
let users = 0;

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`the running alert state on ${db.name}`, () => {
    let opened: Awaited<ReturnType<TestDatabase['open']>> | undefined;
    let core: Core;
    beforeAll(async () => {
      opened = await db.open();
      core = countingCore(opened.storage, 'd0000000');
    });
    afterAll(async () => {
      await opened?.cleanup();
    });
    const storage = (): Storage => (opened as NonNullable<typeof opened>).storage;

    /** A new user with a drawdown (100), a losing run (3) and a daily loss (100) alert. */
    async function setUp() {
      const user = `e0000000-0000-7000-8000-${String(++users).padStart(12, '0')}`;
      const dd = await core.alerts.create(user, { name: 'dd', type: 'maxDrawdown', threshold: 100 });
      const run = await core.alerts.create(user, { name: 'run', type: 'maxConsecutiveLosses', threshold: 3 });
      const day = await core.alerts.create(user, { name: 'day', type: 'dailyLossLimit', threshold: 100 });
      const state = async (alertId: string): Promise<AlertStateRow | undefined> =>
        (await storage().repos.alerts.listStates(user)).find((s) => s.alertId === alertId);
      const values = async (alertId: string) =>
        (await storage().repos.alerts.listEvents(user, alertId, { page: 1, limit: 100 })).rows.map((e) => e.value);
      const version = () => storage().repos.trades.dataVersion(user);
      return { user, dd: dd.id, run: run.id, day: day.id, state, values, version };
    }

    it('holds the fold of every close so far, at the current data version, after each appended close', async () => {
      const u = await setUp();
      const results = [50, -30, -10, 40, -5];
      // Exits every six hours from 2 Nov 06:00 UTC: three on 2 Nov, then 3 Nov 00:00 and 06:00.
      const dayPnl = [50, 20, 10, 40, 35];
      let cumulative = 0;
      let peak = 0;
      let peakKey = 'start';
      let runLength = 0;
      for (const [i, r] of results.entries()) {
        const t = await core.trades.create(u.user, closedBody(r, 360 + i * 360));
        cumulative += r;
        if (cumulative > peak) [peak, peakKey] = [cumulative, t.id];
        runLength = r < 0 ? runLength + 1 : 0;
        const version = await u.version();
        expect(await u.state(u.dd)).toMatchObject({
          version,
          lastTradeId: t.id,
          lastExitTime: Date.parse(t.exitTime as string),
          cumulativeMicros: cumulative * M,
          peakMicros: peak * M,
          peakKey,
        });
        expect(await u.state(u.run)).toMatchObject({ version, lastTradeId: t.id, runLength });
        expect(await u.state(u.day)).toMatchObject({ version, lastTradeId: t.id, dayPnlMicros: (dayPnl[i] as number) * M });
      }
    });

    it('decides the next close by the stored state: one altered in place fires what a scan would not', async () => {
      const u = await setUp();
      await core.trades.create(u.user, closedBody(50, 360));
      await core.trades.create(u.user, closedBody(-30, 420));
      for (const id of [u.dd, u.run, u.day]) {
        const s = (await u.state(id)) as AlertStateRow;
        await storage().repos.alerts.putState({ ...s, cumulativeMicros: -1000 * M, runLength: 10, dayPnlMicros: -500 * M });
      }
      // An open trade and a note leave the closed trades alone: the state is carried to their versions.
      const open = await core.trades.create(u.user, openBody());
      await core.trades.update(u.user, open.id, { notes: 'waiting' });
      await core.trades.update(u.user, open.id, { exitPrice: 101, exitTime: closedBody(0, 480).exitTime, result: -1 });
      // A scan sees 50, −30, −1: drawdown 31, a run of 2, a day of 19. The altered state says otherwise.
      expect(await u.values(u.dd)).toEqual([1051]);
      expect(await u.values(u.run)).toEqual([11]);
      expect(await u.values(u.day)).toEqual([-501]);
    });

    it('replays a back-dated drawdown close from a checkpoint a week before the last close', async () => {
      const u = await setUp();
      const ids: string[] = [];
      // +10 at noon on eleven days: the peak is the last close.
      for (let d = 0; d <= 10; d++) ids.push((await core.trades.create(u.user, closedBody(10, d * 1440 + 720))).id);
      // A loss before the peak needs the curve before it: the first replay starts at the start
      // and leaves a checkpoint at the last close more than a week before the latest (day 2).
      await core.trades.create(u.user, closedBody(-5, 9 * 1440 + 1080));
      expect(await u.state(u.dd)).toMatchObject({ cumulativeMicros: 105 * M, peakMicros: 105 * M, peakKey: ids[10] });
      expect(await u.state(u.dd)).toMatchObject({ checkpointTradeId: ids[2], checkpointCumulativeMicros: 30 * M });
      // The next one replays from day 2: 30, 40 … 100 (day 9), 95, 75, 85.
      await core.trades.create(u.user, closedBody(-20, 9 * 1440 + 1200));
      expect(await u.state(u.dd)).toMatchObject({ cumulativeMicros: 85 * M, peakMicros: 100 * M, peakKey: ids[9] });
      // One before the checkpoint rebuilds: every point from day 1 on is 1 lower.
      await core.trades.create(u.user, closedBody(-1, 1 * 1440 + 1080));
      expect(await u.state(u.dd)).toMatchObject({ cumulativeMicros: 84 * M, peakMicros: 99 * M, peakKey: ids[9] });
      expect(await u.values(u.dd)).toEqual([]);
    });

    it('rebuilds after a write it did not see (a delete) and after an edit of the alert', async () => {
      const u = await setUp();
      const first = await core.trades.create(u.user, closedBody(50, 360));
      await core.trades.create(u.user, closedBody(-30, 420));
      const spoil = async () => {
        for (const id of [u.dd, u.run, u.day]) {
          const s = (await u.state(id)) as AlertStateRow;
          await storage().repos.alerts.putState({ ...s, cumulativeMicros: -1000 * M, runLength: 10, dayPnlMicros: -500 * M });
        }
      };
      await spoil();
      await core.trades.delete(u.user, first.id);
      await core.trades.create(u.user, closedBody(-1, 480));
      await spoil();
      await core.alerts.update(u.user, u.dd, { tz: 'Asia/Tokyo' });
      await core.alerts.update(u.user, u.run, { tz: 'Asia/Tokyo' });
      await core.alerts.update(u.user, u.day, { tz: 'Asia/Tokyo' });
      await core.trades.create(u.user, closedBody(-2, 540));
      // Scans: −30, −1, −2 from the start: drawdown 33, a run of 3 (fires), a day of −33.
      expect(await u.values(u.dd)).toEqual([]);
      expect(await u.values(u.run)).toEqual([3]);
      expect(await u.values(u.day)).toEqual([]);
      expect(await u.state(u.dd)).toMatchObject({ cumulativeMicros: -33 * M, peakMicros: 0, peakKey: 'start' });
      expect(await u.state(u.day)).toMatchObject({ dayPnlMicros: -33 * M, version: await u.version() });
    });
  });
}

import { coreDeps } from '@tj/core/internal';
import { type AlertCreateInput, type Core, createCore, tradeCreateSchema } from '@tj/core';
import { insertTrade, newTradeRow } from '@tj/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestDatabase } from '../../../../test/support/databases.js';
import { closedTrade as closed } from './running-support.js';

function useCore(db: TestDatabase) {
  let opened: Awaited<ReturnType<TestDatabase['open']>> | undefined;
  let core: Core | undefined;
  beforeAll(async () => {
    opened = await db.open();
    core = createCore({ storage: opened.storage });
  });
  afterAll(async () => {
    await opened?.cleanup();
  });
  return () => core as Core;
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`alerts on ${db.name}`, () => {
    const core = useCore(db);

    /** A new user with one alert; `values()` lists the values of its triggers, oldest first. */
    async function alertFor(input: AlertCreateInput) {
      const user = coreDeps(core()).ids.next();
      const alert = await core().alerts.create(user, input);
      const triggers = async () => (await core().alerts.events(user, alert.id, { limit: 100 })).events.reverse();
      const values = async () => (await triggers()).map((e) => e.value);
      return { user, alert, triggers, values };
    }

    describe('dailyLossLimit', () => {
      it("fires once when the day's realised P&L reaches −threshold, and again on another day", async () => {
        const a = await alertFor({ name: 'Daily stop', type: 'dailyLossLimit', threshold: 500 });
        await core().trades.create(a.user, closed(-300, '2026-11-02T15:00:00Z'));
        expect(await a.values()).toEqual([]);
        await core().trades.create(a.user, closed(-200, '2026-11-02T16:00:00Z'));
        expect(await a.values()).toEqual([-500]);
        await core().trades.create(a.user, closed(-400, '2026-11-02T17:00:00Z'));
        expect(await a.values()).toEqual([-500]);
        await core().trades.create(a.user, closed(-600, '2026-11-03T15:00:00Z', '2026-11-03T14:00:00Z'));
        expect(await a.values()).toEqual([-500, -600]);
      });

      it('does not fire while winners and open trades keep the day above the limit', async () => {
        const a = await alertFor({ name: 'Daily stop', type: 'dailyLossLimit', threshold: 500 });
        await core().trades.create(a.user, closed(250, '2026-11-02T15:00:00Z'));
        await core().trades.create(a.user, closed(-700, '2026-11-02T16:00:00Z'));
        await core().trades.create(a.user, {
          ...closed(0, '2026-11-02T16:00:00Z'),
          exitPrice: undefined,
          exitTime: undefined,
          result: undefined,
        });
        expect(await a.values()).toEqual([]);
      });

      it("counts the day in the alert's time zone", async () => {
        const a = await alertFor({ name: 'NY day', type: 'dailyLossLimit', threshold: 500, tz: 'America/New_York' });
        // Both on 21 Nov UTC, but 20 Nov 23:30 and 21 Nov 10:00 in New York: two days, no trigger.
        await core().trades.create(a.user, closed(-300, '2026-11-21T04:30:00Z', '2026-11-20T14:00:00Z'));
        await core().trades.create(a.user, closed(-300, '2026-11-21T15:00:00Z', '2026-11-20T14:00:00Z'));
        expect(await a.values()).toEqual([]);
        // 21 Nov 10:00 and 21 Nov 22:00 New York (the second is 22 Nov UTC): one New York day.
        await core().trades.create(a.user, closed(-300, '2026-11-22T03:00:00Z', '2026-11-20T14:00:00Z'));
        expect(await a.values()).toEqual([-600]);
      });

      it('is met by a loss of exactly the threshold, even where floating point would miss it', async () => {
        const a = await alertFor({ name: 'Tiny', type: 'dailyLossLimit', threshold: 0.3 });
        await core().trades.create(a.user, closed(-0.1, '2026-11-02T15:00:00Z'));
        await core().trades.create(a.user, closed(-0.2, '2026-11-02T16:00:00Z'));
        expect(await a.values()).toEqual([-0.3]);
      });

      it('fires when an update moves a loss into the day', async () => {
        const a = await alertFor({ name: 'Daily stop', type: 'dailyLossLimit', threshold: 500 });
        await core().trades.create(a.user, closed(-300, '2026-11-02T15:00:00Z'));
        const t = await core().trades.create(a.user, closed(-300, '2026-11-03T15:00:00Z'));
        expect(await a.values()).toEqual([]);
        await core().trades.update(a.user, t.id, { exitTime: '2026-11-02T18:00:00Z' });
        expect(await a.values()).toEqual([-600]);
      });
    });

    describe('maxConsecutiveLosses', () => {
      it('fires once per losing run when the run reaches the threshold', async () => {
        const a = await alertFor({ name: 'Tilt', type: 'maxConsecutiveLosses', threshold: 3 });
        const results = [-10, -10, -10, -10, 5, -1, -1, -1];
        for (const [i, r] of results.entries()) {
          await core().trades.create(a.user, closed(r, `2026-11-02T15:${String(10 + i).padStart(2, '0')}:00Z`));
          if (i === 1) expect(await a.values()).toEqual([]);
          if (i === 2 || i === 3) expect(await a.values()).toEqual([3]);
        }
        expect(await a.values()).toEqual([3, 3]);
      });

      it('lets a breakeven trade end the run', async () => {
        const a = await alertFor({ name: 'Tilt', type: 'maxConsecutiveLosses', threshold: 3 });
        for (const [i, r] of [-10, -10, 0, -10, -10].entries()) {
          await core().trades.create(a.user, closed(r, `2026-11-02T15:1${i}:00Z`));
        }
        expect(await a.values()).toEqual([]);
      });

      it('fires when an update turns a run past the threshold at once', async () => {
        const a = await alertFor({ name: 'Tilt', type: 'maxConsecutiveLosses', threshold: 3 });
        await core().trades.create(a.user, closed(-10, '2026-11-02T15:10:00Z'));
        const win = await core().trades.create(a.user, closed(10, '2026-11-02T15:11:00Z'));
        await core().trades.create(a.user, closed(-10, '2026-11-02T15:12:00Z'));
        await core().trades.create(a.user, closed(-10, '2026-11-02T15:13:00Z'));
        expect(await a.values()).toEqual([]);
        await core().trades.update(a.user, win.id, { result: -5 });
        expect(await a.values()).toEqual([4]);
      });
    });

    describe('maxDrawdown', () => {
      it('fires once per peak when the drawdown from it reaches the threshold', async () => {
        const a = await alertFor({ name: 'DD', type: 'maxDrawdown', threshold: 1000 });
        const results = [500, 700, -600, -400, -100, 2000, -999, -1];
        for (const [i, r] of results.entries()) {
          await core().trades.create(a.user, closed(r, `2026-11-02T15:1${i}:00Z`));
          if (i === 2) expect(await a.values()).toEqual([]);
        }
        // Peak 1200 → 200 (drawdown 1000) fires; 100 is the same peak; peak 2100 → 1100 fires again.
        expect(await a.values()).toEqual([1000, 1000]);
      });

      it('measures from the starting zero when the first trades lose', async () => {
        const a = await alertFor({ name: 'DD', type: 'maxDrawdown', threshold: 1000 });
        await core().trades.create(a.user, closed(-999.99, '2026-11-02T15:10:00Z'));
        expect(await a.values()).toEqual([]);
        await core().trades.create(a.user, closed(-0.01, '2026-11-02T15:11:00Z'));
        expect(await a.values()).toEqual([1000]);
      });
    });

    describe('riskPerTrade', () => {
      const open = (stopLoss: number | undefined, positionSize = 10) => ({
        instrument: 'NQ',
        direction: 'long',
        entryPrice: 100,
        positionSize,
        entryTime: '2026-11-02T14:00:00Z',
        ...(stopLoss === undefined ? {} : { stopLoss }),
      });

      it('fires for a new trade whose initial risk exceeds the threshold, not for one at it or without a stop', async () => {
        const a = await alertFor({ name: 'Risk', type: 'riskPerTrade', threshold: 100 });
        await core().trades.create(a.user, open(90));
        await core().trades.create(a.user, open(undefined));
        expect(await a.values()).toEqual([]);
        const t = await core().trades.create(a.user, open(85));
        expect(await a.triggers()).toMatchObject([{ value: 150, tradeId: t.id }]);
      });

      it('fires once per trade when an update raises the risk over the threshold', async () => {
        const a = await alertFor({ name: 'Risk', type: 'riskPerTrade', threshold: 100 });
        const t = await core().trades.create(a.user, open(95));
        await core().trades.update(a.user, t.id, { notes: 'risk unchanged' });
        expect(await a.values()).toEqual([]);
        await core().trades.update(a.user, t.id, { stopLoss: 80 });
        await core().trades.update(a.user, t.id, { stopLoss: 70 });
        expect(await a.values()).toEqual([200]);
      });

      it('compares money exactly: a risk of 1.1 − 0.8 is not over a threshold of 0.3', async () => {
        const a = await alertFor({ name: 'Risk', type: 'riskPerTrade', threshold: 0.3 });
        await core().trades.create(a.user, { ...open(0.8, 1), entryPrice: 1.1 });
        expect(await a.values()).toEqual([]);
      });
    });

    describe('missingStopLoss', () => {
      it('fires for a trade created without a stop, not for one with a stop or a later change', async () => {
        const a = await alertFor({ name: 'No stop', type: 'missingStopLoss' });
        const withStop = await core().trades.create(a.user, closed(10, '2026-11-02T15:00:00Z'));
        expect(await a.values()).toEqual([]);
        const bare = await core().trades.create(a.user, { ...closed(10, '2026-11-02T15:00:00Z'), stopLoss: undefined });
        await core().trades.update(a.user, withStop.id, { stopLoss: null });
        await core().trades.update(a.user, bare.id, { notes: 'still no stop' });
        expect(await a.triggers()).toMatchObject([{ value: 0, tradeId: bare.id }]);
      });
    });

    it('never fires an inactive alert, nor another user’s', async () => {
      const a = await alertFor({ name: 'Off', type: 'missingStopLoss', active: false });
      const b = await alertFor({ name: 'Other user', type: 'missingStopLoss' });
      await core().trades.create(a.user, { ...closed(10, '2026-11-02T15:00:00Z'), stopLoss: undefined });
      expect(await a.values()).toEqual([]);
      expect(await b.values()).toEqual([]);
    });

    it('writes alert.triggered to the outbox with the contract data, in the change’s transaction', async () => {
      const a = await alertFor({ name: 'No stop', type: 'missingStopLoss' });
      const hook = await core().webhooks.create(a.user, { url: 'https://hooks.example.com/alerts', events: ['alert.triggered'] });
      const t = await core().trades.create(a.user, { ...closed(10, '2026-11-02T15:00:00Z'), stopLoss: undefined });
      const [trigger] = await a.triggers();
      const jobs = await coreDeps(core()).storage.repos.outbox.claimDue(Date.now(), 1000, 1000);
      const job = jobs.find((j) => j.delivery.webhookId === hook.id);
      expect(JSON.parse(job?.payload ?? '{}')).toMatchObject({
        event: 'alert.triggered',
        data: {
          alertId: a.alert.id,
          name: 'No stop',
          type: 'missingStopLoss',
          threshold: 0,
          value: 0,
          tradeId: t.id,
          triggeredAt: trigger?.triggeredAt,
        },
      });

      const row = newTradeRow(
        coreDeps(core()),
        a.user,
        tradeCreateSchema.parse({ ...closed(10, '2026-11-02T15:00:00Z'), stopLoss: undefined }),
      );
      await expect(
        coreDeps(core()).storage.transaction(async (tx) => {
          await insertTrade(tx, coreDeps(core()), row);
          throw new Error('the change fails after the alert fired');
        }),
      ).rejects.toThrow('the change fails');
      expect(await a.triggers()).toHaveLength(1);
    });

    it('lists triggers newest first with pagination', async () => {
      const a = await alertFor({ name: 'No stop', type: 'missingStopLoss' });
      for (let i = 0; i < 3; i++)
        await core().trades.create(a.user, { ...closed(i, `2026-11-02T15:0${i}:00Z`), stopLoss: undefined });
      const page = await core().alerts.events(a.user, a.alert.id, { page: 1, limit: 2 });
      expect(page.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
      expect(page.events.map((e) => e.value)).toEqual([0, 0]);
      expect(Date.parse(page.events[0]?.triggeredAt ?? '')).toBeGreaterThanOrEqual(Date.parse(page.events[1]?.triggeredAt ?? ''));
    });
  });
}

import { createCore, createDeliveryWorker } from '@tj/core';
import { openStorage } from '@tj/core/storage';
import { createWebhookSender } from '@tj/http';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { type Receiver, startReceiver } from '../../../../test/webhooks/support/receiver.js';
import { deliveriesOf, newUserId, tradeBody, useWebhookStorage } from './support.js';

const DAY = 86_400_000;
/** The flaky receiver's second attempt comes 40 days (±20%) after its first. */
const SCHEDULE = [0, 40 * 86_400];

/** Waits until `check` holds (10 s at most), looking every 20 ms. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; !(await check()); waited += 20) {
    if (waited > 10_000) throw new Error('the condition never held');
    await new Promise((r) => setTimeout(r, 20));
  }
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`retention of delivered events on ${db.name}`, () => {
    const h = useWebhookStorage(db);
    const receivers: Receiver[] = [];
    afterEach(async () => {
      await Promise.all(receivers.splice(0).map((r) => r.close()));
    });

    async function setup(options: { retentionDays?: number } = {}) {
      const ok = await startReceiver(() => ({ status: 200 }));
      const flaky = await startReceiver(() => ({ status: 500 }));
      receivers.push(ok, flaky);
      const { core, clock } = h.core({ retrySchedule: SCHEDULE, ...options });
      const user = newUserId(core);
      const all = await core.webhooks.create(user, { url: `${ok.url}/in`, events: ['*'] });
      const journal = await core.webhooks.create(user, { url: `${flaky.url}/in`, events: ['journal.created'] });
      const worker = createDeliveryWorker(core, { purgeBatch: 2 });
      const list = async (hookId: string) =>
        (await deliveriesOf(core, user, hookId)).map((d) => `${d.event}:${d.status}:${d.attemptLog.length}`);
      return { core, clock, user, all, journal, worker, list };
    }

    it('purges an event once every delivery succeeded 30 days ago, never one not yet sent, retrying or failed', async () => {
      const t = await setup();
      const start = t.clock.now();
      await t.core.trades.create(t.user, tradeBody({ notes: 'delivered' }));
      await t.core.journal.create(t.user, { date: '2026-11-20' });
      expect(await t.worker.runOnce()).toBe(3);
      await t.core.trades.create(t.user, tradeBody({ notes: 'not yet sent' }));
      const delivered = (await deliveriesOf(t.core, t.user, t.all.id))[0];
      expect(delivered).toMatchObject({ event: 'trade.created', status: 'succeeded' });

      t.clock.set(start + 30 * DAY);
      expect(await t.worker.purge()).toBe(0);
      t.clock.set(start + 30 * DAY + 1);
      expect(await t.worker.purge()).toBe(1);
      // The journal event keeps its succeeded delivery while the other one is retrying.
      expect(await t.list(t.all.id)).toEqual(['journal.created:succeeded:1', 'trade.created:pending:0']);
      expect(await t.list(t.journal.id)).toEqual(['journal.created:pending:1']);
      expect(await h.storage().repos.outbox.listAttempts(t.user, [delivered?.id ?? ''])).toEqual([]);

      // The retry comes due: the waiting trade is delivered, the journal delivery fails for good.
      const [retrying] = await deliveriesOf(t.core, t.user, t.journal.id);
      t.clock.set(Date.parse(retrying?.nextAttemptAt ?? ''));
      expect(await t.worker.runOnce()).toBe(2);
      expect(await t.list(t.journal.id)).toEqual(['journal.created:failed:2']);
      t.clock.advance(31 * DAY);
      expect(await t.worker.purge()).toBe(1);
      expect(await t.list(t.all.id)).toEqual(['journal.created:succeeded:1']);
      expect(await t.list(t.journal.id)).toEqual(['journal.created:failed:2']);
    });

    it('counts from the last attempt: a recent redelivery keeps an old event', async () => {
      const t = await setup();
      const start = t.clock.now();
      await t.core.trades.create(t.user, tradeBody());
      await t.worker.runOnce();
      const [d] = await deliveriesOf(t.core, t.user, t.all.id);
      t.clock.set(start + 29 * DAY);
      await t.core.webhooks.redeliver(t.user, t.all.id, d?.id ?? '');
      t.clock.set(start + 31 * DAY);
      expect(await t.worker.purge()).toBe(0);
      t.clock.set(start + 59 * DAY + 1);
      expect(await t.worker.purge()).toBe(1);
      expect(await t.list(t.all.id)).toEqual([]);
    });

    it('purges in batches of purgeBatch events until none is left', async () => {
      const t = await setup();
      for (let i = 0; i < 5; i++) await t.core.trades.create(t.user, tradeBody({ notes: `n${i}` }));
      expect(await t.worker.runOnce()).toBe(5);
      t.clock.advance(31 * DAY);
      expect(await t.core.webhooks.delivery.purge(2)).toBe(2);
      expect(await t.list(t.all.id)).toHaveLength(3);
      expect(await t.worker.purge()).toBe(3);
      expect(await t.list(t.all.id)).toEqual([]);
    });

    it('keeps everything with retentionDays 0', async () => {
      const forever = await setup({ retentionDays: 0 });
      await forever.core.trades.create(forever.user, tradeBody());
      await forever.worker.runOnce();
      forever.clock.advance(1000 * DAY);
      expect(await forever.worker.purge()).toBe(0);
      expect(await forever.list(forever.all.id)).toEqual(['trade.created:succeeded:1']);
    });

    it('takes a configured period, and refuses a negative one', async () => {
      const week = await setup({ retentionDays: 7 });
      await week.core.trades.create(week.user, tradeBody());
      await week.worker.runOnce();
      week.clock.advance(7 * DAY + 1);
      expect(await week.worker.purge()).toBe(1);
      expect(() => h.core({ retentionDays: -1 })).toThrow(/retention/);
    });

    it('purges on its own timer while it delivers', async () => {
      const t = await setup();
      await t.core.trades.create(t.user, tradeBody());
      const timed = createDeliveryWorker(t.core, { pollMs: 20, purgeEveryMs: 20 });
      timed.start();
      try {
        await until(async () => (await t.list(t.all.id)).join() === 'trade.created:succeeded:1');
        t.clock.advance(31 * DAY);
        await until(async () => (await t.list(t.all.id)).length === 0);
      } finally {
        await timed.stop();
      }
      expect(await t.list(t.all.id)).toEqual([]);
    });

    // One SQLite database is served by one process (its connection is synchronous): concurrent
    // purges are a PostgreSQL matter.
    it.skipIf(db.name === 'sqlite')('two workers on one database purge each event once', async () => {
      const t = await setup();
      for (let i = 0; i < 6; i++) await t.core.trades.create(t.user, tradeBody({ notes: `n${i}` }));
      await t.worker.runOnce();
      t.clock.advance(31 * DAY);
      const second = await openStorage(h.url());
      const sender = createWebhookSender({ allowPrivateTargets: true });
      const other = createCore({ storage: second, clock: { now: t.clock.now }, webhooks: { sender, allowPrivateTargets: true } });
      try {
        const purged = await Promise.all([
          createDeliveryWorker(t.core, { purgeBatch: 1 }).purge(),
          createDeliveryWorker(other, { purgeBatch: 1 }).purge(),
        ]);
        expect(purged[0] + purged[1]).toBe(6);
        expect(await t.list(t.all.id)).toEqual([]);
      } finally {
        await sender.close();
        await second.close();
      }
    });
  });
}

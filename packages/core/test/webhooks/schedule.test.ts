import { createDeliveryWorker, type Delivery } from '@tj/core';
import { FAILING_DEACTIVATION_MS } from '@tj/core/internal';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { type Receiver, type Reply, startReceiver } from '../../../../test/webhooks/support/receiver.js';
import { deliveriesOf, newUserId, tradeBody, useWebhookStorage } from './support.js';

const DAY = 86_400_000;
const waitOf = (d: Delivery | undefined) => Date.parse(d?.nextAttemptAt ?? '') - Date.parse(d?.updatedAt ?? '');

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`webhook retries on ${db.name}`, () => {
    const h = useWebhookStorage(db);
    let receiver: Receiver | undefined;
    afterEach(async () => {
      await receiver?.close();
      receiver = undefined;
    });

    async function setup(replies: Reply[], retrySchedule: number[]) {
      receiver = await startReceiver((_r, i) => replies[i] ?? { status: 200 });
      const { core, clock } = h.core({ retrySchedule });
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: `${receiver.url}/in`, events: ['trade.created'] });
      const worker = createDeliveryWorker(core);
      const last = async () => (await deliveriesOf(core, user, hook.id)).at(-1);
      return { core, clock, user, hook, worker, last, receiver };
    }

    it('retries on the jittered schedule with the same event id until a 2xx, honouring Retry-After', async () => {
      const t = await setup([{ status: 500 }, { status: 503, headers: { 'retry-after': '45' } }], [0, 10, 20]);
      await t.core.trades.create(t.user, tradeBody());
      expect(await t.worker.runOnce()).toBe(1);
      let d = await t.last();
      expect(d).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, error: 'answered 500' });
      expect(waitOf(d)).toBeGreaterThanOrEqual(8000);
      expect(waitOf(d)).toBeLessThanOrEqual(12_000);
      expect(await t.worker.runOnce()).toBe(0);

      t.clock.set(Date.parse(d?.nextAttemptAt ?? ''));
      expect(await t.worker.runOnce()).toBe(1);
      d = await t.last();
      expect(d).toMatchObject({ status: 'pending', attempts: 2, responseStatus: 503 });
      expect(waitOf(d)).toBe(45_000);

      t.clock.advance(44_999);
      expect(await t.worker.runOnce()).toBe(0);
      t.clock.advance(1);
      expect(await t.worker.runOnce()).toBe(1);
      d = await t.last();
      expect(d).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 200, nextAttemptAt: null, error: null });
      const ids = t.receiver.received.map((r) => JSON.parse(r.body).id);
      expect(ids).toHaveLength(3);
      expect(new Set(ids).size).toBe(1);
      expect(t.receiver.received.map((r) => r.headers['x-webhook-id'])).toEqual(ids);
    });

    it('lets a shorter Retry-After wait for the schedule, and ignores it on a 500', async () => {
      const t = await setup(
        [
          { status: 429, headers: { 'retry-after': '1' } },
          { status: 500, headers: { 'retry-after': '3600' } },
        ],
        [0, 10, 20],
      );
      await t.core.trades.create(t.user, tradeBody());
      await t.worker.runOnce();
      const first = await t.last();
      expect(waitOf(first)).toBeGreaterThanOrEqual(8000);
      t.clock.set(Date.parse(first?.nextAttemptAt ?? ''));
      await t.worker.runOnce();
      const second = await t.last();
      expect(waitOf(second)).toBeGreaterThanOrEqual(16_000);
      expect(waitOf(second)).toBeLessThanOrEqual(24_000);
    });

    it('marks the delivery failed after the last scheduled attempt and keeps the webhook active', async () => {
      const t = await setup([{ status: 500 }, { status: 502 }, { status: 200 }], [0, 1]);
      await t.core.trades.create(t.user, tradeBody());
      await t.worker.runOnce();
      t.clock.advance(1200);
      await t.worker.runOnce();
      t.clock.advance(DAY);
      expect(await t.worker.runOnce()).toBe(0);
      expect(await t.last()).toMatchObject({
        status: 'failed',
        attempts: 2,
        responseStatus: 502,
        nextAttemptAt: null,
        error: 'answered 502',
      });
      expect((await t.core.webhooks.list(t.user)).webhooks[0]?.active).toBe(true);
      expect(t.receiver.received).toHaveLength(2);
    });

    it('deactivates a webhook whose every attempt has failed for 5 days', async () => {
      const t = await setup(new Array(10).fill({ status: 500 }), [0]);
      const start = t.clock.now();
      for (const day of [0, 2, 4]) {
        t.clock.set(start + day * DAY);
        await t.core.trades.create(t.user, tradeBody());
        expect(await t.worker.runOnce()).toBe(1);
      }
      expect((await t.core.webhooks.list(t.user)).webhooks[0]?.active).toBe(true);
      t.clock.set(start + FAILING_DEACTIVATION_MS);
      await t.core.trades.create(t.user, tradeBody());
      await t.worker.runOnce();
      expect((await t.core.webhooks.list(t.user)).webhooks[0]?.active).toBe(false);
      expect((await t.last())?.error).toBe('answered 500; every attempt failed for 5 days: the webhook was deactivated');
      await t.core.trades.create(t.user, tradeBody());
      expect(await t.worker.runOnce()).toBe(0);
    });

    it('starts the 5 days again after a successful attempt', async () => {
      const t = await setup([{ status: 500 }, { status: 200 }, { status: 500 }, { status: 500 }, { status: 500 }], [0]);
      const start = t.clock.now();
      for (const day of [0, 3, 5, 7]) {
        t.clock.set(start + day * DAY);
        await t.core.trades.create(t.user, tradeBody());
        await t.worker.runOnce();
      }
      expect((await t.core.webhooks.list(t.user)).webhooks[0]?.active).toBe(true);
      t.clock.set(start + 10 * DAY);
      await t.core.trades.create(t.user, tradeBody());
      await t.worker.runOnce();
      expect((await t.core.webhooks.list(t.user)).webhooks[0]?.active).toBe(false);
    });
  });
}

import { createDeliveryWorker } from '@tj/core';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { type Receiver, type Reply, startReceiver } from '../../../../test/webhooks/support/receiver.js';
import { deliveriesOf, newUserId, tradeBody, useWebhookStorage } from './support.js';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`the delivery log on ${db.name}`, () => {
    const h = useWebhookStorage(db);
    let receiver: Receiver | undefined;
    afterEach(async () => {
      await receiver?.close();
      receiver = undefined;
    });

    async function setup(replies: Reply[]) {
      receiver = await startReceiver((_r, i) => replies[i] ?? { status: 200, body: 'ok' });
      const { core, clock } = h.core({ retrySchedule: [0, 10, 20] });
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: `${receiver.url}/in`, events: ['trade.created'] });
      return { core, clock, user, hook, worker: createDeliveryWorker(core) };
    }

    it('keeps every attempt of a delivery, numbered, with its time, answer, duration, error and answer body', async () => {
      const t = await setup([
        { status: 500, body: 'database down' },
        { status: 503, body: 'still down' },
        { status: 200, body: '{"ok":true}' },
      ]);
      await t.core.trades.create(t.user, tradeBody());
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const [before] = await deliveriesOf(t.core, t.user, t.hook.id);
        if (before?.nextAttemptAt) t.clock.set(Date.parse(before.nextAttemptAt));
        times.push(t.clock.now());
        expect(await t.worker.runOnce()).toBe(1);
      }
      const [d] = await deliveriesOf(t.core, t.user, t.hook.id);
      expect(d).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 200, error: null });
      expect(d?.attemptLog).toEqual([
        {
          number: 1,
          at: new Date(times[0] as number).toISOString(),
          responseStatus: 500,
          durationMs: expect.any(Number),
          error: 'answered 500',
          responseBody: 'database down',
        },
        {
          number: 2,
          at: new Date(times[1] as number).toISOString(),
          responseStatus: 503,
          durationMs: expect.any(Number),
          error: 'answered 503',
          responseBody: 'still down',
        },
        {
          number: 3,
          at: new Date(times[2] as number).toISOString(),
          responseStatus: 200,
          durationMs: expect.any(Number),
          error: null,
          responseBody: '{"ok":true}',
        },
      ]);
    });

    it('logs an attempt that got no answer with a null status and body', async () => {
      const t = await setup([]);
      await t.core.webhooks.delete(t.user, t.hook.id);
      const dead = await t.core.webhooks.create(t.user, { url: 'http://127.0.0.1:9/in', events: ['trade.created'] });
      await t.core.trades.create(t.user, tradeBody());
      await t.worker.runOnce();
      const [d] = await deliveriesOf(t.core, t.user, dead.id);
      expect(d?.attemptLog).toEqual([
        {
          number: 1,
          at: expect.any(String),
          responseStatus: null,
          durationMs: expect.any(Number),
          error: 'connection refused',
          responseBody: null,
        },
      ]);
    });

    it('adds a redelivery to the same log, continuing the count', async () => {
      const t = await setup([{ status: 500 }, { status: 500 }, { status: 500 }, { status: 201, body: 'created' }]);
      await t.core.trades.create(t.user, tradeBody());
      for (let i = 0; i < 3; i++) {
        const [before] = await deliveriesOf(t.core, t.user, t.hook.id);
        if (before?.nextAttemptAt) t.clock.set(Date.parse(before.nextAttemptAt));
        await t.worker.runOnce();
      }
      const [failed] = await deliveriesOf(t.core, t.user, t.hook.id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
      t.clock.advance(60_000);
      const again = await t.core.webhooks.redeliver(t.user, t.hook.id, failed?.id ?? '');
      expect(again).toMatchObject({ id: failed?.id, status: 'succeeded', attempts: 4, responseStatus: 201 });
      expect(again.attemptLog.map((a) => [a.number, a.responseStatus, a.responseBody])).toEqual([
        [1, 500, ''],
        [2, 500, ''],
        [3, 500, ''],
        [4, 201, 'created'],
      ]);
      expect(again.attemptLog[3]?.at).toBe(new Date(t.clock.now()).toISOString());
    });

    it('logs the test delivery and the unsent attempt of an inactive webhook', async () => {
      const t = await setup([{ status: 410, body: 'gone for good' }]);
      await t.core.trades.create(t.user, tradeBody());
      const outcome = await t.core.webhooks.test(t.user, t.hook.id);
      expect(outcome).toMatchObject({ delivered: false, statusCode: 410 });
      await t.worker.runOnce();
      const [queued, tested] = await deliveriesOf(t.core, t.user, t.hook.id);
      expect(tested?.event).toBe('webhook.test');
      expect(tested?.attemptLog).toEqual([
        expect.objectContaining({ number: 1, responseStatus: 410, responseBody: 'gone for good', error: expect.any(String) }),
      ]);
      expect(queued?.attemptLog).toEqual([
        expect.objectContaining({ number: 1, responseStatus: null, durationMs: null, error: 'the webhook is inactive' }),
      ]);
    });

    it('deletes the log with its webhook', async () => {
      const t = await setup([{ status: 500 }]);
      await t.core.trades.create(t.user, tradeBody());
      await t.worker.runOnce();
      const [d] = await deliveriesOf(t.core, t.user, t.hook.id);
      expect(await h.storage().repos.outbox.listAttempts(t.user, [d?.id ?? ''])).toHaveLength(1);
      await t.core.webhooks.delete(t.user, t.hook.id);
      expect(await h.storage().repos.outbox.listAttempts(t.user, [d?.id ?? ''])).toEqual([]);
    });
  });
}

import { coreDeps } from '@tj/core/internal';
import { createDeliveryWorker } from '@tj/core';
import { verifyWebhookSignature, WEBHOOK_USER_AGENT } from '@tj/core/internal';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { type Receiver, startReceiver } from '../../../../test/webhooks/support/receiver.js';
import { deliveriesOf, newUserId, tradeBody, useWebhookStorage } from './support.js';

const SECRET = 'receiver-shared-secret-0123456789';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`webhook delivery on ${db.name}`, () => {
    const h = useWebhookStorage(db);
    let receiver: Receiver | undefined;
    afterEach(async () => {
      await receiver?.close();
      receiver = undefined;
    });

    it('sends every subscribed event once, signed so the receiver can verify it', async () => {
      receiver = await startReceiver();
      const { core, clock } = h.core();
      clock.set(Date.now()); // the Standard Webhooks library refuses timestamps more than 5 minutes off
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, {
        url: `${receiver.url}/hook`,
        events: ['trade.created', 'trade.closed'],
        secret: SECRET,
      });
      const trade = await core.trades.create(user, tradeBody({ exitPrice: 110, exitTime: '2026-11-20T11:00:00Z' }));
      await core.trades.update(user, trade.id, { notes: 'not subscribed: trade.updated' });
      const worker = createDeliveryWorker(core);
      expect(await worker.runOnce()).toBe(2);

      expect(receiver.received.map((r) => JSON.parse(r.body).event).sort()).toEqual(['trade.closed', 'trade.created']);
      const standard = new Webhook(`whsec_${Buffer.from(SECRET).toString('base64')}`);
      for (const r of receiver.received) {
        const payload = JSON.parse(r.body);
        expect(Object.keys(payload)).toEqual(['id', 'event', 'timestamp', 'data']);
        expect(r.method).toBe('POST');
        expect(r.path).toBe('/hook');
        expect(verifyWebhookSignature(r.body, r.headers['x-webhook-signature'] as string, SECRET)).toBe(true);
        expect(verifyWebhookSignature(r.body, r.headers['x-webhook-signature'] as string, 'wrong secret')).toBe(false);
        expect(standard.verify(r.body, r.headers as Record<string, string>)).toEqual(payload);
        expect(r.headers).toMatchObject({
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
          'x-webhook-event': payload.event,
          'x-webhook-id': payload.id,
          'webhook-id': payload.id,
          'x-webhook-timestamp': String(Math.floor(coreDeps(core).clock.now() / 1000)),
        });
        expect(r.headers['webhook-timestamp']).toBe(r.headers['x-webhook-timestamp']);
      }
      const created = receiver.received.map((r) => JSON.parse(r.body)).find((p) => p.event === 'trade.created');
      expect(created.data).toMatchObject({ id: trade.id, instrument: 'ES', exitPrice: 110, result: 20 });
      const closed = receiver.received.map((r) => JSON.parse(r.body)).find((p) => p.event === 'trade.closed');
      expect(closed.data).toMatchObject({ tradeId: trade.id, instrument: 'ES', result: 20, rMultiple: 2 });

      const deliveries = await deliveriesOf(core, user, hook.id);
      expect(deliveries.map((d) => [d.status, d.attempts, d.responseStatus, d.nextAttemptAt, d.error])).toEqual([
        ['succeeded', 1, 200, null, null],
        ['succeeded', 1, 200, null, null],
      ]);
      expect(await worker.runOnce()).toBe(0);
    });

    it('answers 3xx with a failure and never follows the redirect', async () => {
      receiver = await startReceiver((r) =>
        r.path === '/hook' ? { status: 302, headers: { location: '/elsewhere' } } : { status: 200 },
      );
      const { core } = h.core();
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: `${receiver.url}/hook`, events: ['*'] });
      await core.trades.create(user, tradeBody());
      await createDeliveryWorker(core).runOnce();
      expect(receiver.received.map((r) => r.path)).toEqual(['/hook']);
      const [d] = await deliveriesOf(core, user, hook.id);
      expect(d).toMatchObject({
        status: 'pending',
        attempts: 1,
        responseStatus: 302,
        error: 'answered 302: redirects are not followed',
      });
    });

    it('times out a receiver that never answers and schedules a retry', async () => {
      receiver = await startReceiver(() => 'hang');
      const { core, clock } = h.core({ timeoutMs: 300 });
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: `${receiver.url}/slow`, events: ['trade.created'] });
      await core.trades.create(user, tradeBody());
      await createDeliveryWorker(core).runOnce();
      expect(receiver.received).toHaveLength(1);
      const [d] = await deliveriesOf(core, user, hook.id);
      expect(d).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null, error: 'timed out after 300 ms' });
      const wait = Date.parse(d?.nextAttemptAt ?? '') - clock.now();
      expect(wait).toBeGreaterThanOrEqual(4000);
      expect(wait).toBeLessThanOrEqual(6000);
    });

    it('deactivates the webhook at once on 410 and fails its other pending deliveries unsent', async () => {
      receiver = await startReceiver(() => ({ status: 410 }));
      const { core } = h.core();
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: `${receiver.url}/gone`, events: ['trade.created'] });
      await core.trades.create(user, tradeBody());
      const worker = createDeliveryWorker(core, { concurrency: 1 });
      expect(await worker.runOnce()).toBe(1);
      await core.trades.create(user, tradeBody());
      expect((await core.webhooks.list(user)).webhooks.map((w) => w.active)).toEqual([false]);
      expect(await deliveriesOf(core, user, hook.id)).toMatchObject([
        {
          status: 'failed',
          attempts: 1,
          responseStatus: 410,
          nextAttemptAt: null,
          error: 'answered 410 Gone: the webhook was deactivated',
        },
      ]);
      expect(receiver.received).toHaveLength(1);
    });

    it('marks a still-pending delivery of a deactivated webhook failed without sending it', async () => {
      receiver = await startReceiver(() => ({ status: 410 }));
      const { core } = h.core();
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: `${receiver.url}/gone`, events: ['trade.created'] });
      await core.trades.create(user, tradeBody());
      await core.trades.create(user, tradeBody());
      const worker = createDeliveryWorker(core, { concurrency: 1 });
      await worker.runOnce();
      await worker.runOnce();
      expect(receiver.received).toHaveLength(1);
      expect((await deliveriesOf(core, user, hook.id)).map((d) => [d.status, d.responseStatus, d.error])).toEqual([
        ['failed', 410, 'answered 410 Gone: the webhook was deactivated'],
        ['failed', null, 'the webhook is inactive'],
      ]);
    });

    it('sends an attempt again with the same event id when its claim lapsed without a record (a crashed worker)', async () => {
      receiver = await startReceiver();
      const { core, clock } = h.core();
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: `${receiver.url}/in`, events: ['trade.created'] });
      await core.trades.create(user, tradeBody());
      const [lost] = await h.storage().repos.outbox.claimDue(clock.now(), 2000, 100);
      expect(lost?.delivery.webhookId).toBe(hook.id);
      const worker = createDeliveryWorker(core, { leaseMs: 2000 });
      expect(await worker.runOnce()).toBe(0);
      clock.advance(2000);
      expect(await worker.runOnce()).toBe(1);
      expect(JSON.parse(receiver.received[0]?.body ?? '{}').id).toBe(lost?.delivery.eventId);
      const stale = {
        userId: user,
        id: lost?.delivery.id ?? '',
        status: 'succeeded' as const,
        nextAttemptAt: null,
        responseStatus: 200,
        durationMs: 1,
        error: null,
        responseBody: null,
      };
      expect(
        await h
          .storage()
          .repos.outbox.recordAttempts([{ ...stale, leaseUntil: lost?.delivery.leaseUntil ?? 0, at: clock.now() }]),
      ).toEqual([false]);
      const [after] = await deliveriesOf(core, user, hook.id);
      expect([after?.status, after?.attempts, after?.attemptLog.map((a) => a.number)]).toEqual(['succeeded', 1, [1]]);
    });
  });
}

import { coreDeps } from '@tj/core/internal';
import { type Core, CoreError, createDeliveryWorker } from '@tj/core';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { type Receiver, startReceiver } from '../../../../test/webhooks/support/receiver.js';
import { deliveriesOf, newUserId, tradeBody, useWebhookStorage } from './support.js';

async function failure(fn: () => Promise<unknown>): Promise<CoreError> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof CoreError) return e;
    throw e;
  }
  throw new Error('expected a CoreError');
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`webhooks service on ${db.name}`, () => {
    const h = useWebhookStorage(db);
    let receiver: Receiver | undefined;
    afterEach(async () => {
      await receiver?.close();
      receiver = undefined;
    });

    it('makes a whsec_ secret of 32 random bytes when none is sent and returns it only from create', async () => {
      const { core } = h.core();
      const user = newUserId(core);
      const created = await core.webhooks.create(user, { url: 'https://hooks.example.com/in', events: ['trade.closed'] });
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
      expect(created).toMatchObject({ url: 'https://hooks.example.com/in', events: ['trade.closed'], active: true });
      const other = await core.webhooks.create(user, {
        url: 'https://hooks.example.com/in',
        events: ['*'],
        secret: 'my own secret, long enough',
      });
      expect(other.secret).toBe('my own secret, long enough');
      const { webhooks } = await core.webhooks.list(user);
      expect(webhooks.map((w) => w.id)).toEqual([created.id, other.id]);
      expect(webhooks.every((w) => !('secret' in w))).toBe(true);
      expect(await core.webhooks.list(newUserId(core))).toEqual({ webhooks: [] });
    });

    it('refuses localhost, loopback literals and IPv4-mapped loopback unless private targets are allowed', async () => {
      const { core } = h.core({ allowPrivateTargets: false });
      const user = newUserId(core);
      for (const url of [
        'http://localhost:8080/hook',
        'http://127.0.0.1/x',
        'http://[::ffff:127.0.0.1]/x',
        'http://[::1]/x',
        'http://169.254.169.254/latest',
        'http://10.0.0.7/',
      ]) {
        const e = await failure(() => core.webhooks.create(user, { url, events: ['*'] }));
        expect(e.code).toBe('validation_failed');
        expect(e.errors?.[0]?.path).toBe('url');
      }
      const open = h.core({ allowPrivateTargets: true }).core;
      const hook = await open.webhooks.create(user, { url: 'http://[::ffff:127.0.0.1]:9/x', events: ['*'] });
      expect(hook.url).toBe('http://[::ffff:7f00:1]:9/x');
    });

    it('refuses a URL that is not http(s) or an unknown event', async () => {
      const { core } = h.core();
      const user = newUserId(core);
      expect((await failure(() => core.webhooks.create(user, { url: 'ftp://example.com/', events: ['*'] }))).code).toBe(
        'validation_failed',
      );
      expect(
        (await failure(() => core.webhooks.create(user, { url: 'https://example.com/', events: ['trade.exploded'] }))).code,
      ).toBe('validation_failed');
      expect((await failure(() => core.webhooks.create(user, { url: 'https://example.com/', events: [] }))).code).toBe(
        'validation_failed',
      );
    });

    it('test sends webhook.test at once and answers the outcome, which the deliveries list shows', async () => {
      receiver = await startReceiver((_r, i) => (i === 0 ? { status: 204 } : { status: 500 }));
      const { core } = h.core();
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: `${receiver.url}/t`, events: ['journal.created'] });
      const ok = await core.webhooks.test(user, hook.id);
      expect(ok).toEqual({ delivered: true, statusCode: 204, durationMs: expect.any(Number), error: null });
      const payload = JSON.parse(receiver.received[0]?.body ?? '{}');
      expect(payload).toMatchObject({ event: 'webhook.test', data: { webhookId: hook.id } });
      expect(receiver.received[0]?.headers['x-webhook-event']).toBe('webhook.test');
      expect(await core.webhooks.test(user, hook.id)).toMatchObject({ delivered: false, statusCode: 500, error: 'answered 500' });
      expect((await deliveriesOf(core, user, hook.id)).map((d) => [d.event, d.status, d.responseStatus, d.attempts])).toEqual([
        ['webhook.test', 'succeeded', 204, 1],
        ['webhook.test', 'failed', 500, 1],
      ]);
      expect(await createDeliveryWorker(core).runOnce()).toBe(0);
    });

    it('test answers a connection failure without a status, and not_found for another user', async () => {
      receiver = await startReceiver();
      const url = `${receiver.url}/t`;
      await receiver.close();
      receiver = undefined;
      const { core } = h.core();
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url, events: ['*'] });
      expect(await core.webhooks.test(user, hook.id)).toMatchObject({
        delivered: false,
        statusCode: null,
        error: 'connection refused',
      });
      expect((await failure(() => core.webhooks.test(newUserId(core), hook.id))).code).toBe('not_found');
      expect((await failure(() => core.webhooks.test(user, 'not-a-uuid'))).code).toBe('not_found');
    });

    it('a test on a webhook that answers 410 deactivates it, and a later successful test reactivates it', async () => {
      receiver = await startReceiver((_r, i) => (i === 0 ? { status: 410 } : { status: 200 }));
      const { core } = h.core();
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: `${receiver.url}/t`, events: ['*'] });
      expect(await core.webhooks.test(user, hook.id)).toMatchObject({ delivered: false, statusCode: 410 });
      expect((await core.webhooks.get(user, hook.id)).active).toBe(false);
      expect(await core.webhooks.test(user, hook.id)).toMatchObject({ delivered: true, statusCode: 200 });
      expect((await core.webhooks.get(user, hook.id)).active).toBe(true);
    });

    it('redelivers a failed delivery at once with the same event id; a pending one is a conflict', async () => {
      let healthy = false;
      receiver = await startReceiver(() => ({ status: healthy ? 200 : 500 }));
      const { core } = h.core({ retrySchedule: [0] });
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: `${receiver.url}/r`, events: ['trade.created'] });
      await core.trades.create(user, tradeBody());
      const [pending] = await deliveriesOf(core, user, hook.id);
      expect((await failure(() => core.webhooks.redeliver(user, hook.id, pending?.id ?? ''))).code).toBe('conflict');
      await createDeliveryWorker(core).runOnce();
      const [failed] = await deliveriesOf(core, user, hook.id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
      healthy = true;
      const again = await core.webhooks.redeliver(user, hook.id, failed?.id ?? '');
      expect(again).toMatchObject({
        id: failed?.id,
        status: 'succeeded',
        attempts: 2,
        responseStatus: 200,
        error: null,
        nextAttemptAt: null,
      });
      const ids = receiver.received.map((r) => JSON.parse(r.body).id);
      expect(ids).toEqual([failed?.eventId, failed?.eventId]);
      expect((await failure(() => core.webhooks.redeliver(user, hook.id, coreDeps(core).ids.next()))).code).toBe('not_found');
      const other = await core.webhooks.create(user, { url: `${receiver.url}/o`, events: ['*'] });
      expect((await failure(() => core.webhooks.redeliver(user, other.id, failed?.id ?? ''))).code).toBe('not_found');
      expect((await failure(() => core.webhooks.redeliver(newUserId(core), hook.id, failed?.id ?? ''))).code).toBe('not_found');
    });

    it('lists deliveries newest first, paginated and filtered by status', async () => {
      const { core, clock } = h.core();
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: 'https://hooks.example.com/in', events: ['trade.created'] });
      for (let i = 0; i < 5; i++) {
        await core.trades.create(user, tradeBody({ notes: `t${i}` }));
        clock.advance(1000);
      }
      const page = await core.webhooks.deliveries(user, hook.id, { page: '2', limit: '2' });
      expect(page.pagination).toEqual({ page: 2, limit: 2, total: 5, pages: 3 });
      expect(page.deliveries.map((d) => d.createdAt)).toEqual(['2026-11-20T12:00:02.000Z', '2026-11-20T12:00:01.000Z']);
      expect((await core.webhooks.deliveries(user, hook.id, { status: 'failed' })).pagination.total).toBe(0);
      expect((await failure(() => core.webhooks.deliveries(user, hook.id, { limit: 101 }))).code).toBe('validation_failed');
      expect((await failure(() => core.webhooks.deliveries(user, coreDeps(core).ids.next(), {}))).code).toBe('not_found');
    });

    it('delete removes the webhook and its deliveries; another user cannot delete it', async () => {
      const { core } = h.core();
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: 'https://hooks.example.com/in', events: ['*'] });
      await core.trades.create(user, tradeBody());
      expect((await failure(() => core.webhooks.delete(newUserId(core), hook.id))).code).toBe('not_found');
      await core.webhooks.delete(user, hook.id);
      expect(await core.webhooks.list(user)).toEqual({ webhooks: [] });
      expect(await createDeliveryWorker(core).runOnce()).toBe(0);
      expect((await failure(() => core.webhooks.delete(user, hook.id))).code).toBe('not_found');
    });

    it('answers unavailable for a test when no sender is configured, and writes nothing', async () => {
      const { createCore } = await import('@tj/core');
      const bare: Core = createCore({ storage: h.storage() });
      const user = newUserId(bare);
      const hook = await bare.webhooks.create(user, { url: 'https://hooks.example.com/in', events: ['*'] });
      expect((await failure(() => bare.webhooks.test(user, hook.id))).code).toBe('unavailable');
      expect((await bare.webhooks.deliveries(user, hook.id, {})).pagination.total).toBe(0);
    });
  });
}

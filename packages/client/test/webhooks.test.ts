import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { constructEvent, type DeliveryAttempt } from '../src/index.js';
import { useServer } from './support/server.js';

/** A loopback receiver that keeps every delivery's raw body and headers and answers 200. */
function useReceiver() {
  const received: { body: Buffer; headers: IncomingHttpHeaders }[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ body: Buffer.concat(chunks), headers: req.headers });
    res.writeHead(200).end('ok');
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { received, url: () => url };
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`webhooks round trips on ${db.name}`, () => {
    const server = useServer(db);
    const receiver = useReceiver();

    it('create (secret shown once), list, test, deliveries, redeliver and delete; deliveries verify with constructEvent', async () => {
      const { client } = await server().loggedIn();
      const created = await client.webhooks.create({ url: receiver.url(), events: ['trade.closed', 'journal.created'] });
      expect(created).toMatchObject({ url: receiver.url(), events: ['trade.closed', 'journal.created'], active: true });
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const { webhooks } = await client.webhooks.list();
      expect(webhooks).toEqual([
        {
          id: created.id,
          url: created.url,
          events: created.events,
          active: true,
          createdAt: created.createdAt,
          updatedAt: created.updatedAt,
        },
      ]);

      const outcome = await client.webhooks.test(created.id);
      expect(outcome).toMatchObject({ delivered: true, statusCode: 200, error: null });
      expect(receiver.received).toHaveLength(1);
      const first = receiver.received[0]!;
      const event = await constructEvent(first.body, first.headers, created.secret, { toleranceSeconds: 60 });
      expect(event).toMatchObject({ event: 'webhook.test', data: { webhookId: created.id } });
      await expect(constructEvent(first.body, first.headers, 'not-the-secret-of-this-hook')).rejects.toMatchObject({
        reason: 'invalid_signature',
      });

      const { deliveries, pagination } = await client.webhooks.deliveries(created.id, { status: 'succeeded' });
      expect(pagination.total).toBe(1);
      expect(deliveries[0]).toMatchObject({
        webhookId: created.id,
        eventId: event.id,
        event: 'webhook.test',
        status: 'succeeded',
        attempts: 1,
        responseStatus: 200,
      });

      const again = await client.webhooks.redeliver(created.id, deliveries[0]!.id);
      expect(again).toMatchObject({ id: deliveries[0]!.id, status: 'succeeded', attempts: 2 });
      const log: DeliveryAttempt[] = again.attemptLog;
      expect(log.map((a) => [a.number, a.responseStatus, a.error])).toEqual([
        [1, 200, null],
        [2, 200, null],
      ]);
      expect(receiver.received).toHaveLength(2);
      const second = receiver.received[1]!;
      expect((await constructEvent(second.body, second.headers, created.secret)).id).toBe(event.id);

      expect(await client.webhooks.delete(created.id)).toBeUndefined();
      expect((await client.webhooks.list()).webhooks).toEqual([]);
      await expect(client.webhooks.test(created.id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    });

    it('refuses an unknown event name with validation_failed naming the field', async () => {
      const { client } = await server().loggedIn();
      const error = await client.webhooks
        .create({ url: receiver.url(), events: ['trade.exploded' as 'trade.closed'] })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
      expect((error as { fieldErrors: { path: string }[] }).fieldErrors.map((e) => e.path)).toContain('events.0');
    });
  });
}

import { coreDeps } from '@tj/core/internal';
import { tradeCreateSchema } from '@tj/core';
import { insertTrade, type LocalDelivery, newTradeRow } from '@tj/core/internal';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { deliveriesOf, newUserId, tradeBody, useWebhookStorage } from './support.js';

const LEASE_UNTIL = Date.parse('2026-11-20T12:01:00.000Z');

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`outbox signal on ${db.name}`, () => {
    const h = useWebhookStorage(db);

    /** A core whose outbox hands deliveries to a recording dispatcher that takes up to `capacity`. */
    async function setup(capacity: number) {
      const { core } = h.core();
      const log: string[] = [];
      const handed: LocalDelivery[] = [];
      let notified = 0;
      core.webhooks.delivery.onOutbox(() => notified++);
      core.webhooks.delivery.attach({
        reserve(count) {
          const taken = Math.min(count, capacity);
          log.push(`reserve ${count} → ${taken}`);
          return { taken, leaseUntil: LEASE_UNTIL };
        },
        release: (count) => log.push(`release ${count}`),
        deliver(deliveries) {
          log.push(`deliver ${deliveries.length}`);
          handed.push(...deliveries);
        },
      });
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: 'https://hooks.example.com/in', events: ['*'] });
      return { core, log, handed, user, hook, notified: () => notified };
    }

    it('leases the deliveries the worker takes as they are written and hands them over after commit', async () => {
      const t = await setup(10);
      const trade = await t.core.trades.create(t.user, tradeBody({ exitPrice: 101, exitTime: '2026-11-20T11:00:00Z' }));
      expect(t.log).toEqual(['reserve 1 → 1', 'reserve 1 → 1', 'deliver 2']);
      expect(
        t.handed.map((d) => [
          d.delivery.eventType,
          d.delivery.leaseUntil,
          JSON.parse(d.payload).data.id ?? JSON.parse(d.payload).data.tradeId,
        ]),
      ).toEqual([
        ['trade.created', LEASE_UNTIL, trade.id],
        ['trade.closed', LEASE_UNTIL, trade.id],
      ]);
      const rows = await h.storage().repos.outbox.listDeliveries(t.user, t.hook.id, {}, { page: 1, limit: 10 });
      expect(rows.rows.map((d) => d.leaseUntil)).toEqual([LEASE_UNTIL, LEASE_UNTIL]);
      expect(t.notified()).toBe(1);
    });

    it('writes the deliveries it does not take unleased, for any worker to claim', async () => {
      const t = await setup(0);
      await t.core.trades.create(t.user, tradeBody());
      expect(t.log).toEqual(['reserve 1 → 0']);
      expect((await deliveriesOf(t.core, t.user, t.hook.id)).map((d) => d.status)).toEqual(['pending']);
      const [row] = (await h.storage().repos.outbox.listDeliveries(t.user, t.hook.id, {}, { page: 1, limit: 1 })).rows;
      expect(row?.leaseUntil).toBeNull();
      expect(t.notified()).toBe(1);
    });

    it('gives back what a rolled-back transaction reserved and hands nothing over', async () => {
      const t = await setup(10);
      const row = newTradeRow(coreDeps(t.core), t.user, tradeCreateSchema.parse(tradeBody()));
      await expect(
        coreDeps(t.core).storage.transaction(async (tx) => {
          await insertTrade(tx, coreDeps(t.core), row);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(t.log).toEqual(['reserve 1 → 1', 'release 1']);
      expect(t.handed).toEqual([]);
      expect(t.notified()).toBe(0);
    });
  });
}

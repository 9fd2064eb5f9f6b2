import type { Selectable } from 'kysely';
import { endFailingStreak } from './delivery-log-repo.js';
import type { WebhookRepo } from '../../storage/ports.js';
import type { WebhookRow } from '../../storage/rows.js';
import { userRow } from './common-queries.js';
import type { SqlContext } from './context.js';
import { jsonArray } from './row-values.js';
import type { Database } from './schema.js';

function fromRecord(r: Selectable<Database['webhooks']>): WebhookRow {
  return {
    userId: r.user_id,
    id: r.id,
    url: r.url,
    events: jsonArray(r.events),
    secret: r.secret,
    active: Boolean(r.active),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Webhook subscriptions on SQL. */
export function sqlWebhookRepo({ db }: SqlContext): WebhookRepo {
  return {
    async insert(w) {
      await db
        .insertInto('webhooks')
        .values({
          user_id: w.userId,
          id: w.id,
          url: w.url,
          events: JSON.stringify(w.events),
          secret: w.secret,
          active: w.active ? 1 : 0,
          created_at: w.createdAt,
          updated_at: w.updatedAt,
        })
        .execute();
    },
    async get(userId, id) {
      const r = await userRow(db, 'webhooks', userId, 'id', id);
      return r && fromRecord(r);
    },
    async list(userId) {
      const rows = await db
        .selectFrom('webhooks')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(fromRecord);
    },
    async delete(userId, id) {
      const deliveries = db.selectFrom('deliveries').select('id').where('user_id', '=', userId).where('webhook_id', '=', id);
      await db.deleteFrom('delivery_attempts').where('user_id', '=', userId).where('delivery_id', 'in', deliveries).execute();
      await db.deleteFrom('deliveries').where('user_id', '=', userId).where('webhook_id', '=', id).execute();
      const res = await db.deleteFrom('webhooks').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
    async setActive(userId, id, active, at) {
      await db
        .updateTable('webhooks')
        .set({ active: active ? 1 : 0, updated_at: at })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .execute();
    },
    async recordFailure(userId, id, at) {
      const r = await db
        .updateTable('webhooks')
        .set((eb) => ({ failing_since: eb.fn.coalesce('failing_since', eb.val(at)) }))
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returning('failing_since')
        .executeTakeFirst();
      return r?.failing_since === null || r?.failing_since === undefined ? at : Number(r.failing_since);
    },
    async recordSuccess(userId, id) {
      await endFailingStreak(userId, id).execute(db);
    },
    async listActive(userId) {
      const rows = await db.selectFrom('webhooks').selectAll().where('user_id', '=', userId).where('active', '=', 1).execute();
      return rows.map(fromRecord);
    },
  };
}

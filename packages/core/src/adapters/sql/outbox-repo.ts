import { type Selectable, sql } from 'kysely';
import type { DeliveryJob, OutboxRepo } from '../../storage/ports.js';
import type { DeliveryRow } from '../../storage/rows.js';
import { offsetOf, type SqlContext } from './context.js';
import type { Database } from './schema.js';

type DeliveryRecord = Selectable<Database['deliveries']>;

function fromRecord(r: DeliveryRecord): DeliveryRow {
  const n = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    userId: r.user_id,
    id: r.id,
    eventId: r.event_id,
    webhookId: r.webhook_id,
    eventType: r.event_type,
    status: r.status as DeliveryRow['status'],
    attempts: Number(r.attempts),
    nextAttemptAt: n(r.next_attempt_at),
    leaseUntil: n(r.lease_until),
    responseStatus: n(r.response_status),
    durationMs: n(r.duration_ms),
    error: r.error,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function toRecord(d: DeliveryRow): DeliveryRecord {
  return {
    user_id: d.userId,
    id: d.id,
    event_id: d.eventId,
    webhook_id: d.webhookId,
    event_type: d.eventType,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: d.nextAttemptAt,
    lease_until: d.leaseUntil,
    response_status: d.responseStatus,
    duration_ms: d.durationMs,
    error: d.error,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
  };
}

/** The event outbox and deliveries on SQL. */
export function sqlOutboxRepo({ db, dialect }: SqlContext): OutboxRepo {
  async function claimRows(now: number, leaseMs: number, limit: number): Promise<DeliveryRecord[]> {
    const lock = dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
    const result = await sql<DeliveryRecord>`
      UPDATE deliveries SET lease_until = ${now + leaseMs}, updated_at = ${now}
      WHERE (user_id, id) IN (
        SELECT user_id, id FROM deliveries
        WHERE status = 'pending' AND next_attempt_at <= ${now} AND (lease_until IS NULL OR lease_until <= ${now})
        ORDER BY next_attempt_at LIMIT ${limit} ${lock})
      RETURNING *`.execute(db);
    return result.rows;
  }

  return {
    async insertEvent(event, deliveries) {
      await db
        .insertInto('events')
        .values({ user_id: event.userId, id: event.id, type: event.type, payload: event.payload, created_at: event.createdAt })
        .execute();
      if (deliveries.length > 0) await db.insertInto('deliveries').values(deliveries.map(toRecord)).execute();
    },
    async getDelivery(userId, id) {
      const r = await db
        .selectFrom('deliveries')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return r && fromRecord(r);
    },
    async listDeliveries(userId, webhookId, query, page) {
      let q = db.selectFrom('deliveries').where('user_id', '=', userId).where('webhook_id', '=', webhookId);
      if (query.status !== undefined) q = q.where('status', '=', query.status);
      const rows = await q
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(offsetOf(page))
        .execute();
      const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      return { rows: rows.map(fromRecord), total: Number(count?.n ?? 0) };
    },
    async claimDue(now, leaseMs, limit) {
      const claimed = (await claimRows(now, leaseMs, limit)).map(fromRecord);
      if (claimed.length === 0) return [];
      const events = await db
        .selectFrom('events')
        .select(['user_id', 'id', 'payload'])
        .where((eb) => eb.or(claimed.map((d) => eb.and([eb('user_id', '=', d.userId), eb('id', '=', d.eventId)]))))
        .execute();
      const hooks = await db
        .selectFrom('webhooks')
        .select(['user_id', 'id', 'url', 'secret', 'created_at'])
        .where((eb) => eb.or(claimed.map((d) => eb.and([eb('user_id', '=', d.userId), eb('id', '=', d.webhookId)]))))
        .execute();
      const payloads = new Map(events.map((e) => [`${e.user_id}/${e.id}`, e.payload]));
      const targets = new Map(hooks.map((h) => [`${h.user_id}/${h.id}`, h]));
      const jobs: DeliveryJob[] = [];
      for (const d of claimed) {
        const payload = payloads.get(`${d.userId}/${d.eventId}`);
        const hook = targets.get(`${d.userId}/${d.webhookId}`);
        if (payload === undefined || hook === undefined) continue;
        jobs.push({ delivery: d, url: hook.url, secret: hook.secret, payload, webhookCreatedAt: Number(hook.created_at) });
      }
      return jobs;
    },
    async recordAttempt(a) {
      const res = await db
        .updateTable('deliveries')
        .set((eb) => ({
          status: a.status,
          attempts: eb('attempts', '+', 1),
          next_attempt_at: a.nextAttemptAt,
          lease_until: null,
          response_status: a.responseStatus,
          duration_ms: a.durationMs,
          error: a.error,
          updated_at: a.at,
        }))
        .where('user_id', '=', a.userId)
        .where('id', '=', a.id)
        .where('lease_until', '=', a.leaseUntil)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async requeue(userId, id, at) {
      await db
        .updateTable('deliveries')
        .set({ status: 'pending', next_attempt_at: at, lease_until: null, updated_at: at })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .execute();
    },
    async lastSuccessAt(userId, webhookId) {
      const r = await db
        .selectFrom('deliveries')
        .select((eb) => eb.fn.max('updated_at').as('t'))
        .where('user_id', '=', userId)
        .where('webhook_id', '=', webhookId)
        .where('status', '=', 'succeeded')
        .executeTakeFirst();
      return r?.t === null || r?.t === undefined ? null : Number(r.t);
    },
  };
}

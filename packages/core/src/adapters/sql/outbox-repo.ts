import { type Selectable, sql } from 'kysely';
import type { DeliveryJob, OutboxRepo } from '../../storage/ports.js';
import type { DeliveryRow } from '../../storage/rows.js';
import { newestFirstPage, userRow } from './common-queries.js';
import { runHot } from './hot-statements.js';
import type { SqlContext } from './context.js';
import { numberOrNull as n } from './row-values.js';
import { sqlDeliveryLog } from './delivery-log-repo.js';
import { sqlOutboxRetention } from './outbox-retention.js';
import type { Database } from './schema.js';

type DeliveryRecord = Selectable<Database['deliveries']>;

function fromRecord(r: DeliveryRecord): DeliveryRow {
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

/** The columns a claim joins to each delivery: its payload and its webhook (NULL when gone). */
const JOINED = sql`e.payload, w.url AS hook_url, w.secret AS hook_secret, w.created_at AS hook_created_at, w.active AS hook_active`;

/** Joins claimed deliveries with their event payloads and webhooks in one statement; orphans come back apart. */
async function jobsOf(ctx: SqlContext, claimed: DeliveryRow[]): Promise<{ jobs: DeliveryJob[]; orphans: DeliveryRow[] }> {
  if (claimed.length === 0) return { jobs: [], orphans: [] };
  const keys = ctx.caps.rowsTable(
    'c',
    [
      ['user_id', 'uuid'],
      ['id', 'uuid'],
      ['event_id', 'uuid'],
      ['webhook_id', 'uuid'],
    ],
    claimed.map((d) => [d.userId, d.id, d.eventId, d.webhookId]),
  );
  const rows = await runHot(
    ctx,
    sql<{ id: string } & ClaimJoin>`
    SELECT c.id, ${JOINED} FROM ${keys}
    LEFT JOIN events AS e ON e.user_id = c.user_id AND e.id = c.event_id
    LEFT JOIN webhooks AS w ON w.user_id = c.user_id AND w.id = c.webhook_id`,
  );
  const joined = new Map(rows.map((r) => [r.id, r]));
  return toJobs(
    claimed.map((d) => {
      const r = joined.get(d.id);
      return { d, payload: r?.payload, hook: r && targetOf(r) };
    }),
  );
}

/** What a claimed delivery needs of its webhook. */
interface Target {
  url: string;
  secret: string;
  created_at: number | string;
  active: number | string;
}

/** Claimed deliveries with their payloads and webhooks as jobs; those missing either are orphans. */
function toJobs(claimed: Array<{ d: DeliveryRow; payload: string | null | undefined; hook: Target | null | undefined }>) {
  const jobs: DeliveryJob[] = [];
  const orphans: DeliveryRow[] = [];
  for (const { d, payload, hook } of claimed) {
    if (payload === undefined || payload === null || hook === undefined || hook === null) {
      orphans.push(d);
      continue;
    }
    jobs.push({
      delivery: d,
      url: hook.url,
      secret: hook.secret,
      payload,
      webhookCreatedAt: Number(hook.created_at),
      active: Boolean(Number(hook.active)),
    });
  }
  return { jobs, orphans };
}

/** The columns PostgreSQL's claim joins to each leased delivery (NULL when its event or webhook is gone). */
interface ClaimJoin {
  payload: string | null;
  hook_url: string | null;
  hook_secret: string | null;
  hook_created_at: number | string | null;
  hook_active: number | string | null;
}

function targetOf(r: ClaimJoin): Target | undefined {
  if (r.hook_url == null || r.hook_secret == null || r.hook_created_at == null || r.hook_active == null) return undefined;
  return { url: r.hook_url, secret: r.hook_secret, created_at: r.hook_created_at, active: r.hook_active };
}

/** The event outbox and deliveries on SQL. */
export function sqlOutboxRepo(ctx: SqlContext): OutboxRepo {
  const { db, caps } = ctx;
  /** Leases up to `limit` due deliveries and joins them to their payloads and webhooks. */
  async function claim(now: number, leaseMs: number, limit: number): Promise<{ jobs: DeliveryJob[]; orphans: DeliveryRow[] }> {
    const due = sql`status = 'pending' AND next_attempt_at <= ${now} AND (lease_until IS NULL OR lease_until <= ${now})`;
    if (caps.skipLocked) {
      // The locked, skipped-if-taken selection is materialised once; the UPDATE then leases exactly
      // those rows, and the same statement brings their payloads and webhooks (NULL when gone).
      // The rows are updated at their physical addresses (ctid: stable, as this statement holds
      // their locks): a join on the keys made the planner read a small table whole.
      const rows = await runHot(
        ctx,
        sql<DeliveryRecord & ClaimJoin>`
        WITH due AS MATERIALIZED (
          SELECT ctid AS address FROM deliveries WHERE ${due}
          ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED),
        claimed AS (
          UPDATE deliveries AS d SET lease_until = ${now + leaseMs}, updated_at = ${now}
          WHERE d.ctid = ANY (ARRAY(SELECT address FROM due))
          RETURNING d.*)
        SELECT c.*, ${JOINED}
        FROM claimed AS c
        LEFT JOIN events AS e ON e.user_id = c.user_id AND e.id = c.event_id
        LEFT JOIN webhooks AS w ON w.user_id = c.user_id AND w.id = c.webhook_id`,
      );
      return toJobs(rows.map((r) => ({ d: fromRecord(r), payload: r.payload, hook: targetOf(r) })));
    }
    // One writer at a time: the single UPDATE … RETURNING is the claim.
    const claimed = await runHot(
      ctx,
      sql<DeliveryRecord>`
      UPDATE deliveries SET lease_until = ${now + leaseMs}, updated_at = ${now}
      WHERE (user_id, id) IN (SELECT user_id, id FROM deliveries WHERE ${due} ORDER BY next_attempt_at LIMIT ${limit})
      RETURNING *`,
    );
    return jobsOf(ctx, claimed.map(fromRecord));
  }

  async function failOrphans(orphans: DeliveryRow[], now: number): Promise<void> {
    for (const d of orphans) {
      await db
        .updateTable('deliveries')
        .set({
          status: 'failed',
          next_attempt_at: null,
          lease_until: null,
          error: 'the webhook or the event no longer exists',
          updated_at: now,
        })
        .where('user_id', '=', d.userId)
        .where('id', '=', d.id)
        .execute();
    }
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
      const r = await userRow(db, 'deliveries', userId, 'id', id);
      return r && fromRecord(r);
    },
    async listDeliveries(userId, webhookId, query, page) {
      let q = db.selectFrom('deliveries').where('user_id', '=', userId).where('webhook_id', '=', webhookId);
      if (query.status !== undefined) q = q.where('status', '=', query.status);
      const { rows, total } = await newestFirstPage(q, 'created_at', page);
      return { rows: rows.map(fromRecord), total };
    },
    async claimDue(now, leaseMs, limit) {
      const { jobs, orphans } = await claim(now, leaseMs, limit);
      await failOrphans(orphans, now);
      return jobs;
    },
    async claimOne(userId, id, now, leaseMs) {
      const r = await db
        .updateTable('deliveries')
        .set({ status: 'pending', next_attempt_at: now, lease_until: now + leaseMs, updated_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where('status', '<>', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (!r) return undefined;
      const { jobs, orphans } = await jobsOf(ctx, [fromRecord(r)]);
      await failOrphans(orphans, now);
      return jobs[0];
    },
    ...sqlDeliveryLog(ctx),
    ...sqlOutboxRetention(ctx),
  };
}

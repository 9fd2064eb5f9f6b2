import { type Selectable, sql } from 'kysely';
import type { AttemptRecord, OutboxRepo } from '../../storage/ports.js';
import type { AttemptRow } from '../../storage/rows.js';
import { numberOrNull as n, type SqlContext } from './context.js';
import type { Database } from './schema.js';

type AttemptRecordRow = Selectable<Database['delivery_attempts']>;

function fromRecord(r: AttemptRecordRow): AttemptRow {
  return {
    userId: r.user_id,
    deliveryId: r.delivery_id,
    number: Number(r.number),
    at: Number(r.at),
    responseStatus: n(r.response_status),
    durationMs: n(r.duration_ms),
    error: r.error,
    responseBody: r.response_body,
  };
}

function toRecord(a: AttemptRow): AttemptRecordRow {
  return {
    user_id: a.userId,
    delivery_id: a.deliveryId,
    number: a.number,
    at: a.at,
    response_status: a.responseStatus,
    duration_ms: a.durationMs,
    error: a.error,
    response_body: a.responseBody,
  };
}

/** Most rows one INSERT carries (SQLite allows 32,766 parameters; 8 per row). */
const INSERT_CHUNK = 500;

/** The delivery log on SQL: attempts recorded under the delivery's lease, listed per delivery. */
export function sqlDeliveryLog({ db, caps }: SqlContext): Pick<OutboxRepo, 'recordAttempts' | 'insertAttempts' | 'listAttempts'> {
  async function insertAttempts(rows: AttemptRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await db
        .insertInto('delivery_attempts')
        .values(rows.slice(i, i + INSERT_CHUNK).map(toRecord))
        .execute();
    }
  }

  return {
    async recordAttempts(rows: AttemptRecord[]) {
      if (rows.length === 0) return [];
      // One UPDATE joined to a VALUES list, whose parameters' types some databases need spelled out.
      const cast = caps.typedParam;
      const values = rows.map(
        (a) => sql`(${cast(a.userId, 'uuid')}, ${cast(a.id, 'uuid')}, ${cast(a.leaseUntil, 'bigint')}, ${cast(a.status, 'text')},
          ${cast(a.nextAttemptAt, 'bigint')}, ${cast(a.responseStatus, 'bigint')}, ${cast(a.durationMs, 'bigint')},
          ${cast(a.error, 'text')}, ${cast(a.at, 'bigint')})`,
      );
      const result = await sql<{ user_id: string; id: string; attempts: number | string }>`
        WITH v (user_id, id, lease_until, status, next_attempt_at, response_status, duration_ms, error, at) AS (VALUES ${sql.join(values)})
        UPDATE deliveries SET status = v.status, attempts = deliveries.attempts + 1, next_attempt_at = v.next_attempt_at,
          lease_until = NULL, response_status = v.response_status, duration_ms = v.duration_ms, error = v.error, updated_at = v.at
        FROM v WHERE deliveries.user_id = v.user_id AND deliveries.id = v.id AND deliveries.lease_until = v.lease_until
        RETURNING deliveries.user_id, deliveries.id, deliveries.attempts`.execute(db);
      const numbers = new Map(result.rows.map((r) => [`${r.user_id}/${r.id}`, Number(r.attempts)]));
      const logged: AttemptRow[] = [];
      const applied = rows.map((a) => {
        const number = numbers.get(`${a.userId}/${a.id}`);
        if (number === undefined) return false;
        logged.push({
          userId: a.userId,
          deliveryId: a.id,
          number,
          at: a.at,
          responseStatus: a.responseStatus,
          durationMs: a.durationMs,
          error: a.error,
          responseBody: a.responseBody,
        });
        return true;
      });
      await insertAttempts(logged);
      return applied;
    },
    insertAttempts,
    async listAttempts(userId, deliveryIds) {
      if (deliveryIds.length === 0) return [];
      const rows = await db
        .selectFrom('delivery_attempts')
        .selectAll()
        .where('user_id', '=', userId)
        .where('delivery_id', 'in', deliveryIds)
        .orderBy('delivery_id')
        .orderBy('number')
        .execute();
      return rows.map(fromRecord);
    },
  };
}

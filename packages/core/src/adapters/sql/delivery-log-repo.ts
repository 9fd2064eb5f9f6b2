import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { AttemptRecord, OutboxRepo } from '../../storage/ports.js';
import type { AttemptRow } from '../../storage/rows.js';
import type { SqlCapabilities } from './capabilities.js';
import { runHot, runSteps, type Steps } from './hot-statements.js';
import type { SqlContext } from './context.js';
import { numberOrNull as n } from './row-values.js';
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

/** The statement that appends attempts to the log; its text is the same for any number of rows. */
function insertAttempts(caps: SqlCapabilities, rows: AttemptRow[]): RawBuilder<unknown> {
  const columns = [
    ['user_id', 'uuid'],
    ['delivery_id', 'uuid'],
    ['number', 'bigint'],
    ['at', 'bigint'],
    ['response_status', 'bigint'],
    ['duration_ms', 'bigint'],
    ['error', 'text'],
    ['response_body', 'text'],
  ] as const;
  const table = caps.rowsTable(
    'a',
    columns,
    rows.map((a) => [a.userId, a.deliveryId, a.number, a.at, a.responseStatus, a.durationMs, a.error, a.responseBody]),
  );
  const names = sql.raw(columns.map(([name]) => name).join(', '));
  return sql`INSERT INTO delivery_attempts (${names}) SELECT ${names} FROM ${table}`;
}

/** The statement that ends a webhook's failing streak (`WebhookRepo.recordSuccess`). */
export const endFailingStreak = (userId: string, webhookId: string): RawBuilder<unknown> =>
  sql`UPDATE webhooks SET failing_since = NULL WHERE user_id = ${userId} AND id = ${webhookId} AND failing_since IS NOT NULL`;

/**
 * The columns of an attempt record as a table of rows (`SqlCapabilities.rowsTable`); `n` is the
 * record's place in the batch, which is what the statements hand back for the records applied.
 */
const ATTEMPT_COLUMNS = [
  ['n', 'bigint'],
  ['user_id', 'uuid'],
  ['id', 'uuid'],
  ['lease_until', 'bigint'],
  ['status', 'text'],
  ['next_attempt_at', 'bigint'],
  ['response_status', 'bigint'],
  ['duration_ms', 'bigint'],
  ['error', 'text'],
  ['at', 'bigint'],
  ['response_body', 'text'],
  ['clears', 'uuid'],
] as const;

/** The attempts as the table `v` of {@link ATTEMPT_COLUMNS}. */
const attemptsTable = (caps: SqlCapabilities, rows: AttemptRecord[]) =>
  caps.rowsTable(
    'v',
    ATTEMPT_COLUMNS,
    rows.map((a, i) => [
      i,
      a.userId,
      a.id,
      a.leaseUntil,
      a.status,
      a.nextAttemptAt,
      a.responseStatus,
      a.durationMs,
      a.error,
      a.at,
      a.responseBody,
      a.clearsFailingOf ?? null,
    ]),
  );

/** The columns an applied attempt sets on its delivery (from the table `v`). */
const APPLIED = sql`status = v.status, attempts = deliveries.attempts + 1, next_attempt_at = v.next_attempt_at,
  lease_until = NULL, response_status = v.response_status, duration_ms = v.duration_ms, error = v.error, updated_at = v.at`;

/** The attempt's delivery, still under the lease the attempt was made with. */
const LEASED = sql`deliveries.user_id = v.user_id AND deliveries.id = v.id AND deliveries.lease_until = v.lease_until`;

/** Applies each attempt whose lease still holds to its delivery: the new attempt numbers, by `user/id`. */
const APPLY = sql`UPDATE deliveries SET ${APPLIED} FROM v WHERE ${LEASED}`;

/**
 * The same on PostgreSQL, whose planner joins `v` to a small deliveries table by reading all of it
 * (a hash join over a sequential scan: two thirds of the statement's time at a 2,000-row backlog):
 * each delivery is looked up by its key on its own (a correlated subquery, which is never turned
 * into a join) and updated at the address found, so the plan is the same whatever the table's
 * size or statistics. The lease is checked on the row as it is when updated (a row another
 * worker re-leased meanwhile is skipped, as with the plain join).
 */
const APPLY_BY_ADDRESS = sql`UPDATE deliveries SET ${APPLIED} FROM v
  WHERE deliveries.ctid = ANY (ARRAY(SELECT (SELECT l.ctid FROM deliveries AS l WHERE l.user_id = v.user_id AND l.id = v.id) FROM v))
    AND ${LEASED}`;

/**
 * The whole record as one statement (PostgreSQL): the leased deliveries are updated, what was
 * applied is logged under its new attempt number and the successes end their webhooks' failing
 * streaks, in one round trip and one commit. The statement's text is the same for every batch.
 */
async function recordInOneStatement(ctx: SqlContext, rows: AttemptRecord[]): Promise<Set<number>> {
  const { caps } = ctx;
  const done = await runHot(
    ctx,
    sql<{ n: number }>`
    WITH v AS (SELECT * FROM ${attemptsTable(caps, rows)}),
    done AS (${APPLY_BY_ADDRESS}
      RETURNING v.n, deliveries.user_id, deliveries.id, deliveries.attempts, v.at, v.response_status, v.duration_ms, v.error,
        v.response_body, v.clears),
    logged AS (
      INSERT INTO delivery_attempts (user_id, delivery_id, number, at, response_status, duration_ms, error, response_body)
      SELECT user_id, id, attempts, at, response_status, duration_ms, error, response_body FROM done),
    cleared AS (
      UPDATE webhooks AS w SET failing_since = NULL
      FROM (SELECT DISTINCT user_id, clears FROM done WHERE clears IS NOT NULL) AS s
      WHERE w.user_id = s.user_id AND w.id = s.clears AND w.failing_since IS NOT NULL)
    SELECT n FROM done`,
  );
  return new Set(done.map((r) => Number(r.n)));
}

/** The same record in three steps, for a database whose WITH cannot hold UPDATEs (run in one transaction). */
function* recordInSteps(caps: SqlCapabilities, rows: AttemptRecord[]): Steps<Set<number>> {
  // SQLite's RETURNING names only the updated table's columns (not `v.n`): the applied rows come back by key.
  const applied = (yield sql`WITH v AS (SELECT * FROM ${attemptsTable(caps, rows)}) ${APPLY}
    RETURNING deliveries.user_id, deliveries.id, deliveries.attempts`) as Array<{
    user_id: string;
    id: string;
    attempts: number | string;
  }>;
  const numbers = new Map(applied.map((r) => [`${r.user_id}/${r.id}`, Number(r.attempts)]));
  const done = new Set<number>();
  const logged: AttemptRow[] = [];
  const cleared = new Map<string, { userId: string; webhookId: string }>();
  for (const [i, a] of rows.entries()) {
    const number = numbers.get(`${a.userId}/${a.id}`);
    if (number === undefined) continue;
    done.add(i);
    const { userId, id: deliveryId, at, responseStatus, durationMs, error, responseBody } = a;
    logged.push({ userId, deliveryId, number, at, responseStatus, durationMs, error, responseBody });
    if (a.clearsFailingOf !== undefined) cleared.set(`${userId}/${a.clearsFailingOf}`, { userId, webhookId: a.clearsFailingOf });
  }
  if (logged.length > 0) yield insertAttempts(caps, logged);
  for (const { userId, webhookId } of cleared.values()) yield endFailingStreak(userId, webhookId);
  return done;
}

/** The delivery log on SQL: attempts recorded under the delivery's lease, listed per delivery. */
export function sqlDeliveryLog(ctx: SqlContext): Pick<OutboxRepo, 'recordAttempts' | 'insertAttempts' | 'listAttempts'> {
  const { db, caps } = ctx;

  return {
    async recordAttempts(rows: AttemptRecord[]) {
      if (rows.length === 0) return [];
      // Where UPDATEs may feed a WITH, the whole record is one statement: one round trip, its own transaction.
      const applied = caps.skipLocked
        ? await recordInOneStatement(ctx, rows)
        : await runSteps(ctx, () => recordInSteps(caps, rows));
      return rows.map((_, i) => applied.has(i));
    },
    async insertAttempts(rows) {
      if (rows.length > 0) await insertAttempts(caps, rows).execute(db);
    },
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

import { sql } from 'kysely';
import type { OutboxRepo } from '../../storage/ports.js';
import type { SqlContext } from './context.js';

/** Groups (user, id) pairs by user, so each statement names one user and a list of ids. */
function byUser(rows: Array<{ user_id: string; id: string }>): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const r of rows) groups.set(r.user_id, [...(groups.get(r.user_id) ?? []), r.id]);
  return groups;
}

/** Retention of the outbox on SQL: finished events, their deliveries and logs go in small batches. */
export function sqlOutboxRetention({ db, caps, inTransaction }: SqlContext): Pick<OutboxRepo, 'purgeDelivered'> {
  return {
    async purgeDelivered(before, limit) {
      if (!inTransaction) throw new Error('purgeDelivered runs in a transaction');
      // One writer at a time (SQLite): take the write lock before reading. A transaction that reads
      // first cannot wait for the lock later (another connection's commit makes it fail at once).
      await caps.takeWriteLock?.(db);
      // Oldest events first; an event qualifies when none of its deliveries is unfinished, failed or recent.
      const lock = caps.skipLocked ? sql`FOR UPDATE OF e SKIP LOCKED` : sql``;
      const candidates = await sql<{ user_id: string; id: string }>`
        SELECT e.user_id, e.id FROM events AS e
        WHERE e.created_at < ${before} AND NOT EXISTS (
          SELECT 1 FROM deliveries AS d WHERE d.user_id = e.user_id AND d.event_id = e.id
            AND (d.status <> 'succeeded' OR d.updated_at >= ${before}))
        ORDER BY e.created_at LIMIT ${limit} ${lock}`.execute(db);
      let purged = 0;
      for (const [userId, eventIds] of byUser(candidates.rows)) {
        // The conditions are checked again under the row locks: a delivery made pending meanwhile (a
        // redelivery) stays, and so does its event.
        const gone = await db
          .deleteFrom('deliveries')
          .where('user_id', '=', userId)
          .where('event_id', 'in', eventIds)
          .where('status', '=', 'succeeded')
          .where('updated_at', '<', before)
          .returning('id')
          .execute();
        if (gone.length > 0) {
          await db
            .deleteFrom('delivery_attempts')
            .where('user_id', '=', userId)
            .where(
              'delivery_id',
              'in',
              gone.map((d) => d.id),
            )
            .execute();
        }
        const events = await db
          .deleteFrom('events')
          .where('user_id', '=', userId)
          .where('id', 'in', eventIds)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('deliveries')
                  .select(sql.lit(1).as('one'))
                  .whereRef('deliveries.user_id', '=', 'events.user_id')
                  .whereRef('deliveries.event_id', '=', 'events.id'),
              ),
            ),
          )
          .executeTakeFirst();
        purged += Number(events.numDeletedRows);
      }
      return purged;
    },
  };
}

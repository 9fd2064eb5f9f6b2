import { sql } from 'kysely';
import type { IdempotencyRepo } from '../../storage/ports.js';
import type { IdempotencyRow, StoredResponse } from '../../storage/rows.js';
import { userRow } from './common-queries.js';
import type { SqlContext } from './context.js';
import type { Database } from './schema.js';

function toRow(r: Database['idempotency_keys']): IdempotencyRow {
  const response: StoredResponse | null =
    r.state === 'done' && r.status !== null
      ? { status: Number(r.status), body: r.body, headers: JSON.parse(r.headers ?? '{}') as Record<string, string> }
      : null;
  return {
    userId: r.user_id,
    key: r.key,
    fingerprint: r.fingerprint,
    state: r.state === 'done' ? 'done' : 'pending',
    response,
    lockedUntil: r.locked_until,
    expiresAt: r.expires_at,
    createdAt: r.created_at,
  };
}

/** Idempotency-Key records on SQL, keyed by (user_id, key). */
export function sqlIdempotencyRepo({ db }: SqlContext): IdempotencyRepo {
  return {
    async claim(row, now) {
      // One statement decides between concurrent requests with the same key: only one of them
      // inserts (or takes over a dead claim) and gets a row back.
      const { rows } = await sql<{ key: string }>`
        INSERT INTO idempotency_keys (user_id, key, fingerprint, state, locked_until, expires_at, created_at)
        VALUES (${row.userId}, ${row.key}, ${row.fingerprint}, 'pending', ${row.lockedUntil}, ${row.expiresAt}, ${row.createdAt})
        ON CONFLICT (user_id, key) DO UPDATE SET
          fingerprint = excluded.fingerprint, state = 'pending', status = NULL, body = NULL, headers = NULL,
          locked_until = excluded.locked_until, expires_at = excluded.expires_at, created_at = excluded.created_at
        WHERE idempotency_keys.expires_at <= ${now}
          OR (idempotency_keys.state = 'pending' AND idempotency_keys.locked_until <= ${now}
              AND idempotency_keys.fingerprint = excluded.fingerprint)
        RETURNING key`.execute(db);
      return rows.length === 1;
    },
    async get(userId, key) {
      const r = await userRow(db, 'idempotency_keys', userId, 'key', key);
      return r && toRow(r);
    },
    async complete(userId, key, response, fingerprint) {
      await db
        .updateTable('idempotency_keys')
        .set({
          state: 'done',
          status: response.status,
          body: response.body,
          headers: JSON.stringify(response.headers),
          ...(fingerprint !== undefined && { fingerprint }),
        })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
    },
    async release(userId, key) {
      await db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('state', '=', 'pending')
        .execute();
    },
    async purgeExpired(userId, now) {
      await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
    },
  };
}

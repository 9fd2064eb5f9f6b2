import type { ApiKeyRepo } from '../../storage/ports.js';
import type { ApiKeyRow } from '../../storage/rows.js';
import { userRow } from './common-queries.js';
import type { SqlContext } from './context.js';
import { jsonArray } from './row-values.js';
import type { Database } from './schema.js';

function toRow(r: Database['api_keys']): ApiKeyRow {
  return {
    userId: r.user_id,
    id: r.id,
    name: r.name,
    keyHash: r.key_hash,
    hint: r.hint,
    scopes: jsonArray(r.scopes),
    expiresAt: r.expires_at,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
    createdAt: r.created_at,
  };
}

/** API keys on SQL, keyed by (user_id, id) with a unique (user_id, key_hash). */
export function sqlApiKeyRepo({ db }: SqlContext): ApiKeyRepo {
  return {
    async insert(k) {
      await db
        .insertInto('api_keys')
        .values({
          user_id: k.userId,
          id: k.id,
          name: k.name,
          key_hash: k.keyHash,
          hint: k.hint,
          scopes: JSON.stringify(k.scopes),
          expires_at: k.expiresAt,
          last_used_at: k.lastUsedAt,
          revoked_at: k.revokedAt,
          created_at: k.createdAt,
        })
        .execute();
    },
    async list(userId) {
      const rows = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toRow);
    },
    async get(userId, id) {
      const r = await userRow(db, 'api_keys', userId, 'id', id);
      return r && toRow(r);
    },
    async byHash(userId, keyHash) {
      const r = await userRow(db, 'api_keys', userId, 'key_hash', keyHash);
      return r && toRow(r);
    },
    async revoke(userId, id, at) {
      const res = await db
        .updateTable('api_keys')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async touch(userId, id, at) {
      await db.updateTable('api_keys').set({ last_used_at: at }).where('user_id', '=', userId).where('id', '=', id).execute();
    },
    async countActive(userId, now) {
      const r = await db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };
}

import type { TokenRepo } from '../../storage/ports.js';
import { userRow } from './common-queries.js';
import type { SqlContext } from './context.js';

/** Refresh tokens on SQL, keyed by (user_id, token_hash). */
export function sqlTokenRepo({ db }: SqlContext): TokenRepo {
  return {
    async insert(t) {
      await db
        .insertInto('refresh_tokens')
        .values({
          user_id: t.userId,
          token_hash: t.tokenHash,
          chain_id: t.chainId,
          expires_at: t.expiresAt,
          revoked_at: t.revokedAt,
          created_at: t.createdAt,
        })
        .execute();
    },
    async get(userId, tokenHash) {
      const r = await userRow(db, 'refresh_tokens', userId, 'token_hash', tokenHash);
      return (
        r && {
          userId: r.user_id,
          tokenHash: r.token_hash,
          chainId: r.chain_id,
          expiresAt: r.expires_at,
          revokedAt: r.revoked_at,
          createdAt: r.created_at,
        }
      );
    },
    async revoke(userId, tokenHash, at) {
      const res = await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async revokeChain(userId, chainId, at) {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('chain_id', '=', chainId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

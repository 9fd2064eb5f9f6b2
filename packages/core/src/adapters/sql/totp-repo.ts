import type { TotpRepo } from '../../storage/ports.js';
import type { SqlContext } from './context.js';

/** The TOTP second factor and recovery codes on SQL, keyed by user. */
export function sqlTotpRepo({ db }: SqlContext): TotpRepo {
  return {
    async get(userId) {
      const r = await db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
      return (
        r && {
          userId: r.user_id,
          secret: r.secret,
          enabledAt: r.enabled_at,
          lastStep: r.last_step,
          createdAt: r.created_at,
        }
      );
    },
    async putPending(t) {
      const res = await db
        .insertInto('user_totp')
        .values({ user_id: t.userId, secret: t.secret, enabled_at: null, last_step: null, created_at: t.createdAt })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet((eb) => ({
              secret: eb.ref('excluded.secret'),
              last_step: null,
              created_at: eb.ref('excluded.created_at'),
            }))
            .where('user_totp.enabled_at', 'is', null),
        )
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async enable(userId, at, step) {
      const res = await db
        .updateTable('user_totp')
        .set({ enabled_at: at, last_step: step })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async useStep(userId, step) {
      const res = await db
        .updateTable('user_totp')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async delete(userId) {
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
    },
    async replaceRecoveryCodes(userId, codeHashes) {
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      if (codeHashes.length === 0) return;
      await db
        .insertInto('recovery_codes')
        .values(codeHashes.map((h) => ({ user_id: userId, code_hash: h, used_at: null })))
        .execute();
    },
    async useRecoveryCode(userId, codeHash, at) {
      const res = await db
        .updateTable('recovery_codes')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async countRecoveryCodes(userId) {
      const r = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };
}

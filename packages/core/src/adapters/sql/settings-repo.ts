import type { SettingsRepo } from '../../storage/ports.js';
import type { SqlContext } from './context.js';

/** Settings documents on SQL, keyed by (user, account). */
export function sqlSettingsRepo({ db }: SqlContext): SettingsRepo {
  return {
    async list(userId) {
      return db
        .selectFrom('user_settings')
        .select(['account', 'document'])
        .where('user_id', '=', userId)
        .orderBy('account')
        .execute();
    },
    async put(userId, account, document, at) {
      await db
        .insertInto('user_settings')
        .values({ user_id: userId, account, document, updated_at: at })
        .onConflict((oc) =>
          oc.columns(['user_id', 'account']).doUpdateSet((eb) => ({
            document: eb.ref('excluded.document'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },
    async delete(userId, account) {
      await db.deleteFrom('user_settings').where('user_id', '=', userId).where('account', '=', account).execute();
    },
  };
}

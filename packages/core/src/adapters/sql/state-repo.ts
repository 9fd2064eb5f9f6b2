import { sql } from 'kysely';
import type { StateRepo } from '../../storage/ports.js';
import type { SqlContext } from './context.js';

/** Settings and windowed counters on SQL (shared by every process on the database). */
export function sqlStateRepo({ db }: SqlContext): StateRepo {
  return {
    async getSetting(key) {
      const r = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return r?.value;
    },
    async putSettingIfAbsent(key, value) {
      await db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const r = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
      return r.value;
    },
    async hit(key, windowStart, expiresAt) {
      const r = await db
        .insertInto('counters')
        .values({ key, window_start: windowStart, count: 1, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`counters.count + 1` }))
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(r.count);
    },
    async peek(key, windowStart) {
      const r = await db
        .selectFrom('counters')
        .select('count')
        .where('key', '=', key)
        .where('window_start', '=', windowStart)
        .executeTakeFirst();
      return Number(r?.count ?? 0);
    },
    async clearCounter(key) {
      await db.deleteFrom('counters').where('key', '=', key).execute();
    },
    async purgeCounters(now) {
      await db.deleteFrom('counters').where('expires_at', '<', now).execute();
    },
  };
}

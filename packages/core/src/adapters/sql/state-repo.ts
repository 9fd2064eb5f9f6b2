import { sql } from 'kysely';
import type { StateRepo } from '../../storage/ports.js';
import type { SqlContext } from './context.js';

/** Settings and GCRA rate limits on SQL (shared by every process on the database). */
export function sqlStateRepo({ db, caps }: SqlContext): StateRepo {
  const greatest = sql.raw(caps.greatest);
  const tatOf = async (key: string) => {
    const r = await db.selectFrom('rate_limits').select('tat').where('key', '=', key).executeTakeFirst();
    return r === undefined ? undefined : Number(r.tat) / 1000;
  };
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
    async rateHit(key, now, intervalMs, windowMs) {
      // One atomic upsert per hit: the row lock (PostgreSQL) or the write lock (SQLite) orders
      // concurrent hits, so processes sharing the database share the limit exactly. Times are
      // whole microseconds, so limits of more than one request per millisecond stay exact enough.
      const nowUs = sql`CAST(${Math.round(now * 1000)} AS BIGINT)`;
      const intervalUs = sql`CAST(${Math.max(1, Math.round(intervalMs * 1000))} AS BIGINT)`;
      const next = sql`${greatest}(rate_limits.tat, ${nowUs}) + ${intervalUs}`;
      const { rows } = await sql<{ tat: number | string }>`
        INSERT INTO rate_limits (key, tat) VALUES (${key}, ${nowUs} + ${intervalUs})
        ON CONFLICT (key) DO UPDATE SET tat = ${next}
        WHERE ${next} - ${nowUs} <= CAST(${Math.round(windowMs * 1000)} AS BIGINT)
        RETURNING tat`.execute(db);
      const hit = rows[0];
      if (hit !== undefined) return { allowed: true, tat: Number(hit.tat) / 1000 };
      return { allowed: false, tat: (await tatOf(key)) ?? now };
    },
    rateTat: tatOf,
    async rateClear(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
    async purgeRates(now) {
      await db
        .deleteFrom('rate_limits')
        .where('tat', '<', Math.round(now * 1000))
        .execute();
    },
  };
}

import type { FxRateRepo } from '../../storage/ports.js';
import type { SqlContext } from './context.js';

/** Rows written per statement (7 parameters each, under SQLite's and PostgreSQL's limits). */
const CHUNK = 500;

/** The user's FX reference rates on SQL, keyed by (user, base, quote, day). */
export function sqlFxRateRepo({ db }: SqlContext): FxRateRepo {
  return {
    async put(userId, rates, at, replace) {
      let written = 0;
      for (let i = 0; i < rates.length; i += CHUNK) {
        const values = rates.slice(i, i + CHUNK).map((r) => ({
          user_id: userId,
          base: r.base,
          quote: r.quote,
          day: r.day,
          rate: r.rate,
          source: r.source,
          created_at: at,
        }));
        const result = await db
          .insertInto('fx_rates')
          .values(values)
          .onConflict((oc) => {
            const on = oc.columns(['user_id', 'base', 'quote', 'day']);
            return replace
              ? on.doUpdateSet((eb) => ({
                  rate: eb.ref('excluded.rate'),
                  source: eb.ref('excluded.source'),
                  created_at: eb.ref('excluded.created_at'),
                }))
              : on.doNothing();
          })
          .executeTakeFirst();
        written += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return written;
    },
    async list(userId, { currencies, from, to }) {
      if (currencies !== undefined && currencies.length === 0) return [];
      let q = db.selectFrom('fx_rates').select(['base', 'quote', 'day', 'rate', 'source']).where('user_id', '=', userId);
      if (currencies !== undefined) q = q.where('base', 'in', [...currencies]).where('quote', 'in', [...currencies]);
      if (from !== undefined) q = q.where('day', '>=', from);
      if (to !== undefined) q = q.where('day', '<=', to);
      return q.orderBy('base').orderBy('quote').orderBy('day').execute();
    },
    async delete(userId, { base, quote, source }) {
      let q = db.deleteFrom('fx_rates').where('user_id', '=', userId);
      if (base !== undefined) q = q.where('base', '=', base);
      if (quote !== undefined) q = q.where('quote', '=', quote);
      if (source !== undefined) q = q.where('source', '=', source);
      const r = await q.executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}

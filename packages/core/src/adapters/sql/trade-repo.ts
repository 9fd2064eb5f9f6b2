import { type SelectQueryBuilder, sql } from 'kysely';
import type { ClosedTradeFact } from '../../analytics/types.js';
import type { TradeQuery, TradeRepo } from '../../storage/ports.js';
import type { TradeRow } from '../../storage/rows.js';
import { compiledQueryCache } from './compiled-cache.js';
import { jsonArray, offsetOf, type SqlContext } from './context.js';
import type { Database } from './schema.js';
import { TRADE_COLUMNS, tradeFromRecord, tradeToRecord } from './trade-mapping.js';

const INSERT_CHUNK = 400;
const FACT_BATCH = 10_000;
const EMPTY: readonly string[] = Object.freeze([]);
/** What per-category analytics read of a closed trade. */
const FACT_COLUMNS = [
  'id',
  'instrument',
  'setup_type',
  'tags',
  'entry_time',
  'exit_time',
  'result_micros',
  'r_multiple',
] as const;
/** What every other analytic reads: covered by the exit index (migration 4). */
const OUTCOME_COLUMNS = ['id', 'exit_time', 'result_micros', 'r_multiple'] as const;

type TradeSelect<O> = SelectQueryBuilder<Database, 'trades', O>;

function applyQuery<O>(q: TradeSelect<O>, userId: string, query: TradeQuery): TradeSelect<O> {
  let r = q.where('user_id', '=', userId);
  if (query.instrument !== undefined) r = r.where('instrument_key', '=', query.instrument.toLowerCase());
  if (query.entryFrom !== undefined) r = r.where('entry_time', '>=', query.entryFrom);
  if (query.entryTo !== undefined) r = r.where('entry_time', '<', query.entryTo);
  if (query.status !== undefined) r = r.where('status', '=', query.status);
  if (query.exitFrom !== undefined) r = r.where('exit_time', '>=', query.exitFrom);
  if (query.exitTo !== undefined) r = r.where('exit_time', '<', query.exitTo);
  return r;
}

const hot = compiledQueryCache();

/** Which filters a query uses: the key of its compiled SQL. */
function shapeOf(query: TradeQuery): string {
  const { instrument, entryFrom, entryTo, status, exitFrom, exitTo } = query;
  return [instrument, entryFrom, entryTo, status, exitFrom, exitTo].map((v) => (v === undefined ? '0' : '1')).join('');
}

/** The parameters `applyQuery` binds, in the order it binds them. */
function paramsOf(userId: string, query: TradeQuery): unknown[] {
  const params: unknown[] = [userId];
  if (query.instrument !== undefined) params.push(query.instrument.toLowerCase());
  if (query.entryFrom !== undefined) params.push(query.entryFrom);
  if (query.entryTo !== undefined) params.push(query.entryTo);
  if (query.status !== undefined) params.push(query.status);
  if (query.exitFrom !== undefined) params.push(query.exitFrom);
  if (query.exitTo !== undefined) params.push(query.exitTo);
  return params;
}

/** True when the counters table can answer the count (no instrument or date filter). */
function countersAnswer(query: TradeQuery): boolean {
  return (
    query.instrument === undefined &&
    query.entryFrom === undefined &&
    query.entryTo === undefined &&
    query.exitFrom === undefined &&
    query.exitTo === undefined
  );
}

/** Trades on SQL, with per-user counters kept in the same transaction as each change. */
export function sqlTradeRepo(ctx: SqlContext): TradeRepo {
  const { db } = ctx;

  async function bumpCounts(userId: string, total: number, open: number): Promise<void> {
    if (total === 0 && open === 0) return;
    await db
      .insertInto('trade_counts')
      .values({ user_id: userId, total, open })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          total: sql`trade_counts.total + excluded.total`,
          open: sql`trade_counts.open + excluded.open`,
        }),
      )
      .execute();
  }

  async function storedCounts(userId: string): Promise<{ total: number; open: number }> {
    const [r] = await hot(db, `${ctx.dialect}:counts`, [userId], () =>
      db.selectFrom('trade_counts').select(['total', 'open']).where('user_id', '=', userId),
    );
    return { total: Number(r?.total ?? 0), open: Number(r?.open ?? 0) };
  }

  async function countWhere(userId: string, query: TradeQuery): Promise<number> {
    const r = await applyQuery(db.selectFrom('trades'), userId, query)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /**
   * Total and open counts of a filter in one pass: a trade is open exactly when it has no exit
   * time (the trade rules keep exit price and exit time together), so open = total − count(exit_time).
   */
  async function countBoth(userId: string, query: TradeQuery): Promise<{ total: number; open: number }> {
    const r = await applyQuery(db.selectFrom('trades'), userId, query)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('exit_time').as('closed')])
      .executeTakeFirst();
    const total = Number(r?.n ?? 0);
    return { total, open: total - Number(r?.closed ?? 0) };
  }

  const isOpen = (t: TradeRow) => (t.exitPrice === null ? 1 : 0);

  type ClosedColumn = 'id' | 'instrument' | 'setup_type' | 'tags' | 'entry_time' | 'exit_time' | 'result_micros' | 'r_multiple';
  type ClosedRecord = Pick<Database['trades'], ClosedColumn>;

  /** Closed trades in (exit_time, id) order by keyset pages, reading only `columns`. */
  async function* scanClosed(
    userId: string,
    query: TradeQuery,
    columns: readonly ClosedColumn[],
    toFact: (r: ClosedRecord) => ClosedTradeFact,
  ): AsyncGenerator<ClosedTradeFact[]> {
    let after: [number, string] | undefined;
    for (;;) {
      let q = applyQuery(db.selectFrom('trades'), userId, { ...query, status: undefined })
        .select(columns)
        .where('exit_time', 'is not', null);
      // No trade exits before it enters, so an entry-time floor is also an exit-time floor: the
      // (exit_time, id) index scan then starts there instead of at the user's first trade.
      if (query.entryFrom !== undefined) q = q.where('exit_time', '>=', query.entryFrom);
      if (after) {
        const [t, id] = after;
        q = q.where((eb) => eb(eb.refTuple('exit_time', 'id'), '>', eb.tuple(t, id)));
      }
      const rows = (await q.orderBy('exit_time').orderBy('id').limit(FACT_BATCH).execute()) as ClosedRecord[];
      if (rows.length === 0) return;
      const batch = rows.map(toFact);
      yield batch;
      if (rows.length < FACT_BATCH) return;
      const last = batch[batch.length - 1] as ClosedTradeFact;
      after = [last.exitTime, last.id];
    }
  }

  return {
    async insert(t) {
      await db.insertInto('trades').values(tradeToRecord(t)).execute();
      await bumpCounts(t.userId, 1, isOpen(t));
    },
    async insertMany(rows) {
      const perUser = new Map<string, { total: number; open: number }>();
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const records = rows.slice(i, i + INSERT_CHUNK).map(tradeToRecord);
        const columns = Object.keys(records[0] as object) as Array<keyof (typeof records)[number]>;
        const params = records.flatMap((r) => columns.map((c) => r[c]));
        await hot(db, `${ctx.dialect}:insert:${records.length}`, params, () => db.insertInto('trades').values(records));
      }
      for (const t of rows) {
        const c = perUser.get(t.userId) ?? { total: 0, open: 0 };
        c.total++;
        c.open += isOpen(t);
        perUser.set(t.userId, c);
      }
      for (const [userId, c] of perUser) await bumpCounts(userId, c.total, c.open);
    },
    async get(userId, id, opts) {
      let q = db.selectFrom('trades').select(TRADE_COLUMNS).where('user_id', '=', userId).where('id', '=', id);
      if (opts?.forUpdate && ctx.inTransaction && ctx.dialect === 'postgres') q = q.forUpdate();
      const r = await q.executeTakeFirst();
      return r && tradeFromRecord(r, userId);
    },
    async update(before, after) {
      const { user_id: _u, id: _i, created_at: _c, ...changes } = tradeToRecord(after);
      await db.updateTable('trades').set(changes).where('user_id', '=', after.userId).where('id', '=', after.id).execute();
      await bumpCounts(after.userId, 0, isOpen(after) - isOpen(before));
    },
    async delete(t) {
      const res = await db.deleteFrom('trades').where('user_id', '=', t.userId).where('id', '=', t.id).executeTakeFirst();
      if (Number(res.numDeletedRows) === 1) await bumpCounts(t.userId, -1, -isOpen(t));
    },
    async list(userId, query, page) {
      const params = [...paramsOf(userId, query), page.limit, offsetOf(page)];
      const rows = await hot(db, `${ctx.dialect}:list:${shapeOf(query)}`, params, () =>
        applyQuery(db.selectFrom('trades').select(TRADE_COLUMNS), userId, query)
          .orderBy('entry_time', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(offsetOf(page)),
      );
      let total: number;
      if (countersAnswer(query)) {
        const c = await storedCounts(userId);
        total = query.status === undefined ? c.total : query.status === 'open' ? c.open : c.total - c.open;
      } else {
        total = await countWhere(userId, query);
      }
      return { rows: rows.map((r) => tradeFromRecord(r, userId)), total };
    },
    async *closedFacts(userId, query, options) {
      if (query.status === 'open') return;
      if (options?.outcomeOnly) {
        yield* scanClosed(userId, query, OUTCOME_COLUMNS, (r) => ({
          id: r.id,
          instrument: '',
          setupType: null,
          tags: EMPTY,
          entryTime: r.exit_time as number,
          exitTime: r.exit_time as number,
          resultMicros: Number(r.result_micros ?? 0),
          rMultiple: r.r_multiple,
        }));
        return;
      }
      yield* scanClosed(userId, query, FACT_COLUMNS, (r) => ({
        id: r.id,
        instrument: r.instrument,
        setupType: r.setup_type,
        tags: r.tags === '[]' ? EMPTY : jsonArray(r.tags),
        entryTime: r.entry_time,
        exitTime: r.exit_time as number,
        resultMicros: Number(r.result_micros ?? 0),
        rMultiple: r.r_multiple,
      }));
    },
    async counts(userId, query) {
      if (countersAnswer(query)) {
        const c = await storedCounts(userId);
        if (query.status === 'open') return { total: c.open, open: c.open };
        if (query.status === 'closed') return { total: c.total - c.open, open: 0 };
        return c;
      }
      return countBoth(userId, query);
    },
    async existingIds(userId, ids) {
      const found = new Set<string>();
      for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
        const rows = await db
          .selectFrom('trades')
          .select('id')
          .where('user_id', '=', userId)
          .where('id', 'in', ids.slice(i, i + INSERT_CHUNK))
          .execute();
        for (const r of rows) found.add(r.id);
      }
      return found;
    },
    async byImportKeys(userId, keys) {
      const out: TradeRow[] = [];
      for (let i = 0; i < keys.length; i += INSERT_CHUNK) {
        const rows = await db
          .selectFrom('trades')
          .select(TRADE_COLUMNS)
          .where('user_id', '=', userId)
          .where('import_key', 'in', keys.slice(i, i + INSERT_CHUNK))
          .execute();
        out.push(...rows.map((r) => tradeFromRecord(r, userId)));
      }
      return out;
    },
    async exitPnlMicros(userId, from, to) {
      const r = await db
        .selectFrom('trades')
        .select((eb) => eb.fn.sum<number | string | null>('result_micros').as('s'))
        .where('user_id', '=', userId)
        .where('exit_time', '>=', from)
        .where('exit_time', '<', to)
        .executeTakeFirst();
      return Number(r?.s ?? 0);
    },
    async latestClosed(userId, limit) {
      const rows = await db
        .selectFrom('trades')
        .select(['id', 'result_micros', 'exit_time'])
        .where('user_id', '=', userId)
        .where('exit_time', 'is not', null)
        .orderBy('exit_time', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, resultMicros: Number(r.result_micros ?? 0), exitTime: r.exit_time as number }));
    },
  };
}

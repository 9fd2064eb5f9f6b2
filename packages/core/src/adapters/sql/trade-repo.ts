import { sql } from 'kysely';
import type { TradeQuery, TradeRepo } from '../../storage/ports.js';
import type { TradeRow } from '../../storage/rows.js';
import { type ClosedRecord, closedOutcomes, closedOutcomesWithCosts, closedTradeFacts, toFact } from './closed-scan.js';
import { offsetOf, type SqlContext } from './context.js';
import { insertRecords } from './insert-many.js';
import { partialExitTrades } from './partial-exits.js';
import { TouchedDays } from './day-summaries.js';
import {
  LIST_COLUMNS,
  TRADE_COLUMNS,
  type TradeRecord,
  tradeFromRecord,
  tradeInsertRecord,
  tradeListFromRecord,
  tradeToRecord,
} from './trade-mapping.js';
import { excursionPoints } from './excursion-points.js';
import { applyQuery, countersAnswer, hot, paramsOf, shapeOf } from './trade-query.js';

const INSERT_CHUNK = 400;
/** Trades read and updated at a time when a default risk changes. */
const NO_STOP_BATCH = 500;
/** Ids read at a time when an import's trades are listed. */
const IDS_PAGE = 10_000;

/** Trades on SQL, with per-user counters kept in the same transaction as each change. */
export function sqlTradeRepo(ctx: SqlContext): TradeRepo {
  const { db, caps } = ctx;
  /** Cached statements are per database: their SQL differs. */
  const key = (shape: string) => `${caps.label}:${shape}`;
  /** Days whose summaries a write changed: the transaction recomputes them before it commits; outside one, {@link settle} does. */
  const touched = ctx.touched ?? new TouchedDays();
  const settle = () => (ctx.touched ? Promise.resolve() : touched.flush(db, caps));

  /** Adjusts the user's counters and bumps their data version: every trade write goes through here. */
  async function bumpCounts(userId: string, total: number, open: number): Promise<void> {
    await db
      .insertInto('trade_counts')
      .values({ user_id: userId, total, open, version: 1 })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          total: sql`trade_counts.total + excluded.total`,
          open: sql`trade_counts.open + excluded.open`,
          version: sql`trade_counts.version + 1`,
        }),
      )
      .execute();
  }

  async function storedCounts(userId: string): Promise<{ total: number; open: number }> {
    const [r] = await hot(ctx, key('counts'), [userId], () =>
      db.selectFrom('trade_counts').select(['total', 'open']).where('user_id', '=', userId),
    );
    return { total: Number(r?.total ?? 0), open: Number(r?.open ?? 0) };
  }

  async function countWhere(userId: string, query: TradeQuery): Promise<number> {
    const r = await applyQuery(db.selectFrom('trades'), userId, query, ctx.caps)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /**
   * Total and open counts of a filter in one pass: a trade is open exactly when it has no exit
   * time (the trade rules keep exit price and exit time together), so open = total − count(exit_time).
   */
  async function countBoth(userId: string, query: TradeQuery): Promise<{ total: number; open: number }> {
    const r = await applyQuery(db.selectFrom('trades'), userId, query, ctx.caps)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('exit_time').as('closed')])
      .executeTakeFirst();
    const total = Number(r?.n ?? 0);
    return { total, open: total - Number(r?.closed ?? 0) };
  }

  const isOpen = (t: TradeRow) => (t.exitPrice === null ? 1 : 0);
  /** A closed trade as the scans read it (the same mapping, from the row it is stored as). */
  const closedFactOf = (t: TradeRow) => toFact(tradeToRecord(t) as ClosedRecord);

  return {
    async insert(t) {
      await db.insertInto('trades').values(tradeInsertRecord(t)).execute();
      await bumpCounts(t.userId, 1, isOpen(t));
      if (t.exitTime !== null) touched.close(t.userId, closedFactOf(t));
      await settle();
    },
    async insertMany(rows) {
      const perUser = new Map<string, { total: number; open: number }>();
      await insertRecords(ctx, 'trades', rows.map(tradeInsertRecord), INSERT_CHUNK);
      for (const t of rows) {
        touched.touch(t.userId, t.exitTime);
        const c = perUser.get(t.userId) ?? { total: 0, open: 0 };
        c.total++;
        c.open += isOpen(t);
        perUser.set(t.userId, c);
      }
      for (const [userId, c] of perUser) await bumpCounts(userId, c.total, c.open);
      await settle();
    },
    async get(userId, id, opts) {
      let q = db.selectFrom('trades').select(TRADE_COLUMNS).where('user_id', '=', userId).where('id', '=', id);
      if (opts?.forUpdate && ctx.inTransaction && caps.rowLocks) q = q.forUpdate();
      const r = await q.executeTakeFirst();
      return r && tradeFromRecord(r, userId);
    },
    async update(before, after) {
      const { user_id: _u, id: _i, created_at: _c, ...changes } = tradeToRecord(after);
      await db.updateTable('trades').set(changes).where('user_id', '=', after.userId).where('id', '=', after.id).execute();
      await bumpCounts(after.userId, 0, isOpen(after) - isOpen(before));
      if (before.exitTime === null && after.exitTime !== null) touched.close(after.userId, closedFactOf(after));
      else {
        touched.touch(before.userId, before.exitTime);
        touched.touch(after.userId, after.exitTime);
      }
      await settle();
    },
    async delete(t) {
      const res = await db.deleteFrom('trades').where('user_id', '=', t.userId).where('id', '=', t.id).executeTakeFirst();
      if (Number(res.numDeletedRows) === 1) await bumpCounts(t.userId, -1, -isOpen(t));
      touched.touch(t.userId, t.exitTime);
      await settle();
    },
    async *closedWithoutStop(userId) {
      let after: string | undefined;
      for (;;) {
        let q = db.selectFrom('trades').where('user_id', '=', userId);
        if (after !== undefined) q = q.where('id', '>', after);
        const rows = await q
          .select(['id', 'account', 'instrument', 'underlying', 'position_size', 'multiplier', 'r_multiple', 'result_micros'])
          .where('stop_loss', 'is', null)
          .where('exit_time', 'is not', null)
          .orderBy('id')
          .limit(NO_STOP_BATCH)
          .execute();
        if (rows.length === 0) return;
        yield rows.map((r) => ({
          id: r.id,
          account: r.account,
          instrument: r.instrument,
          underlying: r.underlying,
          positionSize: r.position_size,
          multiplier: r.multiplier,
          rMultiple: r.r_multiple,
          resultMicros: Number(r.result_micros),
        }));
        after = rows[rows.length - 1]?.id;
      }
    },
    async setExcursions(userId, rows) {
      // One UPDATE … FROM (VALUES …) per chunk: a round trip per 500 trades, not per trade.
      for (let i = 0; i < rows.length; i += NO_STOP_BATCH) {
        const values = rows
          .slice(i, i + NO_STOP_BATCH)
          .map(
            (r) =>
              sql`(${caps.typedParam(r.id, 'uuid')}, CAST(${JSON.stringify(r.excursion)} AS TEXT), CAST(${r.maeMicros} AS BIGINT), CAST(${r.mfeMicros} AS BIGINT), CAST(${r.maeR} AS DOUBLE PRECISION), CAST(${r.mfeR} AS DOUBLE PRECISION), CAST(${r.etdMicros} AS BIGINT))`,
          );
        await sql`UPDATE trades SET excursion = v.column2, mae_micros = v.column3, mfe_micros = v.column4, mae_r = v.column5, mfe_r = v.column6, etd_micros = v.column7
          FROM (VALUES ${sql.join(values)}) AS v
          WHERE trades.user_id = ${userId} AND trades.id = v.column1`.execute(db);
      }
    },
    async setRMultiples(userId, changes) {
      for (let i = 0; i < changes.length; i += NO_STOP_BATCH) {
        const part = changes.slice(i, i + NO_STOP_BATCH);
        const cases = sql.join(
          part.map((c) => sql`WHEN ${c.id} THEN CAST(${c.rMultiple} AS DOUBLE PRECISION)`),
          sql` `,
        );
        const rows = await db
          .updateTable('trades')
          .set({ r_multiple: sql`CASE id ${cases} END` })
          .where('user_id', '=', userId)
          .where(
            'id',
            'in',
            part.map((c) => c.id),
          )
          .returning('exit_time')
          .execute();
        for (const r of rows) touched.touch(userId, r.exit_time);
      }
      await settle();
    },
    async byImport(userId, importId) {
      const rows = await db
        .selectFrom('trades')
        .select(['id', 'exit_price', 'updated_at'])
        .where('user_id', '=', userId)
        .where('import_id', '=', importId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: r.id, open: r.exit_price === null, updatedAt: Number(r.updated_at) }));
    },
    async idsByImport(userId, importId) {
      // Keyset pages along the primary key (user_id, id): a large import's ids never sit in
      // memory twice (as rows and as the answer).
      const ids: string[] = [];
      for (;;) {
        let q = db.selectFrom('trades').select('id').where('user_id', '=', userId).where('import_id', '=', importId);
        const after = ids.at(-1);
        if (after !== undefined) q = q.where('id', '>', after);
        const rows = await q.orderBy('id').limit(IDS_PAGE).execute();
        for (const r of rows) ids.push(r.id);
        if (rows.length < IDS_PAGE) return ids;
      }
    },
    async deleteByImport(userId, importId) {
      const gone = await db
        .deleteFrom('trades')
        .where('user_id', '=', userId)
        .where('import_id', '=', importId)
        .returning(['exit_price', 'exit_time'])
        .execute();
      if (gone.length > 0) await bumpCounts(userId, -gone.length, -gone.filter((r) => r.exit_price === null).length);
      for (const r of gone) touched.touch(userId, r.exit_time);
      await settle();
      return gone.length;
    },
    async list(userId, query, page) {
      // Where the counters answer the total, the page brings them along: one statement, not two.
      const counted = countersAnswer(query);
      const counters = counted ? [userId, userId] : [];
      // The page size is written into the SQL (one statement per size): SQLite runs a bound LIMIT
      // about 15% slower than a literal one.
      const params = [...counters, ...paramsOf(userId, query), offsetOf(page)];
      const rows = await hot(ctx, key(`list:${shapeOf(query)}:${counted}:${page.limit}`), params, () => {
        let q = db.selectFrom('trades').select(LIST_COLUMNS);
        if (counted) {
          const counter = (column: 'total' | 'open') =>
            db.selectFrom('trade_counts').select(column).where('user_id', '=', userId).as(`counted_${column}`);
          q = q.select(() => [counter('total'), counter('open')]) as unknown as typeof q;
        }
        return applyQuery(q, userId, query, ctx.caps)
          .orderBy('entry_time', 'desc')
          .orderBy('id', 'desc')
          .limit(sql.lit(Math.trunc(page.limit)))
          .offset(offsetOf(page));
      });
      const first = rows[0] as (typeof rows)[number] & { counted_total?: number | string; counted_open?: number | string };
      let total: number;
      if (!counted) total = await countWhere(userId, query);
      else {
        // An empty page past the first still has a total; an empty first page means none match.
        const c =
          first !== undefined
            ? { total: Number(first.counted_total ?? 0), open: Number(first.counted_open ?? 0) }
            : offsetOf(page) > 0
              ? await storedCounts(userId)
              : { total: 0, open: 0 };
        total = query.status === undefined ? c.total : query.status === 'open' ? c.open : c.total - c.open;
      }
      return { rows: rows.map((r) => tradeListFromRecord(r, userId)), total };
    },
    closedOutcomes: (userId, query) => closedOutcomes(db, userId, query, ctx.caps),
    closedOutcomesWithCosts: (userId, query) => closedOutcomesWithCosts(db, userId, query, ctx.caps),
    closedFacts: (userId, query) => closedTradeFacts(db, userId, query, ctx.caps),
    excursionPoints: (userId, query, limit) => excursionPoints(db, userId, query, ctx.caps, limit),
    partialExits: (userId, query) => partialExitTrades(db, userId, query, ctx.caps),
    async counts(userId, query) {
      if (countersAnswer(query)) {
        const c = await storedCounts(userId);
        if (query.status === 'open') return { total: c.open, open: c.open };
        if (query.status === 'closed') return { total: c.total - c.open, open: 0 };
        return c;
      }
      return countBoth(userId, query);
    },
    async dataVersion(userId) {
      const [r] = await hot(ctx, key('version'), [userId], () =>
        db.selectFrom('trade_counts').select('version').where('user_id', '=', userId),
      );
      return Number(r?.version ?? 0);
    },
    async bumpDataVersion(userId) {
      await bumpCounts(userId, 0, 0);
    },
    // Both lookups take their keys as one table parameter (`rowsTable`): one statement whose text
    // does not depend on how many keys there are, instead of IN lists of a parameter per key.
    async existingIds(userId, ids) {
      if (ids.length === 0) return new Set<string>();
      const keys = caps.rowsTable(
        'k',
        [['id', 'uuid']],
        ids.map((id) => [id]),
      );
      const { rows } = await sql<{ id: string }>`
        SELECT id FROM trades WHERE user_id = ${caps.typedParam(userId, 'uuid')} AND id IN (SELECT id FROM ${keys})`.execute(db);
      return new Set(rows.map((r) => r.id));
    },
    async byImportKeys(userId, importKeys) {
      if (importKeys.length === 0) return [];
      const keys = caps.rowsTable(
        'k',
        [['import_key', 'text']],
        importKeys.map((key) => [key]),
      );
      const columns = sql.join(TRADE_COLUMNS.map((c) => sql.ref(c)));
      const { rows } = await sql<TradeRecord>`
        SELECT ${columns} FROM trades
        WHERE user_id = ${caps.typedParam(userId, 'uuid')} AND import_key IN (SELECT import_key FROM ${keys})`.execute(db);
      return rows.map((r) => tradeFromRecord(r, userId));
    },
    async exitPnlMicros(userId, from, to) {
      const r = await db
        .selectFrom('trades')
        // SQLite's sum() fails on 64-bit overflow; total() sums in floating point (exact below 2^53).
        .select((eb) => eb.fn<number | string | null>(caps.overflowSafeSum, ['result_micros']).as('s'))
        .where('user_id', '=', userId)
        .where('exit_time', '>=', from)
        .where('exit_time', '<', to)
        .executeTakeFirst();
      return Number(r?.s ?? 0);
    },
    async currencies(userId) {
      // A loose index scan on trades_currency (migration 31): one probe per currency, not a scan.
      const r = await sql<{ cur: string }>`WITH RECURSIVE c(cur) AS (
        SELECT MIN(currency) FROM trades WHERE user_id = ${userId}
        UNION ALL
        SELECT (SELECT MIN(currency) FROM trades WHERE user_id = ${userId} AND currency > c.cur) FROM c WHERE c.cur IS NOT NULL
      ) SELECT cur FROM c WHERE cur IS NOT NULL`.execute(db);
      return r.rows.map((row) => row.cur);
    },
    async groups(userId, by) {
      const rows = await db
        .selectFrom('trades')
        .select((eb) => [
          eb.ref(by).as('key'),
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.sum<number | string>(eb.case().when('exit_time', 'is', null).then(1).else(0).end()).as('open_n'),
          eb.fn<number | string | null>(caps.overflowSafeSum, ['result_micros']).as('s'),
          eb.fn.min<number | string>('entry_time').as('first_entry'),
          eb.fn.max<number | string>('entry_time').as('last_entry'),
          eb.fn.max<number | string | null>('exit_time').as('last_exit'),
        ])
        .where('user_id', '=', userId)
        .groupBy(by)
        .execute();
      return rows.map((r) => ({
        key: r.key,
        trades: Number(r.n),
        openTrades: Number(r.open_n),
        resultMicros: Number(r.s ?? 0),
        firstEntryTime: Number(r.first_entry),
        lastEntryTime: Number(r.last_entry),
        lastExitTime: r.last_exit === null ? null : Number(r.last_exit),
      }));
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

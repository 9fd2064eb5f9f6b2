// The floor on PostgreSQL: the same work as raw SQL through one pg connection with named (prepared)
// statements, in its own schema built by core's migration statements.

import { analyticsMath, newTradeRow } from '@tj/core/internal';
import { postgresMigrations } from '@tj/core/postgres';
import { rawClient } from '../lib/postgres.mjs';
import {
  bumpCountsSql,
  countersSql,
  countSql,
  factOf,
  factsSql,
  insertSql,
  openCountSql,
  pageSql,
  pushValues,
  resultsSql,
  statisticsFromRow,
  statisticsSql,
} from './floor-sql.mjs';
import { dashboardAnswer, statisticsAnswer } from './answers.mjs';
import { rowDeps } from './worker.mjs';

const CHUNK = 400;
/** Rows per FETCH from a server-side cursor (the same batch size as core's scan). */
const FETCH = 10_000;
const p = (i) => `$${i}`;
const INSERT_CHUNK = insertSql(CHUNK, p);
const INSERT_ONE = insertSql(1, p);

/** The PostgreSQL floor as a bench subject. */
export function postgresFloorSubject(opts) {
  const { userId } = opts;
  let client;
  const createDeps = rowDeps(opts.seed + 1000, opts.now);
  const q = (name, text, values, extra = {}) => client.query({ name, text, values, ...extra });

  async function insertRows(rows) {
    await client.query('BEGIN');
    try {
      let i = 0;
      for (; i + CHUNK <= rows.length; i += CHUNK) {
        const values = [];
        for (let j = i; j < i + CHUNK; j++) pushValues(values, rows[j]);
        await q('insert_chunk', INSERT_CHUNK, values);
      }
      if (i < rows.length) {
        const rest = rows.slice(i);
        const values = [];
        for (const t of rest) pushValues(values, t);
        // A remainder of the same size recurs (batch size is fixed), so it is worth preparing too.
        await q(`insert_${rest.length}`, rest.length === 1 ? INSERT_ONE : insertSql(rest.length, p), values);
      }
      const open = rows.reduce((n, t) => n + (t.exitPrice === null ? 1 : 0), 0);
      await q('bump', bumpCountsSql(p), [userId, rows.length, open]);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK');
      throw e;
    }
  }

  /** Calls `each(row)` for every row of `text`, streamed through a cursor so memory stays flat. */
  async function eachRow(text, values, each) {
    await client.query('BEGIN');
    try {
      await client.query(`DECLARE scan NO SCROLL CURSOR FOR ${text}`, values);
      for (;;) {
        const { rows } = await q('fetch_scan', `FETCH FORWARD ${FETCH} FROM scan`, [], { rowMode: 'array' });
        for (const r of rows) each(r);
        if (rows.length < FETCH) break;
      }
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK');
      throw e;
    }
  }

  return {
    async open() {
      client = await rawClient(opts.target, opts.schema);
      await client.query('BEGIN');
      for (const m of postgresMigrations) for (const s of m.statements) await client.query(s);
      await client.query('COMMIT');
    },
    insertBatch: insertRows,
    afterLoad: () => client.query('VACUUM ANALYZE trades'),
    async list() {
      const rows = (await q('page', pageSql(false, p), [userId])).rows;
      const c = (await q('counters', countersSql(p), [userId])).rows[0];
      return { ids: rows.map((r) => r.id), total: Number(c.total) };
    },
    async listFiltered(instrument) {
      const key = instrument.toLowerCase();
      const rows = (await q('page_filtered', pageSql(true, p), [userId, key])).rows;
      const c = (await q('count', countSql(p), [userId, key])).rows[0];
      return { ids: rows.map((r) => r.id), total: Number(c.n) };
    },
    async statistics(instrument) {
      if (!instrument) {
        const row = (await q('statistics', statisticsSql(false, p), [userId])).rows[0];
        const c = (await q('counters', countersSql(p), [userId])).rows[0];
        return statisticsFromRow(row, c.open);
      }
      const key = instrument.toLowerCase();
      const row = (await q('statistics_filtered', statisticsSql(true, p), [userId, key])).rows[0];
      const open = (await q('open_count', openCountSql(p), [userId, key])).rows[0].n;
      return statisticsFromRow(row, open);
    },
    async dashboard() {
      let closedTrades = 0;
      let micros = 0;
      await eachRow(factsSql(p), [userId], (r) => {
        closedTrades++;
        micros += Number(r[6]);
      });
      return { closedTrades, totalPnL: micros / 1e6 };
    },
    async statisticsStream() {
      const acc = analyticsMath.createStatisticsAccumulator();
      await eachRow(resultsSql(p), [userId], (r) => acc.add({ resultMicros: Number(r[0]), rMultiple: r[1] }));
      const c = (await q('counters', countersSql(p), [userId])).rows[0];
      return statisticsAnswer({ ...acc.result(), openTrades: Number(c.open) });
    },
    async dashboardCompute() {
      const acc = analyticsMath.createDashboardAccumulator({ now: Date.now(), tz: 'UTC' });
      await eachRow(factsSql(p), [userId], (r) => acc.add(factOf(r)));
      return dashboardAnswer(acc.result().summary);
    },
    create: (body) => insertRows([newTradeRow(createDeps, userId, body)]),
    close: async () => client?.end(),
  };
}

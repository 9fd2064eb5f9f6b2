// The floor on SQLite: the same work as raw SQL through better-sqlite3 prepared statements,
// on a database with the same schema (core's migration statements) and the same pragmas.

import Database from 'better-sqlite3';
import { analyticsMath, newTradeRow } from '@tj/core/internal';
import { sqliteMigrations } from '@tj/core/sqlite';
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

const CHUNK = 100;
const p = () => '?';

/** The SQLite floor as a bench subject. */
export function sqliteFloorSubject(opts) {
  const { userId } = opts;
  let db;
  const stmts = {};
  const createDeps = rowDeps(opts.seed + 1000, opts.now);

  const insertRows = (rows) => {
    let i = 0;
    const values = [];
    for (; i + CHUNK <= rows.length; i += CHUNK) {
      values.length = 0;
      for (let j = i; j < i + CHUNK; j++) pushValues(values, rows[j]);
      stmts.insertChunk.run(values);
    }
    for (; i < rows.length; i++) {
      values.length = 0;
      pushValues(values, rows[i]);
      stmts.insertOne.run(values);
    }
    const open = rows.reduce((n, t) => n + (t.exitPrice === null ? 1 : 0), 0);
    stmts.bump.run(userId, rows.length, open);
  };

  return {
    async open() {
      db = new Database(opts.target);
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
      db.transaction(() => {
        for (const m of sqliteMigrations) for (const s of m.statements) db.exec(s);
      })();
      Object.assign(stmts, {
        insertChunk: db.prepare(insertSql(CHUNK, p)),
        insertOne: db.prepare(insertSql(1, p)),
        bump: db.prepare(bumpCountsSql(p)),
        page: db.prepare(pageSql(false, p)),
        pageFiltered: db.prepare(pageSql(true, p)),
        counters: db.prepare(countersSql(p)),
        count: db.prepare(countSql(p)).pluck(),
        openCount: db.prepare(openCountSql(p)).pluck(),
        statistics: db.prepare(statisticsSql(false, p)),
        statisticsFiltered: db.prepare(statisticsSql(true, p)),
        facts: db.prepare(factsSql(p)).raw(true),
        results: db.prepare(resultsSql(p)).raw(true),
      });
      stmts.insertMany = db.transaction(insertRows);
    },
    insertBatch: async (rows) => stmts.insertMany(rows),
    async list() {
      const rows = stmts.page.all(userId);
      return { ids: rows.map((r) => r.id), total: stmts.counters.get(userId).total };
    },
    async listFiltered(instrument) {
      const key = instrument.toLowerCase();
      const rows = stmts.pageFiltered.all(userId, key);
      return { ids: rows.map((r) => r.id), total: stmts.count.get(userId, key) };
    },
    async statistics(instrument) {
      if (!instrument) return statisticsFromRow(stmts.statistics.get(userId), stmts.counters.get(userId).open);
      const key = instrument.toLowerCase();
      return statisticsFromRow(stmts.statisticsFiltered.get(userId, key), stmts.openCount.get(userId, key));
    },
    async dashboard() {
      let closedTrades = 0;
      let micros = 0;
      for (const r of stmts.facts.iterate(userId)) {
        closedTrades++;
        micros += r[6];
      }
      return { closedTrades, totalPnL: micros / 1e6 };
    },
    async statisticsStream() {
      const acc = analyticsMath.createStatisticsAccumulator();
      for (const r of stmts.results.iterate(userId)) acc.add({ resultMicros: r[0], rMultiple: r[1] });
      return statisticsAnswer({ ...acc.result(), openTrades: stmts.counters.get(userId).open });
    },
    async dashboardCompute() {
      const acc = analyticsMath.createDashboardAccumulator({ now: Date.now(), tz: 'UTC' });
      for (const r of stmts.facts.iterate(userId)) acc.add(factOf(r));
      return dashboardAnswer(acc.result().summary);
    },
    async create(body) {
      stmts.insertMany([newTradeRow(createDeps, userId, body)]);
    },
    close: async () => db?.close(),
  };
}

// The import floors: the same trades (read and matched by core's reader beforehand, untimed) and
// their executions written raw in one transaction, timing only the writes.
//   SQLite      better-sqlite3 prepared multi-row INSERTs (100 rows a statement)
//   PostgreSQL  COPY … FROM STDIN (text format) through pg-copy-streams, one COPY per table per batch
//
//   await floorImport(d, url, file, userId) -> { ms, trades, executions }

import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { formatRegistry, newTradeRow, openBrokerFile, systemClock, uuidv7Generator } from '@tj/core/internal';
import Database from 'better-sqlite3';
import { rawClient } from '../lib/postgres.mjs';
import { nowMs } from '../lib/stats.mjs';
import { bumpCountsSql, EXECUTION_COLUMNS, executionValues, insertSql, TRADE_COLUMNS, tradeValues } from './rows.mjs';

const BATCH = 10_000;

/** Batches of { trades, executions } (column values) read from the file, untimed. */
async function* batches(file, userId) {
  const deps = { clock: systemClock, ids: uuidv7Generator(systemClock) };
  const importId = deps.ids.next();
  const opened = await openBrokerFile(() => createReadStream(file, { highWaterMark: 256 * 1024 }), {
    registry: formatRegistry(),
    sourceTz: 'UTC',
  });
  let trades = [];
  let executions = [];
  let open = 0;
  for await (const item of opened.items) {
    const row = newTradeRow(deps, userId, item.input, { importKey: item.importKey, importId });
    trades.push(tradeValues(row));
    if (row.exitPrice === null) open++;
    executions.push(...executionValues(userId, row.id, item));
    if (trades.length === BATCH) {
      yield { trades, executions, open };
      trades = [];
      executions = [];
      open = 0;
    }
  }
  if (trades.length > 0) yield { trades, executions, open };
}

function sqliteWriter(url) {
  const db = new Database(url);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  const CHUNK = 100;
  const statements = (table, columns) => ({
    chunk: db.prepare(insertSql(table, columns, CHUNK)),
    one: db.prepare(insertSql(table, columns, 1)),
  });
  const trades = statements('trades', TRADE_COLUMNS);
  const execs = statements('trade_executions', EXECUTION_COLUMNS);
  const bump = db.prepare(bumpCountsSql(() => '?'));
  const values = [];
  const insert = (s, rows) => {
    let i = 0;
    for (; i + CHUNK <= rows.length; i += CHUNK) {
      values.length = 0;
      for (let j = i; j < i + CHUNK; j++) for (const v of rows[j]) values.push(v);
      s.chunk.run(values);
    }
    for (; i < rows.length; i++) s.one.run(rows[i]);
  };
  return {
    begin: async () => db.exec('BEGIN'),
    async write(b, userId) {
      insert(trades, b.trades);
      insert(execs, b.executions);
      bump.run(userId, b.trades.length, b.open);
    },
    commit: async () => db.exec('COMMIT'),
    close: async () => db.close(),
  };
}

/** One value in COPY's text format. */
function copyText(v) {
  if (v === null || v === undefined) return '\\N';
  if (typeof v !== 'string') return String(v);
  return /[\\\t\n\r]/.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]) : v;
}

const copyLines = (rows) => rows.map((r) => `${r.map(copyText).join('\t')}\n`).join('');

async function postgresWriter(d, url) {
  const { from: copyFrom } = await import('pg-copy-streams');
  const client = await rawClient(d.pgUrl, new URL(url).searchParams.get('schema'));
  const copy = (table, columns, rows) =>
    pipeline(Readable.from([copyLines(rows)]), client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`)));
  const bump = bumpCountsSql((i) => `$${i}`);
  return {
    begin: () => client.query('BEGIN'),
    async write(b, userId) {
      await copy('trades', TRADE_COLUMNS, b.trades);
      if (b.executions.length > 0) await copy('trade_executions', EXECUTION_COLUMNS, b.executions);
      await client.query({ name: 'bump', text: bump, values: [userId, b.trades.length, b.open] });
    },
    commit: () => client.query('COMMIT'),
    close: () => client.end(),
  };
}

/** Writes the file's trades and executions raw; the time of the writes alone. */
export async function floorImport(d, url, file, userId) {
  const writer = d.db === 'sqlite' ? sqliteWriter(url) : await postgresWriter(d, url);
  let ms = 0;
  let trades = 0;
  let executions = 0;
  const timed = async (fn) => {
    const t0 = nowMs();
    await fn();
    ms += nowMs() - t0;
  };
  try {
    await timed(() => writer.begin());
    for await (const b of batches(file, userId)) {
      await timed(() => writer.write(b, userId));
      trades += b.trades.length;
      executions += b.executions.length;
    }
    await timed(() => writer.commit());
  } finally {
    await writer.close();
  }
  return { ms, trades, executions };
}

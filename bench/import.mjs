#!/usr/bin/env node
// Import benchmark (`pnpm bench:import`, after `pnpm build`): writes files of 100,000 and
// 1,000,000 executions in two formats, our fills CSV and a Tradovate Fills export, and imports
// each with `core.imports.create` (what `tj import` calls; in a child process: detection, CSV
// reading with csv-parse, dedup keys, FIFO matching, validation, trades and their executions and
// the import record written in one transaction; the record lists the created trades' ids) into a
// fresh SQLite file. Beside it, the floor: the same trades (read and matched
// beforehand, untimed) and their executions inserted with raw better-sqlite3 prepared multi-row
// INSERTs in one transaction, timing only the inserts. It prints fills/s for both, ours as a share of the floor
// (target: at least 30%), and each process's peak RSS, which should not grow with the file.
// Figures only: nothing asserts a time. --dry-run imports as a dry run (the same reading, matching
// and writes, rolled back, no record and no ids): the import's own memory without the record's ids.
//
//   BENCH_SCALE=1000000 node bench/import.mjs [--sizes 100000,1000000] [--formats fills,tradovate] [--seed 7] [--keep] [--dry-run]
//
// BENCH_SCALE (default 1,000,000) is the largest size when --sizes is not given.

import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isChildProcess, runChild, sendResult } from './lib/child.mjs';
import { nowMs } from './lib/stats.mjs';
import { fmtInt, fmtMiB, fmtRate, printTable } from './lib/table.mjs';
import { seededRandom } from './lib/trades.mjs';
import { bumpCountsSql, insertSql, pushValues } from './storage/floor-sql.mjs';

const SCRIPT = fileURLToPath(import.meta.url);
const PASSWORD_COST = { N: 1024, r: 8, p: 1 };
const USER = { email: 'bench@example.com', name: 'Bench', password: 'bench password' };
const BASE = { ES: 5000, NQ: 18000, CL: 80, GC: 2000, AAPL: 190, MSFT: 420, TSLA: 250, SPY: 500, EURUSD: 1.08, BTCUSD: 60000 };
/** Tradovate contracts (catalogued roots) and their starting prices. */
const FUTURES = { ESZ6: 5000, NQZ6: 18000, MESZ6: 5000, MNQZ6: 18000, CLZ6: 80, GCZ6: 2000, YMZ6: 39000, RTYZ6: 2100 };

/** Deterministic fills, oldest first: round trips per symbol, with some scale-ins and partial exits. */
function* fills(count, seed, base) {
  const symbols = Object.keys(base);
  const rnd = seededRandom(seed);
  const price = { ...base };
  const open = new Map();
  let t = Date.UTC(2020, 0, 2, 14, 30);
  for (let n = 1; n <= count; n++) {
    const sym = symbols[Math.floor(rnd() * symbols.length)];
    t += 1000 + Math.floor(rnd() * 30_000);
    price[sym] *= 1 + (rnd() - 0.5) * 0.004;
    const pos = open.get(sym);
    let side;
    let qty;
    if (!pos) {
      side = rnd() < 0.6 ? 'buy' : 'sell';
      qty = 1 + Math.floor(rnd() * 10);
      open.set(sym, { side, qty });
    } else if (rnd() < 0.1) {
      side = pos.side;
      qty = 1 + Math.floor(rnd() * 5);
      pos.qty += qty;
    } else {
      side = pos.side === 'buy' ? 'sell' : 'buy';
      qty = pos.qty > 1 && rnd() < 0.25 ? Math.ceil(pos.qty / 2) : pos.qty;
      pos.qty -= qty;
      if (pos.qty === 0) open.delete(sym);
    }
    yield { n, t, sym, side, qty, price: price[sym] };
  }
}

/** The two file layouts: our fills CSV and Tradovate's Fills export (prices on the tick, UTC `_timestamp`). */
const LAYOUTS = {
  fills: {
    header: 'datetime,symbol,side,quantity,price,commission,exec_id\n',
    base: BASE,
    line: (f) =>
      `${new Date(f.t).toISOString()},${f.sym},${f.side},${f.qty},${f.price.toFixed(f.price < 10 ? 5 : 2)},${(f.qty * 0.35).toFixed(2)},E${f.n}\n`,
  },
  tradovate: {
    header: '_id,_orderId,_contractId,_timestamp,_tradeDate,_action,_qty,_price,Account,Contract,Product,commission\n',
    base: FUTURES,
    line: (f) => {
      const iso = new Date(f.t).toISOString();
      const price = (Math.round(f.price * 4) / 4).toFixed(2);
      return `${f.n},${f.n},1,${iso},${iso.slice(0, 10)},${f.side === 'buy' ? 0 : 1},${f.qty},${price},DEMO1,${f.sym},${f.sym.slice(0, -2)},${(f.qty * 0.62).toFixed(2)}\n`;
    },
  },
};

async function writeFills(path, layout, count, seed) {
  const { header, base, line } = LAYOUTS[layout];
  const out = createWriteStream(path);
  out.write(header);
  let chunk = '';
  for (const f of fills(count, seed, base)) {
    const text = line(f);
    chunk += text;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

/** A fresh SQLite database with the bench user (core's schema), returning the user's id. */
async function databaseWithUser(db) {
  const { openStorage } = await import('@tj/core/storage');
  const { createCore } = await import('@tj/core');
  const storage = await openStorage(db);
  const user = await createCore({ storage, auth: { passwordCost: PASSWORD_COST } }).auth.createUser(USER);
  await storage.close();
  return user.id;
}

/** Ours: `core.imports.create` on the file (what `tj import` calls), format detected, in one transaction. */
async function childOurs(file, db, dryRun) {
  await databaseWithUser(db);
  const { openStorage } = await import('@tj/core/storage');
  const { createCore } = await import('@tj/core');
  const storage = await openStorage(db);
  const core = createCore({ storage });
  const [user] = await storage.repos.users.list();
  const source = { name: file, open: () => createReadStream(file, { highWaterMark: 256 * 1024 }) };
  const start = nowMs();
  const record = await core.imports.create(user.id, source, { sourceTz: 'UTC', dryRun });
  const ms = nowMs() - start;
  await storage.close();
  const created = record.counts.tradesCreated;
  if (!dryRun && record.tradeIds.length !== created)
    throw new Error(`the record lists ${record.tradeIds.length} of ${created} trades`);
  await sendResult({ ms, summary: { created, format: record.format.name } });
}

/** The floor: the same trades, matched untimed in batches, inserted raw in one transaction (timed). */
async function childFloor(file, db) {
  const userId = await databaseWithUser(db);
  const { default: Database } = await import('better-sqlite3');
  const { formatRegistry, newTradeRow, openBrokerFile, systemClock, uuidv7Generator } = await import('@tj/core/internal');
  const raw = new Database(db);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  const CHUNK = 100;
  const p = () => '?';
  const insertChunk = raw.prepare(insertSql(CHUNK, p));
  const insertOne = raw.prepare(insertSql(1, p));
  const bump = raw.prepare(bumpCountsSql(p));
  const deps = { clock: systemClock, ids: uuidv7Generator(systemClock) };
  const values = [];
  let ms = 0;
  let trades = 0;
  let open = 0;
  const insert = (rows) => {
    const start = nowMs();
    let i = 0;
    for (; i + CHUNK <= rows.length; i += CHUNK) {
      values.length = 0;
      for (let j = i; j < i + CHUNK; j++) pushValues(values, rows[j]);
      insertChunk.run(values);
    }
    for (; i < rows.length; i++) {
      values.length = 0;
      pushValues(values, rows[i]);
      insertOne.run(values);
    }
    ms += nowMs() - start;
  };
  // The executions each trade keeps, inserted raw too (the floor writes what the import writes).
  const EXEC_COLUMNS = 14;
  const execSql = (n) =>
    `INSERT INTO trade_executions (user_id, trade_id, seq, exec_key, account, instrument, exec_time, side, quantity, price, commission_micros, fees_micros, exec_id, multiplier) VALUES ${Array.from({ length: n }, () => `(${Array(EXEC_COLUMNS).fill('?').join(',')})`).join(',')}`;
  const execChunk = raw.prepare(execSql(CHUNK));
  const execOne = raw.prepare(execSql(1));
  const execValues = [];
  const insertExecutions = (rows) => {
    const start = nowMs();
    let i = 0;
    for (; i + CHUNK <= rows.length; i += CHUNK) {
      execValues.length = 0;
      for (let j = i; j < i + CHUNK; j++) execValues.push(...rows[j]);
      execChunk.run(execValues);
    }
    for (; i < rows.length; i++) execOne.run(rows[i]);
    ms += nowMs() - start;
  };
  let executions = [];
  let start = nowMs();
  raw.exec('BEGIN');
  ms += nowMs() - start;
  let batch = [];
  const opened = await openBrokerFile(() => createReadStream(file, { highWaterMark: 256 * 1024 }), {
    registry: formatRegistry(),
    sourceTz: 'UTC',
  });
  for await (const t of opened.items) {
    const row = newTradeRow(deps, userId, t.input, { importKey: t.importKey });
    batch.push(row);
    for (const [seq, p] of t.executions.entries()) {
      executions.push([
        userId,
        row.id,
        seq,
        p.fill.execId === undefined ? p.key : `id:${p.fill.execId}`,
        p.fill.account,
        p.fill.symbol,
        p.fill.datetime,
        p.fill.side,
        p.units / 1e8,
        p.fill.price,
        p.commissionMicros,
        p.feesMicros,
        p.fill.execId ?? null,
        p.fill.multiplier,
      ]);
    }
    trades++;
    if (row.exitPrice === null) open++;
    if (batch.length === 10_000) {
      insert(batch);
      insertExecutions(executions);
      batch = [];
      executions = [];
    }
  }
  insert(batch);
  insertExecutions(executions);
  start = nowMs();
  bump.run(userId, trades, open);
  raw.exec('COMMIT');
  ms += nowMs() - start;
  raw.close();
  await sendResult({ ms, trades });
}

async function main() {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string' },
      formats: { type: 'string', default: 'fills,tradovate' },
      seed: { type: 'string', default: '7' },
      keep: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
    },
  });
  const scale = Number((process.env.BENCH_SCALE ?? '1000000').replaceAll('_', ''));
  const sizes = values.sizes
    ? values.sizes.split(',').map((s) => Number(s.replaceAll('_', '')))
    : [...new Set([Math.min(100_000, scale), scale])];
  const layouts = values.formats.split(',');
  const dir = mkdtempSync(join(tmpdir(), 'tj-bench-import-'));
  const rows = [];
  try {
    for (const layout of layouts)
      for (const size of sizes) {
        const file = join(dir, `${layout}-${size}.csv`);
        await writeFills(file, layout, size, Number(values.seed));
        console.log(`${fmtInt(size)} ${layout} rows written (${fmtMiB(statSync(file).size)}); importing…`);
        const ours = await runChild(SCRIPT, [
          '--child',
          'ours',
          file,
          join(dir, `ours-${layout}-${size}.db`),
          ...(values['dry-run'] ? ['--dry-run'] : []),
        ]);
        const floor = await runChild(SCRIPT, ['--child', 'floor', file, join(dir, `floor-${layout}-${size}.db`)]);
        const oursRate = (size / ours.value.ms) * 1000;
        const floorRate = (size / floor.value.ms) * 1000;
        const s = ours.value.summary;
        if (s.created !== floor.value.trades)
          throw new Error(`ours created ${s.created} trades, the floor ${floor.value.trades}`);
        rows.push({
          format: s.format,
          fills: fmtInt(size),
          trades: fmtInt(s.created),
          ours: fmtRate(oursRate),
          oursTime: `${(ours.value.ms / 1000).toFixed(2)} s`,
          oursRss: fmtMiB(ours.maxRssBytes),
          floor: fmtRate(floorRate),
          floorTime: `${(floor.value.ms / 1000).toFixed(2)} s`,
          floorRss: fmtMiB(floor.maxRssBytes),
          share: `${((oursRate / floorRate) * 100).toFixed(0)}%`,
        });
        if (!values.keep) rmSync(file, { force: true });
      }
  } finally {
    if (!values.keep) rmSync(dir, { recursive: true, force: true });
  }
  const columns = [
    { key: 'format', label: 'format' },
    { key: 'fills', label: 'fills' },
    { key: 'trades', label: 'trades' },
    { key: 'ours', label: 'imports.create fills/s' },
    { key: 'oursTime', label: 'time' },
    { key: 'oursRss', label: 'peak RSS' },
    { key: 'floor', label: 'floor fills/s' },
    { key: 'floorTime', label: 'insert time' },
    { key: 'floorRss', label: 'floor RSS' },
    { key: 'share', label: 'ours/floor' },
  ];
  printTable(columns, rows, {
    title: `core.imports.create${values['dry-run'] ? ' as a dry run' : ''} (SQLite, one transaction) vs raw better-sqlite3 prepared INSERTs of the same trades and executions`,
  });
  console.log('\nTarget: ours at least 30% of the floor; peak RSS flat from 100k to 1M fills.');
}

if (isChildProcess() && process.argv.includes('--child')) {
  const [, , , kind, file, db] = process.argv;
  await (kind === 'ours' ? childOurs(file, db, process.argv.includes('--dry-run')) : childFloor(file, db));
} else {
  await main();
}

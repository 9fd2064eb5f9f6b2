#!/usr/bin/env node
// Import benchmark (`pnpm bench:import`, after `pnpm build`): writes fills CSV files of 100,000 and
// 1,000,000 executions and imports each with the CLI's real code path (`tj import`, in-process in a
// child process: CSV reading, FIFO matching, validation, one transaction) into a fresh SQLite file.
// Beside it, the floor: the same trades (matched beforehand, untimed) inserted with raw
// better-sqlite3 prepared multi-row INSERTs in one transaction, timing only the inserts. It prints
// fills/s for both, ours as a share of the floor (target: at least 30%), and each process's peak
// RSS, which should not grow with the file. Figures only: nothing asserts a time.
//
//   node bench/import.mjs [--sizes 100000,1000000] [--seed 7] [--keep]

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
const SYMBOLS = Object.keys(BASE);

/** Deterministic fills, oldest first: round trips per symbol, with some scale-ins and partial exits. */
function* fillLines(count, seed) {
  const rnd = seededRandom(seed);
  const price = { ...BASE };
  const open = new Map();
  let t = Date.UTC(2020, 0, 2, 14, 30);
  for (let n = 1; n <= count; n++) {
    const sym = SYMBOLS[Math.floor(rnd() * SYMBOLS.length)];
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
    const decimals = price[sym] < 10 ? 5 : 2;
    yield `${new Date(t).toISOString()},${sym},${side},${qty},${price[sym].toFixed(decimals)},${(qty * 0.35).toFixed(2)},E${n}\n`;
  }
}

async function writeFills(path, count, seed) {
  const out = createWriteStream(path);
  out.write('datetime,symbol,side,quantity,price,commission,exec_id\n');
  let chunk = '';
  for (const line of fillLines(count, seed)) {
    chunk += line;
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

/** Ours: `tj --db DB --json import FILE --no-progress`, run in this process through the CLI's entry. */
async function childOurs(file, db) {
  await databaseWithUser(db);
  const { runCli } = await import('@tj/cli');
  let stdout = '';
  let stderr = '';
  const sink = (add) => ({
    isTTY: false,
    write(s) {
      add(s);
      return true;
    },
  });
  const io = {
    stdin: { isTTY: false },
    stdout: sink((s) => (stdout += s)),
    stderr: sink((s) => (stderr += s)),
    env: { ...process.env, TJ_DATABASE_URL: '', TJ_USER: '' },
  };
  const start = nowMs();
  const code = await runCli(['--db', db, '--json', 'import', file, '--no-progress'], io);
  const ms = nowMs() - start;
  if (code !== 0) throw new Error(`tj import exited ${code}: ${stderr}`);
  await sendResult({ ms, summary: JSON.parse(stdout) });
}

/** The floor: the same trades, matched untimed in batches, inserted raw in one transaction (timed). */
async function childFloor(file, db) {
  const userId = await databaseWithUser(db);
  const { default: Database } = await import('better-sqlite3');
  const { matchFills, newTradeRow, readFillsCsv, systemClock, uuidv7Generator } = await import('@tj/core');
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
  let start = nowMs();
  raw.exec('BEGIN');
  ms += nowMs() - start;
  let batch = [];
  for await (const t of matchFills(readFillsCsv(createReadStream(file, { highWaterMark: 256 * 1024 })))) {
    const row = newTradeRow(deps, userId, t.input, { importKey: t.importKey });
    batch.push(row);
    trades++;
    if (row.exitPrice === null) open++;
    if (batch.length === 10_000) {
      insert(batch);
      batch = [];
    }
  }
  insert(batch);
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
      sizes: { type: 'string', default: '100000,1000000' },
      seed: { type: 'string', default: '7' },
      keep: { type: 'boolean' },
    },
  });
  const sizes = values.sizes.split(',').map((s) => Number(s.replaceAll('_', '')));
  const dir = mkdtempSync(join(tmpdir(), 'tj-bench-import-'));
  const rows = [];
  try {
    for (const size of sizes) {
      const file = join(dir, `fills-${size}.csv`);
      await writeFills(file, size, Number(values.seed));
      console.log(`${fmtInt(size)} fills written (${fmtMiB(statSync(file).size)}); importing…`);
      const ours = await runChild(SCRIPT, ['--child', 'ours', file, join(dir, `ours-${size}.db`)]);
      const floor = await runChild(SCRIPT, ['--child', 'floor', file, join(dir, `floor-${size}.db`)]);
      const oursRate = (size / ours.value.ms) * 1000;
      const floorRate = (size / floor.value.ms) * 1000;
      const s = ours.value.summary;
      if (s.created !== floor.value.trades) throw new Error(`ours created ${s.created} trades, the floor ${floor.value.trades}`);
      rows.push({
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
    { key: 'fills', label: 'fills' },
    { key: 'trades', label: 'trades' },
    { key: 'ours', label: 'tj import fills/s' },
    { key: 'oursTime', label: 'time' },
    { key: 'oursRss', label: 'peak RSS' },
    { key: 'floor', label: 'floor fills/s' },
    { key: 'floorTime', label: 'insert time' },
    { key: 'floorRss', label: 'floor RSS' },
    { key: 'share', label: 'ours/floor' },
  ];
  printTable(columns, rows, {
    title: 'tj import (SQLite, one transaction) vs raw better-sqlite3 prepared INSERTs of the same trades',
  });
  console.log('\nTarget: ours at least 30% of the floor; peak RSS flat from 100k to 1M fills.');
}

if (isChildProcess() && process.argv.includes('--child')) {
  const [, , , kind, file, db] = process.argv;
  await (kind === 'ours' ? childOurs(file, db) : childFloor(file, db));
} else {
  await main();
}

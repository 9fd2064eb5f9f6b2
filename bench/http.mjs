#!/usr/bin/env node
// The trade list over HTTP (`pnpm bench:http`, after `pnpm build`). Seeds BENCH_HTTP_TRADES trades
// (default 100,000) for one user through storage's insertMany, then drives with autocannon (a
// second process, BENCH_CONNECTIONS=10 connections, BENCH_SECONDS=4 per run) on loopback:
//   ours   GET /api/trades?limit=20 on our server: bearer-token auth, routing, rate-limit headers,
//          request id, the page and its total;
//   floor  a bare node:http server answering the same JSON (the same 20 trade records and the
//          total from the counters row) through the driver: a better-sqlite3 prepared statement on
//          SQLite, named (prepared) pg queries over a pool of the same size on PostgreSQL.
// Both answers are fetched once and checked equal first. Runs alternate over BENCH_ROUNDS (3)
// rounds; the medians give the ratio ours ÷ floor (req/s), target ≥ 0.85. Figures only.
//
//   BENCH_HTTP_TRADES=100000 BENCH_SECONDS=4 BENCH_ROUNDS=3 node bench/http.mjs

import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer as createBareServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { openStorage } from '@tj/core/storage';
import { createCore } from '@tj/core';
import { createServer, jsonLogger } from '@tj/http';
import Database from 'better-sqlite3';
import pg from 'pg';
import { envInt, median, runBench } from './lib/databases.mjs';
import { atLeast } from './lib/figures.mjs';
import { analyze, seedTrades } from './lib/seed.mjs';
import { fmtInt } from './lib/table.mjs';

const TRADES = envInt('BENCH_HTTP_TRADES', Math.min(100_000, envInt('BENCH_SCALE', 100_000)));
const SECONDS = envInt('BENCH_SECONDS', 4);
const ROUNDS = Math.max(1, envInt('BENCH_ROUNDS', 3));
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 10);
const COST = { N: 1024, r: 8, p: 1 };
const USER = { email: 'bench@example.com', name: 'Bench', password: 'bench password 1' };
const NOW = Date.parse('2026-11-20T21:00:00Z');
const require = createRequire(import.meta.url);
const autocannonBin = join(require.resolve('autocannon/package.json'), '..', 'autocannon.js');
const log = (db, text) => console.error(`  [http ${db}] ${text}`);

const COLUMNS = `id, instrument, direction, entry_price, position_size, entry_time, stop_loss, take_profit, setup_type,
  notes, tags, fees, multiplier, exit_price, exit_time, result_micros, r_multiple, created_at, updated_at, account,
  asset_class, currency, underlying, expiry, strike, option_right, import_id`;
const pageSql = (p) => `SELECT ${COLUMNS} FROM trades WHERE user_id = ${p} ORDER BY entry_time DESC, id DESC LIMIT 20`;
const totalSql = (p) => `SELECT total FROM trade_counts WHERE user_id = ${p}`;

const iso = (ms) => (ms === null ? null : new Date(Number(ms)).toISOString());
/** A trade record, as the API shows it, from a raw row. */
const record = (r) => ({
  id: r.id,
  instrument: r.instrument,
  direction: r.direction,
  entryPrice: r.entry_price,
  positionSize: r.position_size,
  entryTime: iso(r.entry_time),
  stopLoss: r.stop_loss,
  takeProfit: r.take_profit,
  setupType: r.setup_type,
  notes: r.notes,
  tags: JSON.parse(r.tags),
  fees: r.fees,
  multiplier: r.multiplier,
  exitPrice: r.exit_price,
  exitTime: iso(r.exit_time),
  result: r.result_micros === null ? null : Number(r.result_micros) / 1e6,
  rMultiple: r.r_multiple,
  rSource: r.r_multiple === null ? null : r.stop_loss === null ? 'default risk' : 'stop',
  status: r.exit_price === null ? 'open' : 'closed',
  account: r.account,
  assetClass: r.asset_class,
  currency: r.currency,
  underlying: r.underlying,
  expiry: r.expiry,
  strike: r.strike,
  right: r.option_right,
  importId: r.import_id,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/** The page and total through the raw driver: { page(), close() }. */
function rawPage(d, url, userId) {
  if (d.db === 'sqlite') {
    const db = new Database(url, { readonly: true });
    const page = db.prepare(pageSql('?'));
    const total = db.prepare(totalSql('?')).pluck();
    return { page: async () => ({ rows: page.all(userId), total: total.get(userId) }), close: async () => db.close() };
  }
  const schema = new URL(url).searchParams.get('schema');
  const parseNumber = (v) => (v === null ? null : Number(v));
  const types = { getTypeParser: (oid, f) => (oid === 20 ? parseNumber : pg.types.getTypeParser(oid, f)) };
  const pool = new pg.Pool({ connectionString: d.pgUrl, max: CONNECTIONS, options: `-c search_path=${schema}`, types });
  return {
    async page() {
      const rows = await pool.query({ name: 'page', text: pageSql('$1'), values: [userId] });
      const total = await pool.query({ name: 'total', text: totalSql('$1'), values: [userId] });
      return { rows: rows.rows, total: total.rows[0].total };
    },
    close: () => pool.end(),
  };
}

function listen(server) {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) }),
    ),
  );
}

/** The floor: bare node:http answering the same JSON as ours from the raw page. */
function bareServer(raw) {
  return listen(
    createBareServer(async (_req, res) => {
      const { rows, total } = await raw.page();
      const body = JSON.stringify({
        trades: rows.map(record),
        pagination: { page: 1, limit: 20, total, pages: Math.ceil(total / 20) },
      });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    }),
  );
}

function load(url, headers = {}, seconds = SECONDS) {
  const args = [autocannonBin, '-j', '-c', String(CONNECTIONS), '-d', String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => {
      if (err) return reject(err);
      const r = JSON.parse(stdout);
      const bad = r.non2xx + r.errors + r.timeouts;
      if (bad > 0) return reject(new Error(`${url}: ${bad} failed requests`));
      resolve(r.requests.average);
    });
  });
}

async function perDatabase(d) {
  const url = d.url('http');
  const storage = await openStorage(url);
  let user;
  try {
    user = await createCore({ storage, auth: { passwordCost: COST } }).auth.createUser(USER);
    const s = await seedTrades(storage, { userId: user.id, count: TRADES, seed: 11, now: NOW });
    log(d.db, `seeded ${fmtInt(TRADES)} trades in ${(s.ms / 1000).toFixed(1)} s`);
  } finally {
    await storage.close();
  }
  await analyze(d, url);
  const devNull = createWriteStream('/dev/null');
  const app = await createServer({
    databaseUrl: url,
    port: 0,
    host: '127.0.0.1',
    openRegistration: false,
    allowPrivateWebhooks: false,
    passwordCost: COST,
    rateLimit: { user: { limit: 1e9, windowSeconds: 60 }, ip: { limit: 1e9, windowSeconds: 60 } },
    logger: jsonLogger(devNull),
  });
  const oursUrl = await app.listen();
  const raw = rawPage(d, url, user.id);
  const bare = await bareServer(raw);
  try {
    const login = await fetch(`${oursUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: USER.email, password: USER.password }),
    }).then((r) => r.json());
    const auth = { authorization: `Bearer ${login.accessToken}` };
    const path = '/api/trades?limit=20';
    const ours = await fetch(`${oursUrl}${path}`, { headers: auth }).then((r) => r.json());
    const floor = await fetch(`${bare.url}${path}`).then((r) => r.json());
    if (!isDeepStrictEqual(ours.trades, floor.trades) || ours.pagination.total !== floor.pagination.total)
      throw new Error('ours and the floor answer different pages');
    await load(`${bare.url}${path}`, {}, 2);
    await load(`${oursUrl}${path}`, auth, 2);
    const rps = { ours: [], floor: [] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const side of i % 2 === 0 ? ['floor', 'ours'] : ['ours', 'floor'])
        rps[side].push(side === 'ours' ? await load(`${oursUrl}${path}`, auth) : await load(`${bare.url}${path}`));
    }
    log(d.db, `req/s ours ${rps.ours.map(Math.round).join(', ')}; floor ${rps.floor.map(Math.round).join(', ')}`);
    const o = median(rps.ours);
    const f = median(rps.floor);
    return [
      atLeast(`GET /api/trades?limit=20 + total, ${fmtInt(TRADES)} trades`, d.db, {
        ours: `${fmtInt(o)} req/s`,
        floor: `${fmtInt(f)} req/s`,
        ratio: o / f,
        min: 0.85,
      }),
    ];
  } finally {
    await bare.close();
    await raw.close();
    await app.close();
    devNull.end();
  }
}

await runBench(
  'http',
  `Trade list over HTTP (${CONNECTIONS} connections, ${SECONDS} s per run, median of ${ROUNDS} alternating rounds) vs bare node:http + driver`,
  perDatabase,
);

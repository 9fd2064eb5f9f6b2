#!/usr/bin/env node
// HTTP benchmark: seeds SQLite with 100,000 trades for one user, then drives our server with
// autocannon in a second process on loopback and prints req/s, p50 and p99 for the authenticated
// trade list, the dashboard (unchanged data, so answered from the analytics cache; `pnpm bench` times
// the cold scan) and trade creation, next to a minimal baseline (bare node:http +
// one prepared better-sqlite3 statement, no auth, no total). Run: pnpm build && pnpm bench:http
// The list runs are interleaved over BENCH_ROUNDS rounds and the median is printed, so a busy
// machine skews both sides alike. A third server (bare node:http calling core.trades.list, no auth,
// no routing) shows how much of the gap is the HTTP layer and how much is core's list itself.
// Env: BENCH_TRADES (100000), BENCH_SECONDS (8), BENCH_CONNECTIONS (10), BENCH_ROUNDS (3).
import { coreDeps } from '@tj/core/internal';
import { execFile } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createBareServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, tradeCreateSchema } from '@tj/core';
import { newTradeRow, parseInput } from '@tj/core/internal';
import { openStorage } from '@tj/core/storage';
import { createServer, jsonLogger } from '@tj/http';
import Database from 'better-sqlite3';

const TRADES = Number(process.env.BENCH_TRADES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const COST = { N: 1024, r: 8, p: 1 };
const require = createRequire(import.meta.url);
const autocannonBin = join(require.resolve('autocannon/package.json'), '..', 'autocannon.js');

async function seed(file) {
  const storage = await openStorage(file);
  const core = createCore({ storage, auth: { passwordCost: COST } });
  const user = await core.auth.createUser({ email: 'bench@example.com', name: 'Bench', password: 'bench password 1' });
  const instruments = ['ES', 'NQ', 'AAPL', 'MSFT', 'EURUSD', 'CL', 'GC', 'BTCUSD'];
  const start = Date.parse('2020-01-01T14:30:00Z');
  for (let i = 0; i < TRADES; i += 5000) {
    const rows = [];
    for (let j = i; j < Math.min(TRADES, i + 5000); j++) {
      const entry = 100 + (j % 50);
      const exit = entry + ((j * 7919) % 11) - 5;
      const closed = j % 10 !== 0;
      const body = {
        instrument: instruments[j % instruments.length],
        direction: j % 3 === 0 ? 'short' : 'long',
        entryPrice: entry,
        positionSize: 1 + (j % 5),
        entryTime: new Date(start + j * 1_200_000).toISOString(),
        setupType: j % 2 ? 'breakout' : 'pullback',
        tags: j % 4 ? ['a'] : [],
        ...(j % 3 === 0 ? { stopLoss: entry + 2 } : { stopLoss: entry - 2 }),
        ...(closed ? { exitPrice: exit, exitTime: new Date(start + j * 1_200_000 + 3_600_000).toISOString() } : {}),
      };
      rows.push(newTradeRow(coreDeps(core), user.id, parseInput(tradeCreateSchema, body)));
    }
    await storage.transaction((tx) => tx.trades.insertMany(rows));
  }
  await storage.close();
  return user;
}

function bareServer(file, userId) {
  const db = new Database(file, { readonly: true });
  const page = db.prepare(
    `SELECT id, instrument, direction, entry_price, position_size, entry_time, stop_loss, take_profit, setup_type, notes,
            tags, fees, multiplier, exit_price, exit_time, result_micros, r_multiple, status, created_at, updated_at
     FROM trades WHERE user_id = ? ORDER BY entry_time DESC, id DESC LIMIT 20`,
  );
  const iso = (ms) => (ms === null ? null : new Date(ms).toISOString());
  const server = createBareServer((_req, res) => {
    const trades = page.all(userId).map((r) => ({
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
      result: r.result_micros === null ? null : r.result_micros / 1e6,
      rMultiple: r.r_multiple,
      status: r.status,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
    }));
    const body = JSON.stringify({ trades });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () =>
          new Promise((r) =>
            server.close(() => {
              db.close();
              r();
            }),
          ),
      }),
    ),
  );
}

function coreDirectServer(core, userId) {
  const server = createBareServer(async (_req, res) => {
    const body = JSON.stringify(await core.trades.list(userId, { limit: '20' }));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) }),
    ),
  );
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const medianOf = (runs) => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  bad: runs.reduce((n, r) => n + r.bad, 0),
});

function load(url, { method = 'GET', headers = {}, body, seconds = SECONDS } = {}) {
  const args = [autocannonBin, '-j', '-c', String(CONNECTIONS), '-d', String(seconds), '-m', method];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  if (body) args.push('-b', body);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => {
      if (err) return reject(err);
      const r = JSON.parse(stdout);
      const bad = r.non2xx + r.errors + r.timeouts;
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, bad });
    });
  });
}

const fmt = (name, r) =>
  `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms${r.bad ? `   (${r.bad} non-2xx/errors!)` : ''}`;

const dir = mkdtempSync(join(tmpdir(), 'tj-bench-http-'));
try {
  const file = join(dir, 'journal.db');
  const t = performance.now();
  const user = await seed(file);
  console.log(
    `seeded ${TRADES} trades in ${((performance.now() - t) / 1000).toFixed(1)} s; ${CONNECTIONS} connections, ${SECONDS} s per run`,
  );

  const devNull = createWriteStream('/dev/null');
  const app = await createServer({
    databaseUrl: file,
    port: 0,
    host: '127.0.0.1',
    openRegistration: false,
    allowPrivateWebhooks: false,
    passwordCost: COST,
    rateLimit: { user: { limit: 1e9, windowSeconds: 60 }, ip: { limit: 1e9, windowSeconds: 60 } },
    logger: jsonLogger(devNull),
  });
  const url = await app.listen();
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench password 1' }),
  }).then((r) => r.json());
  const auth = { authorization: `Bearer ${login.accessToken}` };
  const bare = await bareServer(file, user.id);

  const direct = await coreDirectServer(app.core, user.id);

  await load(`${bare.url}/api/trades?limit=20`, { seconds: 2 });
  await load(`${url}/api/trades?limit=20`, { headers: auth, seconds: 2 });
  const runs = { baseline: [], direct: [], list: [] };
  for (let i = 0; i < ROUNDS; i++) {
    runs.baseline.push(await load(`${bare.url}/api/trades?limit=20`));
    runs.direct.push(await load(`${direct.url}/api/trades?limit=20`));
    runs.list.push(await load(`${url}/api/trades?limit=20`, { headers: auth }));
  }
  const baseline = medianOf(runs.baseline);
  const coreOnly = medianOf(runs.direct);
  const list = medianOf(runs.list);
  const dashboard = await load(`${url}/api/analytics/dashboard`, { headers: auth });
  const body = JSON.stringify({
    instrument: 'ES',
    direction: 'long',
    entryPrice: 5000,
    positionSize: 1,
    stopLoss: 4990,
    entryTime: '2026-01-05T14:30:00Z',
  });
  const create = await load(`${url}/api/trades`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body,
  });

  console.log(`medians of ${ROUNDS} interleaved rounds for the list; ${CONNECTIONS} connections, ${SECONDS} s per run`);
  console.log(fmt('baseline: bare node:http + prepared statement', baseline));
  console.log(fmt('  (diagnostic) bare node:http + core.trades.list', coreOnly));
  console.log(fmt('GET /api/trades?limit=20 (auth, total)', list));
  console.log(fmt('GET /api/analytics/dashboard (cached)', dashboard));
  console.log(fmt('POST /api/trades', create));
  console.log(`list / baseline: ${((list.rps / baseline.rps) * 100).toFixed(1)}% (target >= 80%)`);
  console.log(
    `list / core-only server: ${((list.rps / coreOnly.rps) * 100).toFixed(1)}% (what the HTTP layer keeps of core's speed)`,
  );
  console.log(
    `list rounds (req/s): ours ${runs.list.map((r) => r.rps.toFixed(0)).join(', ')}; baseline ${runs.baseline.map((r) => r.rps.toFixed(0)).join(', ')}`,
  );
  await direct.close();
  await bare.close();
  await app.close();
  devNull.end();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

#!/usr/bin/env node
// A normal request's latency while hostile uploads are refused (`pnpm bench:hostile`, after `pnpm build`).
// Three processes on loopback: the server (the real startServer, its config resolved from flags as
// `tj serve` does), an attacker, and this one, the bystander:
//   bystander  a user with BENCH_HOSTILE_TRADES trades (1,000) sends BENCH_HOSTILE_REQUESTS (3,000)
//              GET /api/trades?limit=20 (the http bench's request) over BENCH_HOSTILE_CONNECTIONS (4) undici
//              connections, each request timed from its send to the end of its body;
//   attacker   another user uploads a 48 MB IBKR Flex XML file that opens `<a>` without end, back to
//              back, through a raw socket that keeps sending whatever the answer (as a hostile client
//              does: undici and fetch stop sending once an answer arrives, after about 5 MB). The
//              server refuses each at depth 33 with 413 payload_too_large (limit maxDepth), reads and
//              drops the rest up to its discard limit (32 MiB), then closes the connection. Every
//              answer is checked and counted; the file comes from a generator repeating one 256 KiB
//              block, never held whole.
// Pairs of rounds, quiet then under attack (the same request stream, the attacker started first and
// stopped after), BENCH_ROUNDS (3) pairs after one untimed warm-up pair; ours is the p99 under
// attack, the floor the quiet p99, the ratio the median of the per-pair ratios floor ÷ ours (so
// machine drift hits both sides alike), target ≥ 0.33: under attack within 3× of quiet. On SQLite
// and PostgreSQL. Each pair's p50 / p99, uploads and CPU shares (server, bystander, attacker), and
// the server's peak RSS, go to stderr. Figures only: nothing asserts a time.
//
//   BENCH_HOSTILE_TRADES=1000 BENCH_HOSTILE_REQUESTS=3000 BENCH_HOSTILE_CONNECTIONS=4 BENCH_ROUNDS=3 node bench/hostile.mjs

import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createCore } from '@tj/core';
import { openStorage } from '@tj/core/storage';
import { resolveServerConfig, silentLogger, startServer } from '@tj/http';
import { envInt, median, runBench } from './lib/databases.mjs';
import { atLeast } from './lib/figures.mjs';
import { maxRssBytes } from './lib/rss.mjs';
import { analyze, seedTrades } from './lib/seed.mjs';
import { nowMs, summarize } from './lib/stats.mjs';
import { fmtInt, fmtMiB } from './lib/table.mjs';

const SCRIPT = fileURLToPath(import.meta.url);
const TRADES = Math.max(1, envInt('BENCH_HOSTILE_TRADES', 1_000));
const REQUESTS = Math.max(100, envInt('BENCH_HOSTILE_REQUESTS', 3_000));
const CONNECTIONS = Math.max(1, envInt('BENCH_HOSTILE_CONNECTIONS', 4));
const ROUNDS = Math.max(1, envInt('BENCH_ROUNDS', 3));
/** A round stops here even if its requests are not all sent (the figure then covers fewer). */
const ROUND_MS = 20_000;
/** The attacker's own bounds, whatever the bench asks: per upload, and per attack. */
const UPLOAD_MS = 30_000;
const ATTACK_MS = ROUND_MS + 15_000;
const ATTACK_UPLOADS = 5_000;
const FILE_BYTES = 48_000_000;
const COST = { N: 1024, r: 8, p: 1 };
const NOW = Date.parse('2026-11-20T21:00:00Z');
const BYSTANDER = { email: 'bystander@example.com', name: 'Bystander', password: 'bench password 1' };
const ATTACKER = { email: 'attacker@example.com', name: 'Attacker', password: 'bench password 2' };
const PATH = '/api/trades?limit=20';
const log = (db, text) => console.error(`  [hostile ${db}] ${text}`);
/** This process's CPU time so far (user + system), ms. */
const cpuMs = (since = { user: 0, system: 0 }) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};
const undici = () => import(createRequire(new URL('../packages/http/package.json', import.meta.url)).resolve('undici'));

// ---- the hostile file: test/support/hostile-files.ts's nestedXml(48_000_000), as plain .mjs ----

/** The start of an IBKR Flex Query XML file (detected as ibkr-flex-xml), open at its Trades element. */
const FLEX_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<FlexQueryResponse queryName="Trades" type="AF">\n<FlexStatements count="1">\n<FlexStatement accountId="U1234567" fromDate="20260105" toDate="20260105">\n<Trades>\n';
const UNIT = '<a>';
const BLOCK_UNITS = Math.floor((256 * 1024) / UNIT.length);
const FILE_UNITS = Math.floor((FILE_BYTES - FLEX_HEAD.length) / UNIT.length);
/** The file's exact length (all ASCII). */
const FILE_LENGTH = FLEX_HEAD.length + FILE_UNITS * UNIT.length;

/** The file's bytes: the head, then one 256 KiB block of `<a>` again and again, then the rest. */
function* nestedXml() {
  yield Buffer.from(FLEX_HEAD);
  const block = Buffer.from(UNIT.repeat(BLOCK_UNITS));
  let units = 0;
  for (; units + BLOCK_UNITS <= FILE_UNITS; units += BLOCK_UNITS) yield block;
  if (units < FILE_UNITS) yield Buffer.from(UNIT.repeat(FILE_UNITS - units));
}

// ---- the server process ----

/** In a child: the server as `tj serve` runs it; says where it listens, stops when told (or orphaned). */
async function serverProcess(flags) {
  const config = resolveServerConfig(flags, process.env);
  const running = await startServer({ ...config, port: 0, passwordCost: COST, logger: silentLogger });
  const stop = () => running.stop();
  process.on('message', (m) => {
    if (m?.type === 'exit') stop();
    if (m?.type === 'cpu') process.send({ type: 'cpu', ms: cpuMs() });
  });
  process.on('disconnect', stop);
  process.send({ type: 'listening', url: running.url });
  await running.stopped;
  if (process.connected) await new Promise((r) => process.send({ type: 'stopped', maxRssBytes: maxRssBytes() }, r));
  process.exit(0);
}

// ---- the attacker process ----

/** The status and JSON body of an HTTP/1.1 answer once all of it is in `text`, else undefined. */
function parseAnswer(text) {
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const head = text.slice(0, end);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? Number.NaN);
  if (!Number.isFinite(length) || text.length < end + 4 + length) return undefined;
  let body;
  try {
    body = JSON.parse(text.slice(end + 4, end + 4 + length));
  } catch {
    body = undefined;
  }
  return { status, body };
}

/**
 * One hostile upload over its own connection: sends the whole file, whatever the answer, until the
 * server closes the connection or the file is sent. Resolves { answer, sentBytes, ms }.
 */
function upload(url, token) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = nowMs();
    const socket = connect(Number(port), hostname);
    let text = '';
    let answer;
    let sentBytes = 0;
    let closed = false;
    const timer = setTimeout(() => socket.destroy(), UPLOAD_MS);
    socket.on('error', () => {});
    socket.on('data', (d) => {
      if (answer !== undefined || text.length > 64 * 1024) return;
      text += d.toString('latin1');
      answer = parseAnswer(text);
    });
    socket.on('close', () => {
      closed = true;
      clearTimeout(timer);
      resolve({ answer, sentBytes, ms: nowMs() - started });
    });
    const room = () =>
      new Promise((r) => {
        const done = () => {
          socket.off('drain', done);
          socket.off('close', done);
          r();
        };
        socket.on('drain', done);
        socket.on('close', done);
      });
    socket.once('connect', async () => {
      const head = [
        `POST /api/imports?fileName=nested.xml HTTP/1.1`,
        `host: ${hostname}:${port}`,
        `authorization: Bearer ${token}`,
        'content-type: application/xml',
        `content-length: ${FILE_LENGTH}`,
      ];
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      for (const chunk of nestedXml()) {
        if (closed) return;
        sentBytes += chunk.length;
        if (!socket.write(chunk)) await room();
      }
      // All sent and the server still listening: wait (bounded by the timer) for its answer.
      while (!closed && answer === undefined) await new Promise((r) => setTimeout(r, 5));
      socket.destroy();
    });
  });
}

/** In a child: on `attack`, uploads back to back until `stop` (or its own bounds), then reports. */
function attackerProcess(url, token) {
  let stopping = false;
  process.on('disconnect', () => {
    stopping = true;
  });
  process.on('message', async (m) => {
    if (m?.type === 'stop') stopping = true;
    if (m?.type === 'exit') {
      stopping = true;
      process.disconnect();
    }
    if (m?.type !== 'attack') return;
    stopping = false;
    const started = nowMs();
    const cpu = process.cpuUsage();
    const tally = { uploads: 0, refused: 0, other: [], sentBytes: [], ms: [] };
    while (!stopping && tally.uploads < ATTACK_UPLOADS && nowMs() - started < ATTACK_MS) {
      const u = await upload(url, token);
      tally.uploads++;
      tally.sentBytes.push(u.sentBytes);
      tally.ms.push(u.ms);
      const a = u.answer;
      if (a?.status === 413 && a.body?.code === 'payload_too_large' && a.body?.limit === 'maxDepth') tally.refused++;
      else if (tally.other.length < 5) tally.other.push(a ? `${a.status} ${JSON.stringify(a.body).slice(0, 200)}` : 'no answer');
      if (tally.uploads === 1 && process.connected) process.send({ type: 'underway' });
    }
    tally.cpuShare = cpuMs(cpu) / (nowMs() - started);
    if (process.connected) process.send({ type: 'done', tally });
  });
  process.send({ type: 'ready' });
}

// ---- this process: the bench ----

/** A forked child of this script in `mode`, with a way to wait for its messages and to end it. */
function child(mode, args) {
  const proc = fork(SCRIPT, [mode, ...args], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise((r) => proc.once('exit', (code, signal) => r(signal ?? code)));
  const next = (type, ms = 60_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`${mode}: no ${type} within ${ms} ms`)), ms);
      const onMessage = (m) => m?.type === type && done(undefined, m);
      const onExit = (code) => done(new Error(`${mode} process exited with ${code} before ${type}`));
      function done(error, m) {
        clearTimeout(timer);
        proc.off('message', onMessage);
        proc.off('exit', onExit);
        if (error) reject(error);
        else resolve(m);
      }
      proc.on('message', onMessage);
      proc.once('exit', onExit);
    });
  return {
    proc,
    next,
    send: (m) => proc.connected && proc.send(m),
    /** Asks it to exit, then waits (bounded) for its exit; kills it past that. */
    async end(ms = 15_000) {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      if (proc.connected) proc.send({ type: 'exit' });
      const timer = setTimeout(() => proc.kill('SIGKILL'), ms);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Logs in over HTTP; the access token. */
async function login(url, user) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (res.status !== 200) throw new Error(`login of ${user.email}: ${res.status} ${await res.text()}`);
  return (await res.json()).accessToken;
}

/** `count` GETs of the list over `pool`, CONNECTIONS at a time (bounded by ROUND_MS): each one's ms. */
async function bystander(pool, token, count) {
  const headers = { authorization: `Bearer ${token}` };
  const deadline = nowMs() + ROUND_MS;
  const samples = [];
  const bad = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < count && nowMs() < deadline) {
        next++;
        const t0 = nowMs();
        const res = await pool.request({ path: PATH, method: 'GET', headers });
        await res.body.arrayBuffer();
        samples.push(nowMs() - t0);
        if (res.statusCode !== 200 && bad.length < 5) bad.push(res.statusCode);
      }
    }),
  );
  if (bad.length > 0) throw new Error(`the bystander got ${bad.join(', ')} instead of 200`);
  return summarize(samples);
}

/** One round under attack: the attacker starts (its first upload refused), the bystander runs, the attacker stops. */
async function underAttack(pool, token, attacker, count) {
  const done = attacker.next('done', ROUND_MS + ATTACK_MS);
  done.catch(() => {});
  attacker.send({ type: 'attack' });
  await attacker.next('underway', UPLOAD_MS + 5_000);
  let latency;
  try {
    latency = await bystander(pool, token, count);
  } finally {
    attacker.send({ type: 'stop' });
  }
  const { tally } = await done;
  if (tally.refused !== tally.uploads)
    throw new Error(
      `${tally.uploads - tally.refused} of ${tally.uploads} uploads not refused 413 maxDepth: ${tally.other.join('; ')}`,
    );
  return { latency, tally };
}

async function perDatabase(d) {
  const url = d.url('hostile');
  const storage = await openStorage(url);
  try {
    const core = createCore({ storage, auth: { passwordCost: COST } });
    const user = await core.auth.createUser(BYSTANDER);
    await core.auth.createUser(ATTACKER);
    await seedTrades(storage, { userId: user.id, count: TRADES, seed: 13, now: NOW });
  } finally {
    await storage.close();
  }
  await analyze(d, url);
  // Rate limits as the http bench sets them: on, far above what the run sends.
  const flags = { db: url, host: '127.0.0.1', rateLimit: 'user=1000000000/1m,ip=1000000000/1m' };
  const server = child('--server', [JSON.stringify(flags)]);
  let attacker;
  let pool;
  try {
    const { url: base } = await server.next('listening');
    const token = await login(base, BYSTANDER);
    const first = await fetch(`${base}${PATH}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    if (first.trades?.length !== Math.min(20, TRADES) || first.pagination?.total !== TRADES)
      throw new Error(`the bystander's page is not 20 of ${TRADES} trades: ${JSON.stringify(first).slice(0, 200)}`);
    attacker = child('--attacker', [base, await login(base, ATTACKER)]);
    await attacker.next('ready');
    const { Pool } = await undici();
    pool = new Pool(base, { connections: CONNECTIONS, pipelining: 1 });

    // One untimed pair: compiles both paths and checks the attack is refused as it should be.
    const warm = Math.ceil(REQUESTS / 3);
    await bystander(pool, token, warm);
    await underAttack(pool, token, attacker, warm);

    // Where the two cores go during a round (stderr only): CPU time ÷ wall time of each process.
    const serverCpu = async () => {
      const reply = server.next('cpu', 10_000);
      server.send({ type: 'cpu' });
      return (await reply).ms;
    };
    const measured = async (run) => {
      const [s0, b0, t0] = [await serverCpu(), process.cpuUsage(), nowMs()];
      const value = await run();
      const wall = nowMs() - t0;
      return { value, server: ((await serverCpu()) - s0) / wall, bystander: cpuMs(b0) / wall };
    };
    const pct = (share) => `${Math.round(share * 100)} %`;
    const pairs = [];
    for (let i = 0; i < ROUNDS; i++) {
      const quiet = await measured(() => bystander(pool, token, REQUESTS));
      const attack = await measured(() => underAttack(pool, token, attacker, REQUESTS));
      const t = attack.value.tally;
      const pair = { quiet: quiet.value, attack: attack.value.latency, tally: t };
      pair.ratio = pair.quiet.p99 / pair.attack.p99;
      pairs.push(pair);
      const f = (s) => `${s.p50.toFixed(2)} / ${s.p99.toFixed(2)} ms (${s.n})`;
      log(
        d.db,
        `pair ${i + 1}: quiet ${f(pair.quiet)}; attack ${f(pair.attack)}, ${t.refused} uploads refused 413 maxDepth, ` +
          `median ${fmtMiB(median(t.sentBytes))} written in ${fmtInt(median(t.ms))} ms each; ratio ${pair.ratio.toFixed(2)}`,
      );
      log(
        d.db,
        `pair ${i + 1} CPU: quiet server ${pct(quiet.server)}, bystander ${pct(quiet.bystander)}; ` +
          `attack server ${pct(attack.server)}, bystander ${pct(attack.bystander)}, attacker ${pct(t.cpuShare)}`,
      );
    }
    const short = pairs.filter((p) => p.quiet.n < REQUESTS || p.attack.n < REQUESTS).length;
    if (short > 0) log(d.db, `${short} pair(s) stopped at ${ROUND_MS / 1000} s before ${fmtInt(REQUESTS)} requests`);
    const m = (side, k) => median(pairs.map((p) => p[side][k]));
    const refused = pairs.reduce((n, p) => n + p.tally.refused, 0);
    const stopped = server.next('stopped', 20_000).catch(() => undefined);
    await pool.close();
    pool = undefined;
    await attacker.end();
    await server.end();
    const rss = (await stopped)?.maxRssBytes;
    if (rss) log(d.db, `server peak RSS ${fmtMiB(rss)}`);
    const f2 = (n) => n.toFixed(2);
    return [
      atLeast(`GET /api/trades?limit=20 p50 / p99 (ms), 48 MB XML refused 413 vs quiet`, d.db, {
        ours: `${f2(m('attack', 'p50'))} / ${f2(m('attack', 'p99'))} (${fmtInt(refused)} × 413)`,
        floor: `${f2(m('quiet', 'p50'))} / ${f2(m('quiet', 'p99'))}`,
        ratio: median(pairs.map((p) => p.ratio)),
        min: 0.33,
      }),
    ];
  } finally {
    await pool?.close();
    await attacker?.end();
    await server.end();
  }
}

const mode = process.argv[2];
if (mode === '--server') await serverProcess(JSON.parse(process.argv[3]));
else if (mode === '--attacker') attackerProcess(process.argv[3], process.argv[4]);
else
  await runBench(
    'hostile',
    `A bystander's list while 48 MB nested-XML uploads are refused (${fmtInt(REQUESTS)} requests over ${CONNECTIONS} connections per round; ratio: median of ${ROUNDS} quiet/attack pairs' p99 quiet ÷ under attack)`,
    perDatabase,
  );

#!/usr/bin/env node
// Webhook delivery benchmark (`pnpm bench:webhooks`, after `pnpm build`). A receiver in a second
// process (node:http on loopback, answers 200, notes each arrival) is fed two ways in the same run:
//   ours   core writes events to the outbox (trade creations), the delivery worker claims them
//          with a lease, signs and sends them with the undici sender (SSRF checks on) and records
//          each outcome;
//   floor  a raw undici POST loop with the same concurrency and requests of the same shape: bodies
//          of the same size and the same ten delivery headers with values of the same lengths
//          (fixed strings: no signing, no database), so the receiver parses the same bytes.
// Throughput: BENCH_EVENTS events are queued first, then the worker (or the loop) drains them:
// deliveries per second; ratio ours ÷ floor, target ≥ 0.50. Latency (shown, no target):
// BENCH_LATENCY_EVENTS trades are created one at a time with the worker running; each is timed from
// its transaction's commit to its arrival at the receiver (floor: from just before the POST to its
// arrival). BENCH_WARMUP untimed warm-up rounds of each first: the worker is a long-running process,
// and its code takes several thousand deliveries to be compiled by V8's optimising tiers (on the
// 2-core machine a fresh process spends 500-650 µs of CPU per delivery in its first round of 2,000,
// about 260 in its third and 140-180 from its fourth on), so counted rounds measure the steady
// state of both sides, not the JIT. Then medians of BENCH_ROUNDS rounds, on SQLite and PostgreSQL.
// Env: BENCH_EVENTS (2000), BENCH_LATENCY_EVENTS (200), BENCH_CONCURRENCY (32), BENCH_WARMUP (3),
// BENCH_ROUNDS (9: on the 2-core machine the raw loop alone moves between 5,000 and 15,000 requests/s
// from round to round, so five rounds left the median to chance).
import { coreDeps } from '@tj/core/internal';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { createCore, createDeliveryWorker } from '@tj/core';
import { openStorage } from '@tj/core/storage';
import { createWebhookSender } from '@tj/http';
import { envInt, runBench } from './lib/databases.mjs';
import { analyze } from './lib/seed.mjs';
import { atLeast, info } from './lib/figures.mjs';
import { fmtInt } from './lib/table.mjs';

const EVENTS = envInt('BENCH_EVENTS', 2000);
const LATENCY_EVENTS = envInt('BENCH_LATENCY_EVENTS', 200);
const CONCURRENCY = envInt('BENCH_CONCURRENCY', 32);
const WARMUP = Math.max(0, envInt('BENCH_WARMUP', 3));
const ROUNDS = Math.max(1, envInt('BENCH_ROUNDS', 9));
const now = () => performance.timeOrigin + performance.now();

/** The receiver process: records (key, arrival) per request; `key` is the trade id or the raw loop's id. */
function runReceiver() {
  let arrivals = [];
  let target = Number.POSITIVE_INFINITY;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      arrivals.push([body.data?.id ?? body.id, at]);
      res.writeHead(200).end();
      if (arrivals.length === target) process.send({ type: 'reached', at });
    });
  });
  process.on('message', (m) => {
    if (m.type === 'expect') {
      target = m.count;
      arrivals = [];
      process.send({ type: 'ready' });
    } else if (m.type === 'dump') {
      process.send({ type: 'arrivals', arrivals });
    } else if (m.type === 'exit') {
      server.close();
      process.disconnect();
    }
  });
  server.listen(0, '127.0.0.1', () => process.send({ type: 'listening', port: server.address().port }));
}

function receiverProcess() {
  const child = fork(new URL(import.meta.url).pathname, ['--receiver']);
  const next = (type) =>
    new Promise((resolve) =>
      child.on('message', function on(m) {
        if (m.type === type) {
          child.off('message', on);
          resolve(m);
        }
      }),
    );
  return {
    child,
    listening: next('listening'),
    /**
     * Resets the arrivals; resolves once the receiver has (so no request can be counted before the
     * reset) with `reached`, which resolves at the `count`-th arrival.
     */
    async expect(count) {
      const reached = next('reached');
      const ready = next('ready');
      child.send({ type: 'expect', count });
      await ready;
      return { reached };
    },
    async arrivals() {
      const reply = next('arrivals');
      child.send({ type: 'dump' });
      return new Map((await reply).arrivals);
    },
    close: () => child.send({ type: 'exit' }),
  };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const tradeBody = (i) => ({
  instrument: 'ES',
  direction: 'long',
  entryPrice: 5000 + (i % 100),
  positionSize: 1,
  stopLoss: 4990,
  entryTime: '2026-11-20T14:30:00.000Z',
  notes: `bench trade ${i}`,
});

/** Our pipeline: queue EVENTS, then drain them with the worker; then paced single events for latency. */
async function ours(d, databaseUrl, receiver, port) {
  const storage = await openStorage(databaseUrl);
  const sender = createWebhookSender({ allowPrivateTargets: true });
  const core = createCore({ storage, webhooks: { sender, allowPrivateTargets: true } });
  const user = coreDeps(core).ids.next();
  await core.webhooks.create(user, { url: `http://127.0.0.1:${port}/hook`, events: ['trade.created'] });
  try {
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < EVENTS) await core.trades.create(user, tradeBody(next++));
      }),
    );
    // As autovacuum would on a server within a minute of such a backlog (see analyze).
    await analyze(d, databaseUrl, ['deliveries']);
    const { reached } = await receiver.expect(EVENTS);
    const worker = createDeliveryWorker(core, { concurrency: CONCURRENCY, pollMs: 50 });
    const start = now();
    worker.start();
    const done = (await reached).at;
    const throughput = EVENTS / ((done - start) / 1000);

    const { reached: latencyReached } = await receiver.expect(LATENCY_EVENTS);
    let lastCommit = 0;
    const unsubscribe = core.webhooks.delivery.onOutbox(() => {
      lastCommit = now();
    });
    const commits = new Map();
    for (let i = 0; i < LATENCY_EVENTS; i++) {
      const trade = await core.trades.create(user, tradeBody(i));
      commits.set(trade.id, lastCommit);
      await new Promise((r) => setTimeout(r, 2));
    }
    await latencyReached;
    unsubscribe();
    await worker.stop();
    const arrivals = await receiver.arrivals();
    const latencies = [...commits].map(([id, at]) => arrivals.get(id) - at);
    return { throughput, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    await sender.close();
    await storage.close();
  }
}

/** The floor: raw undici POSTs of same-sized bodies to the same receiver. */
async function floor(receiver, port) {
  const { Agent, request } = await import(
    createRequire(new URL('../packages/http/package.json', import.meta.url)).resolve('undici')
  );
  const agent = new Agent();
  const url = `http://127.0.0.1:${port}/hook`;
  // A body shaped and sized like a real trade.created payload, keyed by `id` for the receiver.
  const record = {
    ...tradeBody(0),
    takeProfit: null,
    setupType: null,
    tags: [],
    fees: 0,
    multiplier: 1,
    exitPrice: null,
    exitTime: null,
  };
  const stamp = new Date().toISOString();
  const body = (id) =>
    JSON.stringify({
      id: randomBytes(16).toString('hex'),
      event: 'trade.created',
      timestamp: stamp,
      data: { id, ...record, result: null, rMultiple: null, status: 'open', createdAt: stamp, updatedAt: stamp },
    });
  // The headers of a real delivery (see core's deliveryHeaders), values of the same lengths.
  const uuid = '019a6b2e-7c1d-7f00-8a3b-5c2d1e0f9a8b';
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'trading-journal-webhooks/0.1.0',
    'x-webhook-signature': 'ab'.repeat(32),
    'x-webhook-event': 'trade.created',
    'x-webhook-id': uuid,
    'x-webhook-timestamp': '1795745605',
    'x-webhook-delivery': uuid,
    'webhook-id': uuid,
    'webhook-timestamp': '1795745605',
    'webhook-signature': `v1,${'A'.repeat(43)}=`,
  };
  const post = async (id) => {
    const res = await request(url, { method: 'POST', body: body(id), headers, dispatcher: agent });
    await res.body.dump();
  };
  try {
    const { reached } = await receiver.expect(EVENTS);
    let next = 0;
    const start = now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < EVENTS) await post(`t${next++}`);
      }),
    );
    const throughput = EVENTS / (((await reached).at - start) / 1000);

    const { reached: latencyReached } = await receiver.expect(LATENCY_EVENTS);
    const sent = new Map();
    for (let i = 0; i < LATENCY_EVENTS; i++) {
      const id = `l${i}`;
      sent.set(id, now());
      await post(id);
      await new Promise((r) => setTimeout(r, 2));
    }
    await latencyReached;
    const arrivals = await receiver.arrivals();
    const latencies = [...sent].map(([id, at]) => arrivals.get(id) - at);
    return { throughput, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    await agent.close();
  }
}

const median = (values) => percentile(values, 50);
const medians = (runs) => ({
  throughput: median(runs.map((r) => r.throughput)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
});

async function main() {
  const receiver = receiverProcess();
  const { port } = await receiver.listening;
  const f2 = (n) => n.toFixed(2);
  try {
    await runBench(
      'webhooks',
      `Webhook delivery: ${fmtInt(EVENTS)} queued events, concurrency ${CONCURRENCY}, medians of ${ROUNDS} rounds after ${WARMUP} warm-up rounds; latency over ${LATENCY_EVENTS} paced events`,
      async (d) => {
        const raws = [];
        const pipelines = [];
        for (let round = 0; round < WARMUP; round++) {
          await floor(receiver, port);
          await ours(d, d.url(`webhookswarm${round}`), receiver, port);
        }
        for (let round = 0; round < ROUNDS; round++) {
          raws.push(await floor(receiver, port));
          pipelines.push(await ours(d, d.url(`webhooks${round}`), receiver, port));
        }
        const o = medians(pipelines);
        const r = medians(raws);
        // Each round's pair, so a reader can see the spread behind the medians.
        const pairs = raws.map((raw, i) => `${fmtInt(pipelines[i].throughput)}/${fmtInt(raw.throughput)}`);
        console.error(`  [webhooks ${d.db}] deliveries/s per round, ours/raw: ${pairs.join(', ')}`);
        return [
          atLeast('webhook deliveries/s vs raw undici POST loop', d.db, {
            ours: `${fmtInt(o.throughput)}/s`,
            floor: `${fmtInt(r.throughput)}/s`,
            ratio: o.throughput / r.throughput,
            min: 0.5,
          }),
          info('webhook commit-to-arrival p50 / p99 (ms)', d.db, {
            ours: `${f2(o.p50)} / ${f2(o.p99)}`,
            floor: `${f2(r.p50)} / ${f2(r.p99)}`,
          }),
        ];
      },
    );
  } finally {
    receiver.close();
  }
}

if (process.argv[2] === '--receiver') runReceiver();
else await main();

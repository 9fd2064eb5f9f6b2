// One database × one path (ours or the raw-SQL floor) of the storage bench, run in its own process.
// A "subject" implements the same operations both ways; this file times them identically.

import { fixedClock, inBatches, seededBytes, tradeBodies } from '../lib/trades.mjs';
import { createRssSampler } from '../lib/rss.mjs';
import { nowMs, summarize, timeCalls } from '../lib/stats.mjs';
import { newTradeRow, uuidv7Generator } from '@tj/core/internal';

/** Trades created one by one come from this seed offset (the bulk load uses `seed`). */
const CREATE_SEED_OFFSET = 1;

const log = (opts, text) => process.stderr.write(`  [${opts.db} ${opts.path}] ${text}\n`);

/** The deps newTradeRow needs, deterministic for a seed so both paths build identical rows. */
export function rowDeps(seed, now) {
  const clock = fixedClock(now);
  return { clock, ids: uuidv7Generator(clock, seededBytes(seed)) };
}

async function load(subject, opts, sampler) {
  const deps = rowDeps(opts.seed, opts.now);
  let ms = 0;
  let done = 0;
  let nextLog = opts.trades / 4;
  for (const bodies of inBatches(tradeBodies({ count: opts.trades, seed: opts.seed, now: opts.now }), opts.batch)) {
    const rows = bodies.map((b) => newTradeRow(deps, opts.userId, b));
    const t0 = nowMs();
    await subject.insertBatch(rows);
    ms += nowMs() - t0;
    done += rows.length;
    sampler.sample();
    if (done >= nextLog) {
      log(opts, `loaded ${done.toLocaleString('en-US')} trades`);
      nextLog += opts.trades / 4;
    }
  }
  return { rows: done, ms, rate: (done / ms) * 1000 };
}

async function creates(subject, opts, count, seedOffset) {
  const bodies = [...tradeBodies({ count, seed: opts.seed + seedOffset, now: opts.now, spanDays: 2 })];
  const samples = await timeCalls((i) => subject.create(bodies[i]), { calls: count });
  const ms = samples.reduce((a, b) => a + b, 0);
  return { n: count, ms, rate: (count / ms) * 1000, latency: summarize(samples) };
}

/** Times `fn` over `calls` calls (after a warm-up) and keeps the last answer for the cross-check. */
async function latency(fn, calls, warmup) {
  let answer;
  const samples = await timeCalls(
    async () => {
      answer = await fn();
    },
    { calls, warmup },
  );
  return { latency: summarize(samples), answer };
}

/** Runs every phase against `subject`; returns figures, per-phase RSS and answers to cross-check. */
export async function runPhases(subject, opts) {
  const sampler = createRssSampler();
  const out = { db: opts.db, path: opts.path, trades: opts.trades };
  const phase = (name, fn) => sampler.phase(name, fn);
  try {
    await phase('open + migrate', () => subject.open());
    out.insert = await phase('bulk insert', () => load(subject, opts, sampler));
    log(opts, `insert ${Math.round(out.insert.rate).toLocaleString('en-US')} trades/s`);
    if (subject.afterLoad) await phase('after load', () => subject.afterLoad());
    const { calls, runs } = opts;
    out.list = await phase('list page', () => latency(() => subject.list(), calls, 10));
    out.listFiltered = await phase('list page instrument', () => latency(() => subject.listFiltered(opts.instrument), calls, 10));
    log(opts, 'list pages done');
    out.statistics = await phase('statistics', () => latency(() => subject.statistics(undefined), runs, 1));
    out.statisticsFiltered = await phase('statistics instrument', () =>
      latency(() => subject.statistics(opts.instrument), runs, 1),
    );
    out.dashboard = await phase('dashboard', () => latency(() => subject.dashboard(), runs, 1));
    if (subject.statisticsStream) {
      out.statisticsStream = await phase('statistics, fetch + accumulate', () =>
        latency(() => subject.statisticsStream(), runs, 1),
      );
    }
    if (subject.dashboardCompute) {
      out.dashboardCompute = await phase('dashboard, fetch + accumulate', () =>
        latency(() => subject.dashboardCompute(), runs, 1),
      );
    }
    log(opts, 'statistics and dashboard done');
    if (opts.explain && subject.explain) out.explain = await subject.explain(opts.instrument);
    out.create = await phase('single creates', () => creates(subject, opts, opts.creates, CREATE_SEED_OFFSET));
    log(opts, `create ${Math.round(out.create.rate).toLocaleString('en-US')} trades/s`);
    if (subject.armAlerts && opts.alertCreates > 0) {
      await subject.armAlerts();
      out.createAlerted = await phase('creates with alerts', () =>
        creates(subject, opts, opts.alertCreates, CREATE_SEED_OFFSET + 1),
      );
      log(opts, `create with webhook + alerts ${Math.round(out.createAlerted.rate).toLocaleString('en-US')} trades/s`);
    }
  } finally {
    sampler.stop();
    await subject.close();
  }
  out.phases = sampler.phases();
  return out;
}

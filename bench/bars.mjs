#!/usr/bin/env node
// Bars import (`pnpm bench`, or `node bench/bars.mjs` after `pnpm build`). Writes a generic bars CSV
// of BENCH_BARS (default 1,000,000, at most BENCH_SCALE) one-minute bars and one of a tenth of it, and imports each in a
// child process of its own (its peak RSS its own) into a fresh database:
//   ours   core.bars.importFile (what `tj bars import` and POST /api/bars call: detection, CSV
//          reading, ISO times, row checks, timeframe inference, the bars and their stretch in one
//          transaction, inserts that keep bars already held);
//   floor  the same bars written raw into the same table (same indexes) in one transaction, timing
//          only the writes: better-sqlite3 prepared 100-row INSERTs on SQLite, COPY FROM STDIN
//          (pg-copy-streams, text format, 10,000 rows a COPY) on PostgreSQL. The floor's rows are
//          made in memory (no file to read or parse), so it does strictly less than ours.
// Both databases are then counted: the same bars. Each side runs BENCH_BARS_RUNS (3) times per size,
// alternating, and the medians count. Figures: ours ÷ floor in bars/s, target ≥ 0.30; memory: our
// median peak RSS at a tenth of the size ÷ at the full size, both under a 96 MiB V8 heap limit,
// target ≥ 0.87 (within 1.15×: flat).

import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { isChildProcess, runChild, sendResult } from './lib/child.mjs';
import { envInt, median, runBench } from './lib/databases.mjs';
import { atLeast } from './lib/figures.mjs';
import { rawClient } from './lib/postgres.mjs';
import { rawDriver } from './lib/raw.mjs';
import { nowMs } from './lib/stats.mjs';
import { fmtInt, fmtMiB, fmtRate } from './lib/table.mjs';

const SCRIPT = fileURLToPath(import.meta.url);
const COST = { N: 1024, r: 8, p: 1 };
const USER = { email: 'bench@example.com', name: 'Bench', password: 'bench password' };
const SCALE = envInt('BENCH_BARS', Math.min(1_000_000, envInt('BENCH_SCALE', 1_000_000)));
const SIZES = [...new Set([Math.max(2, Math.round(SCALE / 10)), SCALE])];
const RUNS = Math.max(1, envInt('BENCH_BARS_RUNS', 3));
const START = Date.parse('2024-01-01T00:00:00Z');
// Ours runs with the same V8 heap limit at both sizes (its live set is about 55 MiB). Without one, V8
// grows its heap lazily while garbage comes fast: a 1,000,000-bar import peaked at 260-285 MiB RSS
// with 140-165 MiB of heap "used" that a collection frees, against 150-165 MiB under this limit, at
// the same speed. The limit makes the peak measure what the import holds, not how far the collector
// lagged; that the 1,000,000-bar import completes under it is itself the proof it streams.
const HEAP_MIB = envInt('BENCH_BARS_HEAP_MIB', 96);
const log = (db, text) => console.error(`  [bars ${db}] ${text}`);

/** The i-th bar, the same in the file and the floor: a walk of quarter points around 5000. */
function barAt(i) {
  const open = 5000 + ((i * 7) % 400) / 4;
  return { time: START + i * 60_000, open, high: open + 1.5, low: open - 1.25, close: open + 0.25, volume: (i % 997) + 1 };
}

/** Writes `n` bars as a generic CSV. */
async function writeBars(file, n) {
  const out = createWriteStream(file);
  out.write('time,open,high,low,close,volume\n');
  for (let i = 0; i < n; i += 10_000) {
    let chunk = '';
    for (let j = i; j < Math.min(n, i + 10_000); j++) {
      const b = barAt(j);
      chunk += `${new Date(b.time).toISOString()},${b.open},${b.high},${b.low},${b.close},${b.volume}\n`;
    }
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** A fresh database with the bench user; the user's id. */
async function databaseWithUser(url) {
  const { openStorage } = await import('@tj/core/storage');
  const { createCore } = await import('@tj/core');
  const storage = await openStorage(url);
  try {
    return (await createCore({ storage, auth: { passwordCost: COST } }).auth.createUser(USER)).id;
  } finally {
    await storage.close();
  }
}

const COLUMNS = ['user_id', 'instrument_key', 'timeframe', 'time', 'open', 'high', 'low', 'close', 'volume'];
const rowOf = (userId, b) => [userId, 'ES', 60, b.time, b.open, b.high, b.low, b.close, b.volume];

/** The floor: `n` bars written raw in one transaction; the time of the writes alone. */
async function floor(db, pgUrl, url, userId, n) {
  const BATCH = 10_000;
  let ms = 0;
  const timed = async (fn) => {
    const t0 = nowMs();
    await fn();
    ms += nowMs() - t0;
  };
  const batches = function* () {
    for (let i = 0; i < n; i += BATCH) {
      const rows = [];
      for (let j = i; j < Math.min(n, i + BATCH); j++) rows.push(rowOf(userId, barAt(j)));
      yield rows;
    }
  };
  if (db === 'sqlite') {
    const { default: Database } = await import('better-sqlite3');
    const raw = new Database(url);
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    const CHUNK = 100;
    const sql = (k) =>
      `INSERT INTO bars (${COLUMNS.join(', ')}) VALUES ${Array(k)
        .fill(`(${COLUMNS.map(() => '?').join(', ')})`)
        .join(', ')}`;
    const chunk = raw.prepare(sql(CHUNK));
    const one = raw.prepare(sql(1));
    await timed(async () => raw.exec('BEGIN'));
    for (const rows of batches()) {
      await timed(async () => {
        let i = 0;
        for (; i + CHUNK <= rows.length; i += CHUNK) chunk.run(rows.slice(i, i + CHUNK).flat());
        for (; i < rows.length; i++) one.run(rows[i]);
      });
    }
    await timed(async () => raw.exec('COMMIT'));
    raw.close();
    return ms;
  }
  const { from: copyFrom } = await import('pg-copy-streams');
  const client = await rawClient(pgUrl, new URL(url).searchParams.get('schema'));
  await timed(() => client.query('BEGIN'));
  for (const rows of batches()) {
    const text = rows.map((r) => `${r.join('\t')}\n`).join('');
    await timed(() => pipeline(Readable.from([text]), client.query(copyFrom(`COPY bars (${COLUMNS.join(', ')}) FROM STDIN`))));
  }
  await timed(() => client.query('COMMIT'));
  await client.end();
  return ms;
}

/** In a child: ours (core.bars.importFile) or the floor on `url`; sends { ms }. */
async function child(kind, db, pgUrl, url, file, n) {
  const userId = await databaseWithUser(url);
  if (kind === 'floor') return sendResult({ ms: await floor(db, pgUrl, url, userId, Number(n)) });
  const { openStorage } = await import('@tj/core/storage');
  const { createCore } = await import('@tj/core');
  const storage = await openStorage(url);
  const source = { name: file, open: () => createReadStream(file, { highWaterMark: 256 * 1024 }) };
  const start = nowMs();
  const r = await createCore({ storage }).bars.importFile(userId, source, { instrument: 'ES' });
  const ms = nowMs() - start;
  await storage.close();
  if (r.written !== Number(n) || r.timeframe !== '1m') throw new Error(`ours stored ${JSON.stringify(r)}`);
  return sendResult({ ms });
}

async function countBars(d, url) {
  const raw = await rawDriver(d, url);
  try {
    return Number((await raw.get('n_bars', 'SELECT count(*) AS n FROM bars')).n);
  } finally {
    await raw.close();
  }
}

async function perDatabase(d) {
  const rows = [];
  const rss = {};
  for (const size of SIZES) {
    const file = join(tmpdir(), `tj-bench-bars-${process.pid}-${size}.csv`);
    await writeBars(file, size);
    log(d.db, `${fmtInt(size)} bars written (${fmtMiB(statSync(file).size)}); importing…`);
    try {
      const run = async (kind, i) => {
        const url = d.url(`bars_${kind}_${size}_${i}`);
        const execArgv = kind === 'ours' ? [`--max-old-space-size=${HEAP_MIB}`] : [];
        const r = await runChild(SCRIPT, ['--child', kind, d.db, d.pgUrl ?? '', url, file, String(size)], { execArgv });
        const count = await countBars(d, url);
        if (count !== size) throw new Error(`${kind} left ${count} bars, not ${size}`);
        return { ms: r.value.ms, rss: r.maxRssBytes };
      };
      const runs = { ours: [], floor: [] };
      for (let i = 0; i < RUNS; i++) for (const kind of ['ours', 'floor']) runs[kind].push(await run(kind, i));
      for (const kind of ['ours', 'floor'])
        log(
          d.db,
          `${kind} ${fmtInt(size)}: ${runs[kind].map((r) => `${(r.ms / 1000).toFixed(2)} s ${fmtMiB(r.rss)}`).join('; ')}`,
        );
      const ours = { ms: median(runs.ours.map((r) => r.ms)), rss: median(runs.ours.map((r) => r.rss)) };
      const fl = median(runs.floor.map((r) => r.ms));
      rss[size] = ours.rss;
      const o = (size / ours.ms) * 1000;
      const f = (size / fl) * 1000;
      rows.push(
        atLeast(`bars import ${fmtInt(size)} 1m bars vs raw ${d.db === 'sqlite' ? 'INSERTs' : 'COPY'}`, d.db, {
          ours: `${fmtRate(o)} bars`,
          floor: `${fmtRate(f)} bars`,
          ratio: o / f,
          min: 0.3,
        }),
      );
    } finally {
      rmSync(file, { force: true });
    }
  }
  if (SIZES.length > 1) {
    const [small, large] = SIZES;
    rows.push(
      atLeast(`bars import peak RSS: ${fmtInt(small)} ÷ ${fmtInt(large)} bars`, d.db, {
        ours: fmtMiB(rss[large]),
        floor: `${fmtMiB(rss[small])} (small)`,
        ratio: rss[small] / rss[large],
        min: 0.87,
      }),
    );
  }
  return rows;
}

if (isChildProcess() && process.argv[2] === '--child') {
  const [kind, db, pgUrl, url, file, n] = process.argv.slice(3);
  await child(kind, db, pgUrl, url, file, n);
} else {
  await runBench(
    'bars',
    `Bars import (core.bars.importFile, one transaction) vs raw writes of the same bars; sizes ${SIZES.map(fmtInt).join(' and ')}`,
    perDatabase,
  );
}

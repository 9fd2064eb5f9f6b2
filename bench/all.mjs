#!/usr/bin/env node
// The whole suite (`pnpm bench`, after `pnpm build`): runs each bench in its own Node process, one
// after the other, then prints their rows as one table with the date, load average, Node version
// and CPU. The merged rows go to bench/.out/all.json and, as a Markdown table, bench/.out/all.md.
//
//   node bench/all.mjs [name …]        e.g. node bench/all.mjs storage http (default: every bench)
//
// Every bench's environment settings pass through (BENCH_SCALE, BENCH_DB, TJ_BENCH_POSTGRES_URL, …).

import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { figureLines, machine, OUT_DIR, readFigures } from './lib/figures.mjs';
import { banner } from './lib/table.mjs';

const BENCHES = [
  'webhooks',
  'storage',
  'alerts',
  'http',
  'import',
  'import-http',
  'bars',
  'excursions',
  'hostile',
  'report',
  'sdk-size',
];
const HERE = dirname(fileURLToPath(import.meta.url));

function run(name) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(HERE, `${name}.mjs`)], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code === 0 ? undefined : `exited with ${signal ?? code}`));
  });
}

/** The rows as a Markdown table. */
function markdown(rows) {
  const keys = ['figure', 'db', 'ours', 'floor', 'ratio', 'target', 'pass'];
  const head = '| figure | db | ours | floor | ratio | target | pass/fail |';
  const rule = '|---|---|---:|---:|---:|---:|---|';
  return [head, rule, ...rows.map((r) => `| ${keys.map((k) => String(r[k]).replaceAll('|', '\\|')).join(' | ')} |`)];
}

const asked = process.argv.slice(2);
const unknown = asked.filter((n) => !BENCHES.includes(n));
if (unknown.length > 0) {
  console.error(`unknown bench: ${unknown.join(', ')} (known: ${BENCHES.join(', ')})`);
  process.exit(2);
}
const names = asked.length > 0 ? asked : BENCHES;
mkdirSync(OUT_DIR, { recursive: true });
for (const n of names) rmSync(join(OUT_DIR, `${n}.json`), { force: true });

const start = machine();
const started = Date.now();
const seconds = {};
const rows = [];
for (const name of names) {
  console.log(`\n=== ${name} ===`);
  const t0 = Date.now();
  const failure = await run(name);
  seconds[name] = Math.round((Date.now() - t0) / 1000);
  if (failure) console.error(`!!! bench ${name} ${failure} !!!`);
  // Read at once, so a later run of the same bench elsewhere cannot replace this run's rows.
  rows.push(...readFigures([name]));
}
const end = machine();
const total = Math.round((Date.now() - started) / 1000);
const header = [
  `Benchmarks, ${start.date} (${total} s: ${names.map((n) => `${n} ${seconds[n]} s`).join(', ')})`,
  `node ${start.node}, ${start.cores} × ${start.cpu}; load average ${start.load} at the start, ${end.load} at the end`,
];
console.log(`\n${header.join('\n')}`);
for (const l of figureLines(rows)) console.log(l);
if (!rows.some((r) => r.db === 'postgres')) banner('no PostgreSQL figures in this run: it was skipped (see above)');
const failed = rows.filter((r) => r.pass === 'FAIL').length;
console.log(`\n${rows.length} figures, ${failed} FAIL. Ratios: higher is better (floor time ÷ ours, or our rate ÷ the floor's).`);
writeFileSync(join(OUT_DIR, 'all.json'), `${JSON.stringify({ start, end, seconds, total, rows }, null, 2)}\n`);
writeFileSync(join(OUT_DIR, 'all.md'), `${[...header.map((h) => `${h}  `), '', ...markdown(rows)].join('\n')}\n`);

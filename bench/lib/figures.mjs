// The suite's one table: every bench reports rows { figure, db, ours, floor, ratio, target, pass },
// prints them with printFigures and writes them to bench/.out/<name>.json for bench/all.mjs to merge.
//
//   atLeast(figure, db, { ours, floor, ratio, min, unit })   a ratio row: pass when ratio ≥ min
//   atMost(figure, db, { ours, limit, fmt })                  an absolute row: pass when ours < limit
//   info(figure, db, { ours, floor, ratio })                   a row with no target (pass '–')
//   printFigures(rows, { title })                              the aligned table
//   writeFigures(name, rows, extra)                            bench/.out/<name>.json
//   readFigures(names)                                         rows of the benches that wrote a file
//   machine()                                                  { date, load, node, cpu, cores }
//
// Ratios are always "higher is better": floor time ÷ our time, or our rate ÷ floor rate, so 1.00
// means no overhead over the floor and a target reads "≥ x".

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTable } from './table.mjs';

/** Where benches write their rows (gitignored). */
export const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '.out');

const COLUMNS = [
  { key: 'figure', label: 'figure', align: 'left' },
  { key: 'db', label: 'db', align: 'left' },
  { key: 'ours', label: 'ours' },
  { key: 'floor', label: 'floor' },
  { key: 'ratio', label: 'ratio' },
  { key: 'target', label: 'target' },
  { key: 'pass', label: 'pass/fail' },
];

const verdict = (ok) => (ok === undefined ? '–' : ok ? 'pass' : 'FAIL');
const ratioText = (r) => (Number.isFinite(r) ? r.toFixed(2) : 'n/a');

/** A row whose ratio (higher is better) must reach `min`. */
export function atLeast(figure, db, { ours, floor, ratio, min }) {
  return {
    figure,
    db,
    ours,
    floor,
    ratio: ratioText(ratio),
    target: `≥ ${min.toFixed(2)}`,
    pass: verdict(Number.isFinite(ratio) ? ratio >= min : false),
  };
}

/** A row whose own figure must stay below `limit` (no floor). */
export function atMost(figure, db, { ours, value, limit, target, floor = '–' }) {
  return { figure, db, ours, floor, ratio: '–', target, pass: verdict(Number.isFinite(value) ? value < limit : false) };
}

/** A row shown for information (no target). */
export function info(figure, db, { ours, floor = '–', ratio }) {
  return { figure, db, ours, floor, ratio: ratio === undefined ? '–' : ratioText(ratio), target: '–', pass: '–' };
}

/** A row for a figure that could not be measured. */
export function failed(figure, db, reason) {
  return { figure, db, ours: `error: ${reason}`.slice(0, 60), floor: '–', ratio: '–', target: '–', pass: 'FAIL' };
}

/** The lines of the figures table. */
export function figureLines(rows) {
  return formatTable(COLUMNS, rows);
}

/** Prints the figures table. */
export function printFigures(rows, { title } = {}) {
  if (title) console.log(`\n${title}`);
  for (const l of figureLines(rows)) console.log(l);
}

/** Writes a bench's rows (and anything extra) to bench/.out/<name>.json. */
export function writeFigures(name, rows, extra = {}) {
  mkdirSync(OUT_DIR, { recursive: true });
  const file = join(OUT_DIR, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ name, machine: machine(), rows, ...extra }, null, 2)}\n`);
  return file;
}

/** The rows each named bench wrote (a missing file gives a FAIL row). */
export function readFigures(names) {
  const rows = [];
  for (const name of names) {
    try {
      rows.push(...JSON.parse(readFileSync(join(OUT_DIR, `${name}.json`), 'utf8')).rows);
    } catch {
      rows.push(failed(name, '–', 'no result file'));
    }
  }
  return rows;
}

/** Date, load average, Node version and CPU of this machine. */
export function machine() {
  const cpu = cpus();
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(' / '),
    node: process.version,
    cpu: cpu[0]?.model?.trim() ?? 'unknown',
    cores: cpu.length,
  };
}

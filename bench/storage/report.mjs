// Printing the storage bench: one table per database (ours beside the floor), the per-phase RSS,
// and whether both paths gave the same answers.

import { fmtInt, fmtMiB, fmtMs, fmtRate, fmtRatio, printTable } from '../lib/table.mjs';

const lat = (r, key) => r?.[key]?.latency;

function rows(ours, floor, opts) {
  const inst = opts.instrument;
  const out = [];
  const rate = (label, key, note) => {
    const o = ours?.[key]?.rate;
    const f = floor?.[key]?.rate;
    out.push({
      what: label,
      ours: fmtRate(o),
      ours99: '',
      floor: f === undefined ? '–' : fmtRate(f),
      floor99: '',
      ratio: f === undefined ? '–' : fmtRatio(f, o),
      note,
    });
  };
  const time = (label, key, note, { p99 = false, floorKey = key } = {}) => {
    const o = lat(ours, key);
    const f = lat(floor, floorKey);
    out.push({
      what: label,
      ours: fmtMs(o?.p50),
      ours99: p99 ? fmtMs(o?.p99) : '',
      floor: fmtMs(f?.p50),
      floor99: p99 ? fmtMs(f?.p99) : '',
      ratio: fmtRatio(o?.p50, f?.p50),
      note,
    });
  };
  rate(`insert, ${fmtInt(opts.batch)} trades/tx`, 'insert', 'ours: insertMany; floor: multi-row prepared INSERT');
  rate(`create, 1 trade/tx (${fmtInt(opts.creates)})`, 'create', 'ours: core.trades.create; floor: INSERT + counter');
  if (ours?.createAlerted) {
    rate(`create + 1 webhook, 5 alerts (${fmtInt(opts.alertCreates)})`, 'createAlerted', 'ours only: outbox rows + alert checks');
  }
  time('list page (limit 20) + total', 'list', 'floor: ORDER BY … LIMIT 20 + counters row', { p99: true });
  time(`list page instrument=${inst} + count`, 'listFiltered', 'floor: same + COUNT(*)', { p99: true });
  const runs = `p50 of ${opts.runs}`;
  time('statistics, all trades', 'statistics', `${runs}; floor: one SQL aggregate + window functions`);
  time('  (same)', 'statistics', `${runs}; floor: ordered fetch of result, R + core's accumulator`, {
    floorKey: 'statisticsStream',
  });
  time(`statistics instrument=${inst}`, 'statisticsFiltered', `${runs}; floor: the SQL aggregate, filtered`);
  time('dashboard', 'dashboard', `${runs}; floor: ordered fetch of the scan's 8 columns, no compute`);
  time('  (same)', 'dashboard', `${runs}; floor: that fetch + core's dashboard accumulator`, { floorKey: 'dashboardCompute' });
  out.push({
    what: 'peak RSS (process)',
    ours: fmtMiB(ours?.maxRssBytes),
    floor: fmtMiB(floor?.maxRssBytes),
    ours99: '',
    floor99: '',
    ratio: '',
    note: 'process.resourceUsage().maxRSS of each child',
  });
  return out;
}

const COLUMNS = [
  { key: 'what', label: 'what', align: 'left' },
  { key: 'ours', label: 'ours p50' },
  { key: 'ours99', label: 'ours p99' },
  { key: 'floor', label: 'floor p50' },
  { key: 'floor99', label: 'floor p99' },
  { key: 'ratio', label: 'ours/floor' },
  { key: 'note', label: 'how', align: 'left' },
];

function phaseTable(ours, floor) {
  const names = [...new Set([...(ours?.phases ?? []), ...(floor?.phases ?? [])].map((p) => p.name))];
  const peak = (r, name) => r?.phases?.find((p) => p.name === name)?.peakRss;
  return names.map((name) => ({ phase: name, ours: fmtMiB(peak(ours, name)), floor: fmtMiB(peak(floor, name)) }));
}

function same(a, b) {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a));
  if (a && b && typeof a === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => same(a[k], b[k]));
  }
  return false;
}

/** Names of the answers that differ between the two paths. */
export function mismatches(ours, floor) {
  const pairs = [
    ['list'],
    ['listFiltered'],
    ['statistics'],
    ['statisticsFiltered'],
    ['dashboard'],
    ['statistics', 'statisticsStream'],
    ['dashboard', 'dashboardCompute'],
  ];
  return pairs
    .filter(([o, f = o]) => ours?.[o] && floor?.[f] && !same(ours[o].answer, floor[f].answer))
    .map(([o, f = o]) => (o === f ? o : `${o}/${f}`));
}

/** Prints one database's figures. */
export function printDatabase(title, ours, floor, opts) {
  printTable(COLUMNS, rows(ours, floor, opts), { title });
  printTable(
    [
      { key: 'phase', label: 'peak RSS by phase', align: 'left' },
      { key: 'ours', label: 'ours' },
      { key: 'floor', label: 'floor' },
    ],
    phaseTable(ours, floor),
  );
  const bad = ours && floor ? mismatches(ours, floor) : [];
  if (!ours || !floor) console.log('answers: not compared (a path failed)');
  else if (bad.length === 0) console.log('answers: ours and the floor agree on every page, total, statistic and scan');
  else console.log(`!!! answers differ between ours and the floor: ${bad.join(', ')} !!!`);
}

/** Prints the captured query plans. */
export function printPlans(title, plans) {
  console.log(`\n${title}`);
  for (const p of plans ?? []) {
    console.log(`\n-- ${p.label}\n${p.sql.replace(/\s+/g, ' ').trim()}`);
    for (const line of p.plan) console.log(`   ${line}`);
  }
}

/** How `tj import` shows core's ImportReport and format list to people. */
import type { ImportFormatInfo, ImportReport } from '@tj/core';
import { money, NONE, num, plural } from '../output/format.js';
import type { Output } from '../output/output.js';
import type { SourceZone } from './import-options.js';

/** True when a format's times are wall-clock times read in the source zone (its rule says so). */
export function readsNaiveTimes(timeRule: string): boolean {
  return /^naive|--source-tz/i.test(timeRule);
}

/**
 * `times in America/New_York (--source-tz)` when naive times were read in the zone (`used`), else
 * `times in UTC`, `times with their own UTC offsets`, or the format's own rule: a zone no time
 * needed is not named.
 */
export function timesPhrase(timeRule: string, zone: SourceZone, used = readsNaiveTimes(timeRule)): string {
  if (used) return `times in ${zone.tz} (${zone.origin})`;
  if (readsNaiveTimes(timeRule)) return 'times with their own zone or UTC offset';
  if (/offset/i.test(timeRule)) return 'times with their own UTC offsets';
  if (/^UTC\b/.test(timeRule)) return 'times in UTC';
  return `times as written (${timeRule})`;
}

/** The first line of an import: what was read and in which zone. */
export function detectedLine(
  report: Pick<ImportReport, 'format' | 'counts'> & Partial<Pick<ImportReport, 'sourceTzUsed'>>,
  format: ImportFormatInfo,
  zone: SourceZone,
  forced?: string,
): string {
  const how = forced === undefined ? 'Detected' : `Format (${forced})`;
  return `${how}: ${report.format.label}, ${plural(report.counts.rows, 'row')}, ${timesPhrase(format.timeRule, zone, report.sourceTzUsed)}`;
}

/**
 * The per account and instrument table: trades, how many are still open (when any is), our net
 * P&L of the closed ones (`-` when none is closed), what partial exits of open ones booked (when
 * any did) and the broker's beside it.
 */
export function printGroups(out: Output, report: Pick<ImportReport, 'groups'> & { dryRun?: boolean }): void {
  if (report.groups.length === 0) return;
  const anyBroker = report.groups.some((g) => g.brokerPnl !== null);
  const anyOpen = report.groups.some((g) => g.open > 0);
  const head = ['Account', 'Instrument', report.dryRun ? 'Would create' : 'Trades'];
  const anyRealized = report.groups.some((g) => g.openRealizedPnL !== 0);
  if (anyOpen) head.push('Open');
  head.push('P&L (net)');
  if (anyRealized) head.push('Realized (open)');
  if (anyBroker) head.push('Broker P&L');
  const rows = report.groups.map((g) => {
    const row = [g.account || NONE, g.instrument, num(g.trades)];
    if (anyOpen) row.push(num(g.open));
    row.push(g.open === g.trades ? NONE : out.pnl(g.pnl, money(g.pnl)));
    if (anyRealized) row.push(g.openRealizedPnL === 0 ? NONE : out.pnl(g.openRealizedPnL, money(g.openRealizedPnL)));
    if (anyBroker) row.push(g.brokerPnl === null ? NONE : out.pnl(g.brokerPnl, money(g.brokerPnl)));
    return row;
  });
  out.printTable(head, rows, ['left', 'left', ...head.slice(2).map(() => 'right' as const)]);
}

/** The closing line: created, updated, duplicates and invalid rows (a dry run says nothing was written). */
export function summaryLine(report: ImportReport): string {
  const c = report.counts;
  const extra = [
    c.duplicates > 0 ? `${num(c.duplicates)} already imported (skipped)` : '',
    c.invalid > 0 ? `${plural(c.invalid, 'invalid row')} skipped` : '',
    c.scheduledFees > 0 ? `${plural(c.scheduledFees, 'fill')} with fees from the commission schedule` : '',
  ]
    .filter((s) => s !== '')
    .join('; ');
  const tail = extra === '' ? '' : `; ${extra}`;
  if (report.dryRun) {
    return `Dry run: would create ${plural(c.tradesCreated, 'trade')} and update ${num(c.tradesUpdated)}${tail}. Nothing was written.`;
  }
  return `Imported: ${plural(c.tradesCreated, 'trade')} created, ${num(c.tradesUpdated)} updated${tail}.`;
}

/** The closing line of several files: their count and what they created and updated together. */
export function totalLine(reports: readonly ImportReport[]): string {
  const sum = (pick: (c: ImportReport['counts']) => number) => reports.reduce((n, r) => n + pick(r.counts), 0);
  const created = plural(
    sum((c) => c.tradesCreated),
    'trade',
  );
  const updated = num(sum((c) => c.tradesUpdated));
  const dup = sum((c) => c.duplicates);
  const tail = dup > 0 ? `; ${num(dup)} already imported (skipped)` : '';
  const files = plural(reports.length, 'file');
  if (reports.some((r) => r.dryRun))
    return `Dry run, ${files}: would create ${created} and update ${updated}${tail}. Nothing was written.`;
  return `All ${files}: ${created} created, ${updated} updated${tail}.`;
}

/** Warnings on stderr, one a line: `warning: line 12: …` (shown with --json too). */
export function printWarnings(out: Output, report: ImportReport): void {
  for (const w of report.warnings) {
    out.note(out.c.yellow(`warning: ${w.line === undefined ? '' : `line ${w.line}: `}${w.message}`));
  }
}

/** `tj import --list-formats` for people: name and label, what it reads, the export, the times, a header. */
export function printFormats(out: Output, formats: ImportFormatInfo[]): void {
  for (const f of formats) {
    out.line(`${out.c.bold(f.name)}  ${f.label}`);
    out.line(`  reads:  ${f.reads}`);
    out.line(`  export: ${f.exportHint}`);
    out.line(`  times:  ${f.timeRule}`);
    out.line(`  header: ${f.sampleHeader}`);
    out.line();
  }
  out.line(out.c.dim(`${plural(formats.length, 'format')}; tj import FILE detects them, --format NAME forces one.`));
}

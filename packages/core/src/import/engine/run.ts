import type { ImportGroup, ImportReport, ImportWarning } from '@tj/schemas';
import { evaluateImportAlerts } from '../../alerts/evaluate-import.js';
import { emitEvent } from '../../webhooks/outbox.js';
import { isValidTimeZone } from '../../shared/calendar.js';
import type { CoreDeps } from '../../shared/deps.js';
import { CoreError, ErrorCode, validationError } from '../../shared/errors.js';
import { estimateBytes, excerpt, type InputLimits, inputLimits, MemoryBudget } from '../../shared/input-limits.js';
import { isoUtc } from '../../shared/iso.js';
import { fromMicros } from '../../shared/money.js';
import { type DedupStats, dedupFills } from './dedup.js';
import { type BrokerFileOptions, type BrokerFileReport, openBrokerFile } from './pipeline.js';
import { commissionPlan, scheduledFeesWarning } from './commission-plan.js';
import type { CommissionPlan } from './commission.js';
import { type FormatRegistry, formatInfo } from '../formats/registry.js';
import type { ImportRunOptions, ImportSource, SkippedRow } from './run-options.js';
import { matchFills } from './match-fills.js';
import { type WrittenTrade, writeTrades } from './write.js';

/** Most warnings a report lists; the rest are counted in one last warning. */
export const MAX_REPORT_WARNINGS = 1000;
/** Most skipped rows a report lists; the rest are counted in `skippedRowsNotListed`. */
export const MAX_REPORT_SKIPPED_ROWS = 1000;
/** Most characters of a skipped row (and of its message, and of a warning) a report keeps. */
export const MAX_REPORT_EXCERPT = 1024;
/** Most characters all listed skipped rows keep together (raw and message); the rest are only counted. */
export const MAX_REPORT_SKIPPED_CHARS = 256 * 1024;

/** A group's running totals (money in micros). */
interface GroupTotals {
  account: string;
  instrument: string;
  trades: number;
  open: number;
  pnlMicros: number;
  openRealizedMicros: number;
  brokerMicros: number | null;
}

/** Prefixes the file name to a validation error, so it names file, line and column (its advice kept). */
function inFile(e: unknown, name: string | undefined): unknown {
  if (name === undefined || !(e instanceof CoreError) || e.code !== ErrorCode.validationFailed) return e;
  if (e.errors === undefined || e.errors.length === 0) {
    return new CoreError(e.code, `${name}: ${e.message}`, undefined, undefined, e.advice && { advice: e.advice });
  }
  return validationError(e.errors.map((f) => ({ path: f.path === '' ? name : `${name}, ${f.path}`, message: f.message })));
}

class Rollback extends Error {}

/** The refusal of a file with no data rows: it names the format it was read as. */
function noDataRows(file: BrokerFileReport): CoreError {
  const what = file.records <= 1 ? 'only a header' : `${file.records} lines, none a trade, fill or corporate action`;
  return new CoreError(
    ErrorCode.validationFailed,
    `no trades to import: the file has ${what} (read as ${formatInfo(file.format).label})`,
  );
}

/** A difference of at least a cent between our P&L and the broker's is reported. */
const CENT_MICROS = 10_000;

/**
 * Runs one import (see `imports.run`): read, dedup, match and write in ONE transaction, within
 * `limits` (the bytes, records, record length, nesting and memory it may take; see `InputLimits`).
 */
export async function runImport(
  deps: CoreDeps,
  registry: FormatRegistry,
  userId: string,
  source: ImportSource,
  options: ImportRunOptions,
  limits: InputLimits = inputLimits(),
): Promise<ImportReport> {
  if (!isValidTimeZone(options.sourceTz)) {
    throw validationError([{ path: 'sourceTz', message: `"${options.sourceTz}" is not an IANA time zone` }]);
  }
  const dryRun = options.dryRun === true;
  const budget = new MemoryBudget(limits.maxMemoryBytes);
  const groups = new Map<string, GroupTotals>();
  // With an import id the trades keep it, so their ids are read back once written instead of
  // growing a list with the file; a run without one (no record) lists them as it goes.
  const listIds = !dryRun && options.importId === undefined;
  let tradeIds: string[] = [];
  const warnings: ImportWarning[] = [];
  let dropped = 0;
  const warn = (w: ImportWarning) => {
    if (warnings.length < MAX_REPORT_WARNINGS) warnings.push(w);
    else dropped++;
  };
  const counts = { rows: 0, fills: 0, tradesCreated: 0, tradesUpdated: 0, duplicates: 0, invalid: 0 };
  const onTrade = (t: WrittenTrade) => {
    if (t.action === 'create') {
      counts.tradesCreated++;
      if (listIds) tradeIds.push(t.row.id);
    } else counts.tradesUpdated++;
    const account = t.row.account ?? '';
    const key = `${account}\u0000${t.row.instrument}`;
    let g = groups.get(key);
    if (g === undefined) {
      g = { account, instrument: t.row.instrument, trades: 0, open: 0, pnlMicros: 0, openRealizedMicros: 0, brokerMicros: null };
      groups.set(key, g);
      budget.charge(estimateBytes(240, key, account, t.row.instrument));
    }
    g.trades++;
    if (t.row.resultMicros === null) {
      g.open++;
      g.openRealizedMicros += t.row.realizedMicros;
      return;
    }
    g.pnlMicros += t.row.resultMicros;
    if (t.brokerPnlMicros === undefined) return;
    g.brokerMicros = (g.brokerMicros ?? 0) + t.brokerPnlMicros;
    const diff = t.row.resultMicros - t.brokerPnlMicros;
    if (Math.abs(diff) >= CENT_MICROS) {
      warn({
        code: 'pnl_mismatch',
        message: `${t.row.instrument}${account === '' ? '' : ` (account ${account})`} trade of ${isoUtc(t.row.entryTime)}: our net P&L ${fromMicros(t.row.resultMicros)}, the broker's ${fromMicros(t.brokerPnlMicros)}`,
        ...(t.lines !== undefined && { line: t.lines[0] }),
      });
    }
  };
  const skipped = options.skipInvalid === true;
  const skippedRows: SkippedRow[] = [];
  let skippedChars = 0;
  const onInvalid = (row: SkippedRow) => {
    counts.invalid++;
    options.onSkipped?.(row);
    if (skippedRows.length >= MAX_REPORT_SKIPPED_ROWS || skippedChars >= MAX_REPORT_SKIPPED_CHARS) return;
    const listed = {
      line: row.line,
      message: excerpt(row.message, MAX_REPORT_EXCERPT),
      raw: excerpt(row.raw, MAX_REPORT_EXCERPT),
    };
    skippedChars += listed.message.length + listed.raw.length;
    skippedRows.push(listed);
  };
  const stats: DedupStats = { duplicates: 0 };
  let format: BrokerFileReport['format'] | undefined;
  let fileReport: BrokerFileReport | undefined;
  let plan: CommissionPlan | undefined;
  try {
    const fileOptions: BrokerFileOptions = {
      registry,
      sourceTz: options.sourceTz,
      ...(options.format !== undefined && { format: options.format }),
      ...(options.locale !== undefined && { locale: options.locale }),
      ...(options.account !== undefined && { account: options.account }),
      ...(options.pointValues !== undefined && { pointValues: options.pointValues }),
      ...(options.lotSizes !== undefined && { lotSizes: options.lotSizes }),
      ...(options.onProgress !== undefined && { onRows: options.onProgress }),
      ...(skipped && { onInvalid }),
      limits,
      budget,
    };
    plan = await commissionPlan(deps, userId, source, fileOptions, limits);
    const file = await openBrokerFile(source.open, fileOptions);
    format = file.report.format;
    fileReport = file.report;
    await deps.storage
      .transaction(async (tx) => {
        // The user's splits and symbol changes so far: a few rows, applied as the fills reach them.
        const actions = await tx.corporateActions.list(userId, {});
        const fresh = dedupFills(tx, userId, file.fills, stats, actions);
        const items = matchFills(plan === undefined ? fresh : plan.through(fresh), { budget, actions });
        const written = await writeTrades(tx, items, {
          deps,
          userId,
          onTrade,
          onDuplicate: () => counts.duplicates++,
          ...(options.importId !== undefined && { importId: options.importId }),
        });
        // A file that held no trading data (only its header, or rows of other kinds) is refused, not "0 trades".
        if (fileReport?.rows === 0 && counts.invalid === 0) throw noDataRows(fileReport);
        if (dryRun) throw new Rollback();
        if (options.importId !== undefined) tradeIds = await tx.trades.idsByImport(userId, options.importId);
        // One evaluation of the alert rules and one event for the whole import.
        const importId = options.importId ?? deps.ids.next();
        await evaluateImportAlerts(tx, deps, await tx.alerts.listActive(userId), { importId, ...written });
        const report = reportOf(fileReport as BrokerFileReport, format as BrokerFileReport['format']);
        const data = options.beforeCommit
          ? await options.beforeCommit(tx, report)
          : { importId: options.importId ?? null, counts: report.counts };
        await emitEvent(tx, deps, userId, 'import.completed', data);
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e;
      });
  } catch (e) {
    throw inFile(e, source.name);
  }
  return reportOf(fileReport, format);

  /** The report as it stands (called once inside the transaction, for the record, and once after). */
  function reportOf(fileReport: BrokerFileReport, format: BrokerFileReport['format']): ImportReport {
    const all = warnings.map((w) => ({ ...w, message: excerpt(w.message, MAX_REPORT_EXCERPT) }));
    for (const w of fileReport.warnings)
      if (all.length < MAX_REPORT_WARNINGS)
        all.push({ code: w.code ?? 'format', message: excerpt(w.message, MAX_REPORT_EXCERPT), line: w.line });
    const more =
      dropped + fileReport.moreWarnings + Math.max(0, warnings.length + fileReport.warnings.length - MAX_REPORT_WARNINGS);
    const scheduled = plan?.applied ?? 0;
    if (scheduled > 0) all.unshift(scheduledFeesWarning(scheduled));
    if (more > 0) all.push({ code: 'warnings_truncated', message: `${more} more warnings not listed` });
    return {
      format: { name: format.name, label: formatInfo(format).label },
      sourceTz: options.sourceTz,
      sourceTzUsed: fileReport.wallClockTimes > 0,
      dryRun,
      counts: {
        ...counts,
        rows: fileReport.rows,
        fills: fileReport.fills,
        duplicates: counts.duplicates + stats.duplicates,
        scheduledFees: scheduled,
      },
      warnings: all,
      skippedRows: [...skippedRows],
      skippedRowsNotListed: counts.invalid - skippedRows.length,
      groups: [...groups.values()].map(
        (g): ImportGroup => ({
          account: g.account,
          instrument: g.instrument,
          trades: g.trades,
          open: g.open,
          pnl: fromMicros(g.pnlMicros),
          openRealizedPnL: fromMicros(g.openRealizedMicros),
          brokerPnl: g.brokerMicros === null ? null : fromMicros(g.brokerMicros),
        }),
      ),
      tradeIds,
    };
  }
}

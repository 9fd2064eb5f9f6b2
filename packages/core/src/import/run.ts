import type { ImportGroup, ImportReport, ImportWarning } from '../schemas/import.js';
import type { Trade } from '../schemas/trade.js';
import { isValidTimeZone } from '../shared/calendar.js';
import type { CoreDeps } from '../shared/deps.js';
import { CoreError, ErrorCode, validationError } from '../shared/errors.js';
import { fromMicros, toMicros } from '../shared/money.js';
import { openBrokerFile } from './formats/pipeline.js';
import type { FormatRegistry } from './formats/registry.js';
import type { ImportRunOptions, ImportSource } from './imports.js';
import { formatInfo } from './imports.js';
import { importTrades } from './service.js';

/** Most warnings a report lists; the rest are counted in one last warning. */
export const MAX_REPORT_WARNINGS = 1000;

/** A group's running totals (money in micros). */
interface GroupTotals {
  account: string;
  instrument: string;
  trades: number;
  pnlMicros: number;
  brokerMicros: number | null;
}

/** Prefixes the file name to a validation error, so it names file, line and column. */
function inFile(e: unknown, name: string | undefined): unknown {
  if (name === undefined || !(e instanceof CoreError) || e.code !== ErrorCode.validationFailed) return e;
  if (e.errors === undefined || e.errors.length === 0) return new CoreError(e.code, `${name}: ${e.message}`);
  return validationError(e.errors.map((f) => ({ path: f.path === '' ? name : `${name}, ${f.path}`, message: f.message })));
}

/** Runs one import (see `imports.run`). */
export async function runImport(
  deps: CoreDeps,
  registry: FormatRegistry,
  userId: string,
  source: ImportSource,
  options: ImportRunOptions,
): Promise<ImportReport> {
  if (!isValidTimeZone(options.sourceTz)) {
    throw validationError([{ path: 'sourceTz', message: `"${options.sourceTz}" is not an IANA time zone` }]);
  }
  const dryRun = options.dryRun === true;
  const groups = new Map<string, GroupTotals>();
  const tradeIds: string[] = [];
  let created = 0;
  let updated = 0;
  let duplicates = 0;
  const onItem = (action: 'create' | 'close' | 'skip', trade: Trade) => {
    if (action === 'skip') {
      duplicates++;
      return;
    }
    if (action === 'create') {
      created++;
      if (!dryRun) tradeIds.push(trade.id);
    } else updated++;
    const account = trade.account ?? '';
    const key = `${account}\u0000${trade.instrument}`;
    let g = groups.get(key);
    if (g === undefined) {
      g = { account, instrument: trade.instrument, trades: 0, pnlMicros: 0, brokerMicros: null };
      groups.set(key, g);
    }
    g.trades++;
    if (trade.result !== null) g.pnlMicros += toMicros(trade.result);
  };
  try {
    const file = await openBrokerFile(source.open, {
      registry,
      sourceTz: options.sourceTz,
      ...(options.format !== undefined && { format: options.format }),
      ...(options.locale !== undefined && { locale: options.locale }),
      ...(options.onProgress !== undefined && { onRows: options.onProgress }),
    });
    const beforeCommit = options.beforeCommit;
    await importTrades(deps, userId, file.items, {
      dryRun,
      onItem,
      ...(options.importId !== undefined && { importId: options.importId }),
      ...(beforeCommit !== undefined && { beforeCommit: (tx) => beforeCommit(tx, reportOf()) }),
    });
    return reportOf();

    function reportOf(): ImportReport {
      const warnings: ImportWarning[] = file.report.warnings.slice(0, MAX_REPORT_WARNINGS).map((w) => ({
        code: 'format',
        message: w.message,
        line: w.line,
      }));
      return {
        format: { name: file.report.format.name, label: formatInfo(file.report.format).label },
        sourceTz: options.sourceTz,
        dryRun,
        counts: {
          rows: file.report.rows,
          fills: file.report.fills,
          tradesCreated: created,
          tradesUpdated: updated,
          duplicates,
          invalid: 0,
        },
        warnings,
        groups: [...groups.values()].map(
          (g): ImportGroup => ({
            account: g.account,
            instrument: g.instrument,
            trades: g.trades,
            pnl: fromMicros(g.pnlMicros),
            brokerPnl: g.brokerMicros === null ? null : fromMicros(g.brokerMicros),
          }),
        ),
        tradeIds,
      };
    }
  } catch (e) {
    throw inFile(e, source.name);
  }
}

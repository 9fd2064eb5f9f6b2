import { tradeCreateSchema, type Trade } from '../schemas/trade.js';
import { type CoreDeps, isUuid } from '../shared/deps.js';
import { CoreError, ErrorCode, validationError } from '../shared/errors.js';
import { parseInput } from '../shared/validate.js';
import type { Repositories } from '../storage/ports.js';
import type { TradeRow } from '../storage/rows.js';
import { withDerived } from '../trades/derive.js';
import { evaluateImportAlerts, RECENT_MS } from '../alerts/evaluate-import.js';
import { emitEvent } from '../events/emit.js';
import { tradeRecord } from '../trades/record.js';
import { newTradeRow } from '../trades/service.js';
import type { TradeImportInput } from './trade-input.js';

/** One trade to import, from either reader (`readTradesCsv` items or `matchFills` trades). */
export interface ImportItem {
  /** The line (or first and last lines) it came from, for error messages. */
  line?: number;
  lines?: [number, number];
  importKey: string;
  id?: string;
  input: TradeImportInput;
}

/** What an import did (or, with dryRun, would do). */
export interface ImportSummary {
  created: number;
  /** Open trades of an earlier import that this file closes. */
  closed: number;
  skipped: number;
  dryRun: boolean;
}

/** What happened to one item: reported to `onItem` as the import goes. */
export type ImportAction = 'create' | 'close' | 'skip';

/** Import options. */
export interface ImportOptions {
  dryRun?: boolean;
  /** Called for each item with what happens to it (for listings and progress). */
  onItem?: (action: ImportAction, trade: Trade) => void;
  /** The import creating these trades: each trade keeps it (see `core.imports.create`). */
  importId?: string;
  /**
   * Runs in the import's transaction after its last trade (never on a dry run), and answers the
   * data of the import's one `import.completed` event (default: the import id and the counts).
   */
  beforeCommit?: (tx: Repositories, summary: ImportSummary) => Promise<Record<string, unknown>>;
}

const BATCH = 500;
class Rollback extends Error {}

function where(item: ImportItem): string {
  if (item.lines) return item.lines[0] === item.lines[1] ? `line ${item.lines[0]}` : `lines ${item.lines[0]}-${item.lines[1]}`;
  return `line ${item.line ?? '?'}`;
}

function rowOf(deps: CoreDeps, userId: string, item: ImportItem, importId: string | undefined): TradeRow {
  try {
    const body = parseInput(tradeCreateSchema, item.input);
    const id = uuidOf(item);
    return newTradeRow(deps, userId, body, {
      importKey: item.importKey,
      ...(id !== undefined && { id }),
      ...(importId !== undefined && { importId }),
    });
  } catch (e) {
    if (e instanceof CoreError && e.code === ErrorCode.validationFailed) {
      throw validationError((e.errors ?? []).map((f) => ({ path: `${where(item)}, column ${f.path}`, message: f.message })));
    }
    throw e;
  }
}

/** The item's id when it is a UUID; any other id only serves as the import key. */
function uuidOf(item: ImportItem): string | undefined {
  return item.id !== undefined && isUuid(item.id) ? item.id.toLowerCase() : undefined;
}

/**
 * Imports trades in ONE transaction: a bad row writes nothing and its error names the line and
 * column. Re-importing adds nothing: items whose import key (or id) exists are skipped, except an
 * open trade that the file now shows closed, which is closed. Memory stays bounded: items are read,
 * checked against the database and written in batches. An import sends ONE `import.completed`
 * event (no `trade.*` event per trade) and evaluates the alert rules once, over today only
 * (see `evaluateImportAlerts`).
 *
 * @example const summary = await importTrades(deps, userId, matchFills(fills), { dryRun: true });
 */
export async function importTrades(
  deps: CoreDeps,
  userId: string,
  items: AsyncIterable<ImportItem>,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const summary: ImportSummary = { created: 0, closed: 0, skipped: 0, dryRun: options.dryRun === true };
  const report = options.onItem;
  const recentFrom = deps.clock.now() - RECENT_MS;
  const recent: TradeRow[] = [];
  let latestClosed: TradeRow | undefined;
  const written = (row: TradeRow) => {
    if (Math.max(row.entryTime, row.exitTime ?? 0) >= recentFrom) recent.push(row);
    if (row.exitTime !== null && (latestClosed === undefined || row.exitTime >= (latestClosed.exitTime as number)))
      latestClosed = row;
  };
  try {
    await deps.storage.transaction(async (tx) => {
      let batch: ImportItem[] = [];
      for await (const item of items) {
        batch.push(item);
        if (batch.length >= BATCH) {
          await flush(tx, batch);
          batch = [];
        }
      }
      await flush(tx, batch);
      if (options.dryRun) throw new Rollback();
      const importId = options.importId ?? deps.ids.next();
      await evaluateImportAlerts(tx, deps, await tx.alerts.listActive(userId), { importId, recent, latestClosed });
      const data = options.beforeCommit
        ? await options.beforeCommit(tx, summary)
        : { importId: options.importId ?? null, created: summary.created, closed: summary.closed, skipped: summary.skipped };
      await emitEvent(tx, deps, userId, 'import.completed', data);
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  return summary;

  async function flush(tx: Repositories, batch: ImportItem[]): Promise<void> {
    if (batch.length === 0) return;
    const rows = batch.map((item) => rowOf(deps, userId, item, options.importId));
    const existing = await tx.trades.byImportKeys(
      userId,
      rows.map((r) => r.importKey as string),
    );
    const byKey = new Map(existing.map((r) => [r.importKey, r]));
    const ids = await tx.trades.existingIds(
      userId,
      batch.flatMap((item) => uuidOf(item) ?? []),
    );
    const fresh: TradeRow[] = [];
    const keysInBatch = new Set<string>();
    for (const row of rows) {
      const key = row.importKey as string;
      const before = byKey.get(key);
      if (before && before.exitPrice === null && row.exitPrice !== null) {
        const after = withDerived({ ...row, id: before.id, createdAt: before.createdAt, importId: before.importId });
        await tx.trades.update(before, after);
        written(after);
        summary.closed++;
        report?.('close', tradeRecord(after));
      } else if (before || ids.has(row.id) || keysInBatch.has(key)) {
        summary.skipped++;
        report?.('skip', tradeRecord(before ?? row));
      } else {
        keysInBatch.add(key);
        fresh.push(row);
      }
    }
    await tx.trades.insertMany(fresh);
    summary.created += fresh.length;
    for (const row of fresh) {
      written(row);
      report?.('create', tradeRecord(row));
    }
  }
}

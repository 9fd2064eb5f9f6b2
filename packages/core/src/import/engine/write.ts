/**
 * Writes an import's trades and their executions in batches, inside the import's transaction:
 * new trades are inserted, trades an earlier import left open are continued or closed, trades
 * already imported are counted as duplicates. Nothing is announced per trade: the caller sends
 * the import's one event and evaluates the alert rules once (see `evaluateImportAlerts`), with
 * what this returns.
 */
import { type Settings, tradeCreateSchema } from '@tj/schemas';
import type { CoreDeps } from '../../shared/deps.js';
import { isUuid } from '../../shared/deps.js';
import { CoreError, ErrorCode, validationError } from '../../shared/errors.js';
import { parseInput } from '../../shared/validate.js';
import type { Repositories } from '../../storage/ports.js';
import { type ImportedTrades, RECENT_MS } from '../../alerts/evaluate-import.js';
import { readSettings } from '../../settings/read.js';
import type { ExecutionRow, TradeRow } from '../../storage/rows.js';
import { withDefaultRisk } from '../../trades/default-risk.js';
import { withDerived } from '../../trades/derive.js';
import { newTradeRow } from '../../trades/service.js';
import { QUANTITY_SCALE } from '../values/quantity.js';
import type { ImportedTrade } from './imported-trade.js';
import type { ImportItem } from '../formats/trade-input.js';
import type { CorporateActionItem } from '../formats/corporate-action-record.js';
import type { CorporateActionFields } from '../../corporate-actions/record.js';
import { storeImportedActions } from '../../corporate-actions/imported.js';
import { applyToStoredTrades } from '../../corporate-actions/positions.js';
import { excursionRun, updateExcursions } from '../../excursions/recompute.js';
import type { TradeWritten } from '../../trades/service.js';

/**
 * Trades per write. A batch stays in memory while the fills that make it are read (about 12 KB is
 * allocated per fill), so a large one outlives several young-generation collections and is
 * promoted whole to the old generation: 1,000 peaks about 10 MiB lower than 2,000 at the same
 * speed; 500 saves more but costs PostgreSQL 10% in round trips (docs/decisions.md, "Import memory").
 */
const BATCH = 1000;

/** One trade the writer handled, for the report. */
export interface WrittenTrade {
  action: 'create' | 'update';
  row: TradeRow;
  /** The broker's net P&L of the trade, in micros, when the file states it. */
  brokerPnlMicros: number | undefined;
  lines: [number, number] | undefined;
}

/** What the writer needs besides the items. */
export interface WriteContext {
  deps: CoreDeps;
  userId: string;
  /** Called for each trade created or updated. */
  onTrade: (t: WrittenTrade) => void;
  /** Called for each item already imported. */
  onDuplicate: () => void;
  /** The import record creating the trades: each keeps it. */
  importId?: string;
}

function where(item: ImportItem): string {
  if (item.lines) return item.lines[0] === item.lines[1] ? `line ${item.lines[0]}` : `lines ${item.lines[0]}-${item.lines[1]}`;
  return `line ${item.line ?? '?'}`;
}

function uuidOf(item: ImportItem): string | undefined {
  return item.id !== undefined && isUuid(item.id) ? item.id.toLowerCase() : undefined;
}

function rowOf(ctx: WriteContext, item: ImportItem, settings: Settings): TradeRow {
  try {
    const body = parseInput(tradeCreateSchema, item.input);
    const id = uuidOf(item);
    const row = newTradeRow(ctx.deps, ctx.userId, body, {
      importKey: item.importKey,
      ...(id !== undefined && { id }),
      ...(ctx.importId !== undefined && { importId: ctx.importId }),
    });
    return withDefaultRisk(isImported(item) ? withPosition(row, item) : row, settings);
  } catch (e) {
    if (e instanceof CoreError && e.code === ErrorCode.validationFailed) {
      throw validationError((e.errors ?? []).map((f) => ({ path: `${where(item)}, column ${f.path}`, message: f.message })));
    }
    throw e;
  }
}

function isImported(item: ImportItem): item is ImportedTrade {
  return 'executions' in item;
}

/** A trade row with what its position booked: partial exits, their sum, the strategy, the broker's FX rate. */
function withPosition(row: TradeRow, item: ImportedTrade): TradeRow {
  const realizedMicros = item.partialExits.reduce((sum, p) => sum + p.pnlMicros, 0);
  const feesFromSchedule = item.executions.some((p) => p.fill.scheduledFees === true);
  // The broker's rate of the last execution that states one: the close, where the P&L is realised.
  const fxRate = item.executions.findLast((p) => p.fill.fxRate !== undefined)?.fill.fxRate ?? null;
  return { ...row, partialExits: item.partialExits, realizedMicros, strategy: item.strategy, fxRate, feesFromSchedule };
}

/** True when a corporate action of this import changed a replayed execution of the trade: all its rows are written again. */
function rewrites(item: ImportItem): boolean {
  return isImported(item) && item.executions.some((p) => p.rewrite === true);
}

/** The execution rows of a trade's new pieces (seeded ones are stored already), or of all of them with `all`. */
function executionRows(item: ImportItem, tradeId: string, userId: string, all = false): ExecutionRow[] {
  if (!isImported(item)) return [];
  const rows: ExecutionRow[] = [];
  item.executions.forEach((p, seq) => {
    if (p.fill.seed !== undefined && !all) return;
    rows.push({
      userId,
      tradeId,
      seq,
      execKey: p.key,
      account: p.fill.account,
      instrument: p.fill.symbol,
      time: p.fill.datetime,
      side: p.fill.side,
      quantity: p.units / QUANTITY_SCALE,
      price: p.fill.price,
      commissionMicros: p.commissionMicros,
      feesMicros: p.feesMicros,
      execId: p.fill.execId ?? null,
      multiplier: p.fill.multiplier,
      assetClass: p.fill.details?.assetClass ?? null,
      underlying: p.fill.details?.underlying ?? null,
      expiry: p.fill.details?.expiry ?? null,
      strike: p.fill.details?.strike ?? null,
      right: p.fill.details?.right ?? null,
      orderRef: p.fill.orderRef ?? null,
      action: p.fill.action ?? 'trade',
    });
  });
  return rows;
}

/** True when the item continues a trade of an earlier import (its first execution is a replayed one). */
function continues(item: ImportItem): boolean {
  return isImported(item) && item.executions[0]?.fill.seed !== undefined;
}

/** Writes the items in batches (see the module comment); answers what the alert rules look at. */
export async function writeTrades(
  tx: Repositories,
  items: AsyncIterable<ImportItem | CorporateActionItem>,
  ctx: WriteContext,
): Promise<Omit<ImportedTrades, 'importId'>> {
  const { userId, deps } = ctx;
  const settings = await readSettings(tx, userId);
  const excursionsRun = excursionRun(tx, userId);
  const recentFrom = deps.clock.now() - RECENT_MS;
  const recent: TradeRow[] = [];
  let latestClosed: TradeRow | undefined;
  const written = (row: TradeRow) => {
    // A position entered long ago that books a partial exit today is recent too (the daily loss limit counts it).
    if (Math.max(row.entryTime, row.exitTime ?? 0, row.partialExits.at(-1)?.time ?? 0) >= recentFrom) recent.push(row);
    if (row.exitTime !== null && (latestClosed === undefined || row.exitTime >= (latestClosed.exitTime as number)))
      latestClosed = row;
  };
  let batch: ImportItem[] = [];
  const actions: CorporateActionFields[] = [];
  const touched = new Set<string>();
  for await (const item of items) {
    if ('corporateAction' in item) {
      actions.push(item.corporateAction);
      continue;
    }
    batch.push(item);
    if (batch.length >= BATCH) {
      await flush(tx, batch);
      batch = [];
    }
  }
  await flush(tx, batch);
  if (actions.length > 0) await recordActions(tx, ctx, actions, touched);
  return { recent, latestClosed };

  async function flush(tx: Repositories, batch: ImportItem[]): Promise<void> {
    if (batch.length === 0) return;
    const rows = batch.map((item) => rowOf(ctx, item, settings));
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
    const rewritten: TradeRow[] = [];
    const executions: ExecutionRow[] = [];
    const keysInBatch = new Set<string>();
    const report = (action: WrittenTrade['action'], row: TradeRow, item: ImportItem) => {
      touched.add(row.id);
      ctx.onTrade({
        action,
        row,
        brokerPnlMicros: isImported(item) ? item.brokerPnlMicros : undefined,
        lines: isImported(item) ? item.lines : undefined,
      });
    };
    for (const [i, row] of rows.entries()) {
      const item = batch[i] as ImportItem;
      const key = row.importKey as string;
      const before = byKey.get(key);
      const closesLegacy = before !== undefined && before.exitPrice === null && row.exitPrice !== null && !continues(item);
      if (before !== undefined && (continues(item) || closesLegacy)) {
        // Fees an earlier import took from a schedule stay in the trade (its replayed fills carry no mark).
        const feesFromSchedule = row.feesFromSchedule || before.feesFromSchedule;
        const derived = withDerived({
          ...row,
          id: before.id,
          createdAt: before.createdAt,
          importId: before.importId,
          feesFromSchedule,
        });
        const after = withDefaultRisk(derived, settings);
        await tx.trades.update(before, after);
        const rewrite = rewrites(item);
        if (closesLegacy || rewrite) await tx.executions.deleteForTrade(userId, before.id);
        executions.push(...executionRows(item, before.id, userId, rewrite));
        rewritten.push(after);
        written(after);
        report('update', after, item);
      } else if (before || ids.has(row.id) || keysInBatch.has(key)) {
        ctx.onDuplicate();
      } else {
        keysInBatch.add(key);
        fresh.push(row);
        executions.push(...executionRows(item, row.id, userId));
        written(row);
        report('create', row, item);
      }
    }
    await tx.trades.insertMany(fresh);
    if (executions.length > 0) await tx.executions.insertMany(executions);
    await updateExcursions(excursionsRun, [...rewritten, ...fresh]);
  }
}

/** The import announces itself once (`import.completed`): the trades a file's action adjusts are not announced one by one. */
const QUIET: TradeWritten = { created: async () => undefined, updated: async () => undefined, deleted: async () => {} };

/**
 * Stores a file's corporate actions (once: a re-imported file's are duplicates) with the import,
 * and applies each to the user's stored open trades the import did not write (those it wrote were
 * built with it applied).
 */
async function recordActions(
  tx: Repositories,
  ctx: WriteContext,
  actions: CorporateActionFields[],
  touched: ReadonlySet<string>,
): Promise<void> {
  const { stored } = await storeImportedActions(tx, ctx.deps, ctx.userId, ctx.importId ?? null, actions);
  for (const row of stored) await applyToStoredTrades(tx, QUIET, row, ctx.deps.clock.now(), touched);
}

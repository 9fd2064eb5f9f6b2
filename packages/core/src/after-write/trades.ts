/**
 * What follows a trade write, in its transaction: the trade's excursion, its webhook events and
 * the alert checks. It sits above trades, alerts and webhooks: the trade service calls it through
 * `TradeWritten`, which core wires (core.ts), so trades/ imports neither alerts nor the outbox.
 */
import { evaluateAlerts } from '../alerts/evaluate.js';
import type { CoreDeps } from '../shared/deps.js';
import type { Repositories } from '../storage/ports.js';
import type { AlertRow, TradeRow, WebhookRow } from '../storage/rows.js';
import { tradeClosedData, tradeRecord } from '../trades/record.js';
import type { TradeWritten } from '../trades/service.js';
import { withExcursion } from './excursions.js';
import { emitEvent } from '../webhooks/outbox.js';

/** What a bulk caller fetched once for all its trades, so each trade costs no lookup. */
export interface BatchContext {
  hooks?: WebhookRow[];
  alerts?: AlertRow[];
}

/** After a new trade, in its transaction: `trade.created`, `trade.closed` when created closed, then the alert checks. */
export async function announceCreated(tx: Repositories, deps: CoreDeps, row: TradeRow, batch: BatchContext = {}): Promise<void> {
  await emitEvent(tx, deps, row.userId, 'trade.created', tradeRecord(row), batch.hooks);
  if (row.exitPrice !== null) await emitEvent(tx, deps, row.userId, 'trade.closed', tradeClosedData(row), batch.hooks);
  await evaluateAlerts(tx, deps, { trade: row, before: undefined, ...(batch.alerts && { alerts: batch.alerts }) });
}

/** After a trade changed, in its transaction: `trade.updated`, `trade.closed` when it just closed, then the alert checks. */
export async function announceUpdated(
  tx: Repositories,
  deps: CoreDeps,
  before: TradeRow,
  after: TradeRow,
  batch: BatchContext = {},
): Promise<void> {
  await emitEvent(tx, deps, after.userId, 'trade.updated', tradeRecord(after), batch.hooks);
  if (before.exitPrice === null && after.exitPrice !== null) {
    await emitEvent(tx, deps, after.userId, 'trade.closed', tradeClosedData(after), batch.hooks);
  }
  await evaluateAlerts(tx, deps, { trade: after, before, ...(batch.alerts && { alerts: batch.alerts }) });
}

/** Writes a new trade with its excursion, events and alerts inside `tx`. */
export async function insertTrade(tx: Repositories, deps: CoreDeps, row: TradeRow): Promise<void> {
  await tx.trades.insert(row);
  await announceCreated(tx, deps, await withExcursion(tx, row));
}

/** The trade service's after-write step, bound to core's dependencies. */
export function tradeWritten(deps: CoreDeps): TradeWritten {
  return {
    created: async (tx, row) => {
      const stored = await withExcursion(tx, row);
      await announceCreated(tx, deps, stored);
      return stored;
    },
    updated: async (tx, before, after) => {
      const stored = await withExcursion(tx, after);
      await announceUpdated(tx, deps, before, stored);
      return stored;
    },
    deleted: async (tx, row) => {
      await emitEvent(tx, deps, row.userId, 'trade.deleted', tradeRecord(row));
    },
  };
}

import type { Alert, AlertEvent, ImportRecord, Trade } from '@tj/core';
import type { Context } from '../context.js';
import { num } from '../output/format.js';
import { ruleLabel, thresholdOf } from './alerts.js';

/** Which triggers a write caused: those in its time span (server clock), of its trades when known. */
interface Span {
  from: string;
  to?: string;
  tradeIds?: ReadonlySet<string>;
}

/**
 * Notes on stderr, one line each, the triggers of each active rule within `span`, reading back at
 * most `limit` of each rule's newest.
 */
async function noteFiredIn(ctx: Context, span: Span, limit: number): Promise<void> {
  const client = await ctx.client();
  const active = (await client.alerts.list()).alerts.filter((a) => a.active);
  const pages = await Promise.all(active.map((a) => client.alerts.events(a.id, { limit })));
  const within = (e: AlertEvent) =>
    e.triggeredAt >= span.from &&
    (span.to === undefined || e.triggeredAt <= span.to) &&
    (span.tradeIds === undefined || (e.tradeId !== null && span.tradeIds.has(e.tradeId)));
  for (const [i, alert] of active.entries()) {
    for (const e of (pages[i]?.events ?? []).filter(within)) ctx.out.note(ctx.out.c.yellow(`alert fired: ${fired(alert, e)}`));
  }
}

/** `Tilt (maxConsecutiveLosses 2)`, and `: 2` (the value seen) for a rule with a threshold. */
function fired(alert: Alert, e: AlertEvent): string {
  return `${alert.name} (${ruleLabel(alert)})${thresholdOf(alert) === null ? '' : `: ${num(e.value)}`}`;
}

/**
 * Notes on stderr each alert rule that this very write of `trade` fired (one line each, with the
 * rule's threshold and the value it saw), so a trader at the terminal learns at once that, say,
 * the daily loss limit was just crossed. A trigger belongs to this write when it names the
 * trade and is no older than the trade's `updatedAt` (both from the server's clock, written in
 * one transaction). With --json too: stdout keeps its one document.
 */
export async function noteFiredAlerts(ctx: Context, trade: Trade): Promise<void> {
  // A write fires a rule once at most: the newest few triggers of each rule hold it.
  await noteFiredIn(ctx, { from: trade.updatedAt, tradeIds: new Set([trade.id]) }, 5);
}

/** Most triggers of one rule read back after an import (it checks the rules once per batch of trades it writes). */
const IMPORT_READ_BACK = 100;

/**
 * The same after an import: each trigger of a rule while the import ran (its trades are written
 * in one transaction, between `startedAt` and `finishedAt`), one line each.
 */
export async function noteImportAlerts(ctx: Context, record: ImportRecord): Promise<void> {
  if (record.dryRun) return;
  await noteFiredIn(ctx, { from: record.startedAt, to: record.finishedAt }, IMPORT_READ_BACK);
}

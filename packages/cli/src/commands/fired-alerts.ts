import type { Trade } from '@tj/core';
import type { Context } from '../context.js';
import { num } from '../output/format.js';
import { ruleLabel, thresholdOf } from './alerts.js';

/** Most triggers of one rule read back after a write: the newest come first, so this trade's are among them. */
const RECENT = 5;

/**
 * Notes on stderr each alert rule that this very write of `trade` fired (one line each, with the
 * rule's threshold and the value it saw), so a trader at the terminal learns at once that, say,
 * the daily loss limit was just crossed. A trigger belongs to this write when it names the
 * trade and is no older than the trade's `updatedAt` (both from the server's clock, written in
 * one transaction). With --json too: stdout keeps its one document.
 */
export async function noteFiredAlerts(ctx: Context, trade: Trade): Promise<void> {
  const client = await ctx.client();
  const { alerts } = await client.alerts.list();
  const active = alerts.filter((a) => a.active);
  if (active.length === 0) return;
  const pages = await Promise.all(active.map((a) => client.alerts.events(a.id, { limit: RECENT })));
  for (const [i, page] of pages.entries()) {
    const alert = active[i];
    if (alert === undefined) continue;
    for (const e of page.events) {
      if (e.tradeId !== trade.id || e.triggeredAt < trade.updatedAt) continue;
      // A rule with no threshold (missingStopLoss) has no value to show either.
      const value = thresholdOf(alert) === null ? '' : `: ${num(e.value)}`;
      ctx.out.note(ctx.out.c.yellow(`alert fired: ${alert.name} (${ruleLabel(alert)})${value}`));
    }
  }
}

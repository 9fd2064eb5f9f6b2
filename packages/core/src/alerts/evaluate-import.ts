import { tradingDaysFor } from '../settings/read.js';
import { dayKey } from '../shared/calendar.js';
import type { CoreDeps } from '../shared/deps.js';
import { fromMicros, toMicros } from '../shared/money.js';
import type { Repositories } from '../storage/ports.js';
import type { AlertRow, TradeRow } from '../storage/rows.js';
import { initialRisk } from '../trades/derive.js';
import { checkAlert, fire } from './evaluate.js';
import { runningStates } from './running.js';
import { trailingBreaches } from './trailing-drawdown.js';

/** What an import tells the alert rules: the trades it wrote that could concern today, and its latest close. */
export interface ImportedTrades {
  importId: string;
  /** Trades created or closed by the import that entered, exited or booked a partial exit within the last two days. */
  recent: TradeRow[];
  /** The import's trade with the latest exit, if it closed any. */
  latestClosed: TradeRow | undefined;
}

/** Trades kept for the rules about today: anything within two days of now is today somewhere. */
export const RECENT_MS = 2 * 86_400_000;

/**
 * Evaluates the user's rules ONCE over an import, in its transaction: rules about a day look at
 * today only (so importing last year fires nothing of last year), rules about runs and drawdown
 * look at the state after the import, and rules about single trades fire at most once per import
 * for its trades entered today, with how many broke them.
 */
export async function evaluateImportAlerts(
  tx: Repositories,
  deps: CoreDeps,
  alerts: AlertRow[],
  imported: ImportedTrades,
): Promise<void> {
  const now = deps.clock.now();
  // One version bump may cover many imported trades: the running rules rebuild (once per kind).
  const running = runningStates(tx, alerts[0]?.userId ?? '', { rebuild: true });
  for (const alert of alerts) {
    if (!alert.active) continue;
    // "Today" is the trading day now, under the trade's account's trading day start.
    const days = await tradingDaysFor(tx, alert.userId, alert.tz);
    const today = days.user.dayOf(now);
    const isToday = (ms: number | null, account: string | null) =>
      ms !== null && days.dayOf(ms, account) === days.dayOf(now, account);
    const latest = imported.latestClosed;
    if (alert.type === 'dailyLossLimit') {
      // The last trade that booked P&L today: a close, or a partial exit of a trade left open.
      const bookedToday = imported.recent.filter(
        (t) => isToday(t.exitTime, t.account) || t.partialExits.some((p) => isToday(p.time, t.account)),
      );
      const last = bookedToday.at(-1);
      if (last) {
        const trigger = await checkAlert(tx, alert, { trade: last, before: undefined }, running);
        if (trigger) await fire(tx, deps, alert, last, trigger);
      }
    } else if (alert.type === 'trailingDrawdown') {
      // Breaches at the imported trades that concern today (their closes and marks), not last year's.
      const scope = { tradeIds: new Set(imported.recent.map((t) => t.id)) };
      const first = imported.recent[0];
      if (first) for (const breach of await trailingBreaches(tx, alert, scope)) await fire(tx, deps, alert, first, breach);
    } else if (alert.type === 'maxConsecutiveLosses' || alert.type === 'maxDrawdown') {
      if (latest) {
        const trigger = await checkAlert(tx, alert, { trade: latest, before: undefined }, running);
        if (trigger) await fire(tx, deps, alert, latest, trigger);
      }
    } else {
      const breaking = imported.recent.filter(
        (t) =>
          isToday(t.entryTime, t.account) &&
          (alert.type === 'missingStopLoss' ? t.stopLoss === null : toMicros(initialRisk(t) ?? 0) > toMicros(alert.threshold)),
      );
      const first = breaking[0];
      if (first) {
        const value =
          alert.type === 'missingStopLoss'
            ? breaking.length
            : fromMicros(Math.max(...breaking.map((t) => toMicros(initialRisk(t) ?? 0))));
        await fire(tx, deps, alert, first, { periodKey: `import:${imported.importId}:${dayKey(today)}`, value });
      }
    }
  }
}

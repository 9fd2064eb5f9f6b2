import { tradingDaysFor } from '../settings/read.js';
import { dayKey } from '../shared/calendar.js';
import type { CoreDeps } from '../shared/deps.js';
import { fromMicros, toMicros } from '../shared/money.js';
import type { Repositories } from '../storage/ports.js';
import type { AlertRow } from '../storage/rows.js';
import { inScope, type MarkScope } from './marks/scope.js';
import { windowLedger } from './marks/ledger.js';
import { sweep } from './marks/sweep.js';
import type { Trigger } from './trigger.js';

/**
 * A daily loss limit that counts open losses (`countOpen`, docs/analytics.md, "Prop-firm rules"):
 * at each mark of an open position, the P&L booked since the trading day began (closes and
 * partial exits, as the daily limit books them) plus the open positions at their marks (the
 * marked one at its worst price) reaching −threshold breaches the day. Walks the days of
 * [from, to) under the user's trading day; answers the first breach of each day among the
 * marks in `scope`. A close is left to the running rule (running-daily.ts): same period key.
 */
export async function openDayBreaches(
  tx: Repositories,
  deps: CoreDeps,
  alert: AlertRow,
  scope: MarkScope,
  span: { from: number; to: number },
): Promise<Trigger[]> {
  const now = deps.clock.now();
  const days = (await tradingDaysFor(tx, alert.userId, alert.tz)).user;
  const from = days.startOf(days.dayOf(span.from));
  const until = Math.min(span.to, now);
  const limit = -toMicros(alert.threshold);
  const found = new Map<string, Trigger>();
  let day: number | undefined;
  let dayStart = 0;
  let realized = 0;
  for await (const step of sweep(tx, await windowLedger(tx, alert.userId, from, until + 1), from, until)) {
    const d = days.dayOf(step.time);
    // What was booked before the day's first step is not the day's.
    if (d !== day) [day, dayStart] = [d, realized];
    realized = step.realized;
    if (step.kind !== 'mark' || !inScope(scope, step)) continue;
    const pnl = step.worst - dayStart;
    const periodKey = `day:${dayKey(d)}`;
    if (pnl > limit || found.has(periodKey)) continue;
    found.set(periodKey, {
      periodKey,
      value: fromMicros(pnl),
      tradeId: step.tradeId,
      breach: { time: step.time, price: step.mark.worstPrice, instrument: step.mark.instrument },
    });
  }
  return [...found.values()];
}

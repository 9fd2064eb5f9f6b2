import { tradingDaysFor } from '../settings/read.js';
import type { CoreDeps } from '../shared/deps.js';
import { fromMicros, toMicros } from '../shared/money.js';
import type { Repositories } from '../storage/ports.js';
import type { AlertRow } from '../storage/rows.js';
import { inScope, type MarkScope } from './marks/scope.js';
import { historyLedger } from './marks/ledger.js';
import { type Step, sweep } from './marks/sweep.js';
import type { Trigger } from './trigger.js';

/**
 * The trailing drawdown of funded accounts (docs/analytics.md, "Prop-firm rules"): the threshold
 * is the highest balance less the drawdown amount, and the rule is breached when the balance
 * including open P&L touches it. `intraday` trails every mark of open positions (a bar's
 * favourable extreme raises the high only after its adverse extreme was checked: their order
 * inside the bar is unknown; its close comes last); `endOfDay` trails the closed balance at each
 * trading day's end. With `stopTrailingAtStart` the threshold never rises above the starting
 * balance. Walks the user's whole history (closes, partial exits and bar marks) and answers the
 * first breach of each threshold level among the steps in `scope`, in time order.
 */
export async function trailingBreaches(tx: Repositories, deps: CoreDeps, alert: AlertRow, scope: MarkScope): Promise<Trigger[]> {
  const now = deps.clock.now();
  const start = toMicros(alert.startingBalance ?? 0);
  const amount = toMicros(alert.threshold);
  const days = (await tradingDaysFor(tx, alert.userId, alert.tz)).user;
  const intraday = alert.trailing !== 'endOfDay';
  let high = start;
  let closed = start;
  let day: number | undefined;
  const level = () => (alert.stopTrailingAtStart ? Math.min(high - amount, start) : high - amount);
  const found = new Map<string, Trigger>();
  const check = (step: Step, balance: number, price?: number) => {
    const threshold = level();
    if (balance > threshold || !inScope(scope, step)) return;
    const periodKey = `level:${fromMicros(threshold)}`;
    if (found.has(periodKey)) return;
    found.set(periodKey, {
      periodKey,
      value: fromMicros(balance),
      tradeId: step.tradeId,
      ...(step.kind === 'mark' &&
        price !== undefined && { breach: { time: step.time, price, instrument: step.mark.instrument } }),
    });
  };
  for await (const step of sweep(tx, await historyLedger(tx, alert.userId, now), 0, now)) {
    if (!intraday) {
      // A trading day ended before this step: its closed balance may raise the high.
      const d = days.dayOf(step.time);
      if (day !== undefined && d > day) high = Math.max(high, closed);
      day = d;
    }
    if (step.kind === 'booked') {
      closed = start + step.realized;
      if (intraday) high = Math.max(high, start + step.equity);
      check(step, start + step.equity);
      continue;
    }
    check(step, start + step.worst, step.mark.worstPrice);
    if (intraday) high = Math.max(high, start + step.best);
    check(step, start + step.close, step.mark.closePrice);
  }
  return [...found.values()];
}

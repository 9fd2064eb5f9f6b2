import { tradingDaysFor } from '../settings/read.js';
import { fromMicros, toMicros } from '../shared/money.js';
import type { TradingDayClock } from '../shared/trading-day.js';
import type { Repositories } from '../storage/ports.js';
import type { AlertRow } from '../storage/rows.js';
import { historyLedger } from './marks/ledger.js';
import { inScope, type MarkScope } from './marks/scope.js';
import { type Step, sweep } from './marks/sweep.js';
import { carriedOpen, foldedClose, saveRun, type TrailingRun } from './trailing-state.js';
import type { TradeChange, Trigger } from './trigger.js';

/** Every close counts, whenever it is dated (marks stop at the bars held, never in the future). */
const FOREVER = 8.64e15;

/**
 * The walk of one trailing rule: the balance's high and the breaches found in scope. Shared by the
 * scan of the whole history and the fold of one new close (trailing-state.ts).
 */
function trailer(alert: AlertRow, days: TradingDayClock, run: TrailingRun, scope: MarkScope) {
  const start = toMicros(alert.startingBalance ?? 0);
  const amount = toMicros(alert.threshold);
  const intraday = alert.trailing !== 'endOfDay';
  const found = new Map<string, Trigger>();
  const level = () => (alert.stopTrailingAtStart ? Math.min(run.high - amount, start) : run.high - amount);
  const check = (step: Step, balance: number, price?: number) => {
    const threshold = level();
    if (balance > threshold || !inScope(scope, step)) return;
    const periodKey = `level:${fromMicros(threshold)}`;
    if (found.has(periodKey)) return;
    const breach = step.kind === 'mark' &&
      price !== undefined && { breach: { time: step.time, price, instrument: step.mark.instrument } };
    found.set(periodKey, { periodKey, value: fromMicros(balance), tradeId: step.tradeId, ...breach });
  };
  return {
    found,
    visit(step: Step) {
      if (!intraday) {
        // A trading day ended before this step: its closed balance may raise the high.
        const d = days.dayOf(step.time);
        if (run.day !== null && d > run.day) run.high = Math.max(run.high, start + run.cumulative);
        run.day = d;
      }
      if (step.kind === 'booked') {
        run.cumulative = step.realized;
        if (step.closed) [run.lastExitTime, run.lastTradeId] = [step.time, step.tradeId];
        if (intraday) run.high = Math.max(run.high, start + step.equity);
        check(step, start + step.equity);
        return;
      }
      check(step, start + step.worst, step.mark.worstPrice);
      if (intraday) run.high = Math.max(run.high, start + step.best);
      check(step, start + step.close, step.mark.closePrice);
    },
  };
}

/**
 * The trailing drawdown of funded accounts (docs/analytics.md, "Prop-firm rules"): the threshold
 * is the highest balance less the drawdown amount, and the rule is breached when the balance
 * including open P&L touches it. `intraday` trails every mark of open positions (a bar's
 * favourable extreme raises the high only after its adverse extreme was checked: their order
 * inside the bar is unknown; its close comes last); `endOfDay` trails the closed balance at each
 * trading day's end. With `stopTrailingAtStart` the threshold never rises above the starting
 * balance. Walks the user's whole history (closes, partial exits and bar marks), or folds one new
 * close into the rule's running state when the user holds no bars (trailing-state.ts), and answers
 * the first breach of each threshold level among the steps in `scope`, in time order.
 */
export async function trailingBreaches(
  tx: Repositories,
  alert: AlertRow,
  scope: MarkScope,
  change?: TradeChange,
): Promise<Trigger[]> {
  if (change && (await carriedOpen(tx, alert, change))) return [];
  const days = (await tradingDaysFor(tx, alert.userId, alert.tz)).user;
  const start = toMicros(alert.startingBalance ?? 0);
  const folded = change && (await foldedClose(tx, alert, change));
  if (folded) {
    const walk = trailer(alert, days, folded.run, scope);
    walk.visit(folded.step);
    await folded.save();
    return [...walk.found.values()];
  }
  const run: TrailingRun = { cumulative: 0, high: start, day: null, lastExitTime: null, lastTradeId: null };
  const walk = trailer(alert, days, run, scope);
  const ledger = await historyLedger(tx, alert.userId, FOREVER);
  for await (const step of sweep(tx, ledger, 0, FOREVER)) walk.visit(step);
  // Only a walk of closes alone is a state a close may be folded into.
  if (ledger.held.size === 0 && ledger.bookings.every((b) => b.closed)) await saveRun(tx, alert, run);
  return [...walk.found.values()];
}

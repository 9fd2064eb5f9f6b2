/**
 * What stored bars set off for the alert rules, in the storing transaction: the prop-firm rules
 * that read intraday marks (docs/analytics.md, "Prop-firm rules") look at the marks the new
 * stretch gives the user's positions, and fire for a breach among them, naming its bar.
 */
import { openDayBreaches } from '../alerts/daily-open.js';
import { fire } from '../alerts/evaluate.js';
import { trailingBreaches } from '../alerts/trailing-drawdown.js';
import { tradesHeld } from '../alerts/marks/ledger.js';
import { seriesFor } from '../market/series.js';
import type { CoreDeps } from '../shared/deps.js';
import type { Repositories } from '../storage/ports.js';
import type { AfterBars, BarsStored } from './bars.js';

/** True when a trade of the user was held during the stored stretch on a series it reads: else the bars mark nothing. */
async function anyHeld(tx: Repositories, stored: BarsStored): Promise<boolean> {
  const held = await tradesHeld(tx, stored.userId, stored.from, stored.to);
  return held.some((t) => seriesFor(t).some((c) => c.instrumentKey === stored.instrumentKey));
}

/**
 * The after-bars step of the alert rules: each active trailingDrawdown, and each dailyLossLimit
 * that counts open losses, checks the marks of bars of the stored series in the stored stretch.
 *
 * @example const core = bars(deps, [alertsAfterBars(deps)]);
 */
export function alertsAfterBars(deps: CoreDeps): AfterBars {
  return async (tx, stored) => {
    const alerts = (await tx.alerts.listActive(stored.userId)).filter(
      (a) => a.type === 'trailingDrawdown' || (a.type === 'dailyLossLimit' && a.countOpen),
    );
    if (alerts.length === 0 || !(await anyHeld(tx, stored))) return;
    const scope = { bars: { instrumentKey: stored.instrumentKey, from: stored.from, to: stored.to } };
    for (const alert of alerts) {
      const breaches =
        alert.type === 'trailingDrawdown'
          ? await trailingBreaches(tx, alert, scope)
          : await openDayBreaches(tx, deps, alert, scope, stored);
      for (const breach of breaches) await fire(tx, deps, alert, { id: breach.tradeId as string }, breach);
    }
  };
}

import type { AlertCreateInput } from '@tj/core';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { useCore } from '../support/core.js';
import { esLong, userWithAlerts } from './prop-firm-support.js';

/** Three trailing rules, one per variant, with amounts the history below breaches several times. */
const RULES: AlertCreateInput[] = [
  { name: 'Intraday', type: 'trailingDrawdown', threshold: 600, startingBalance: 10_000 },
  { name: 'End of day', type: 'trailingDrawdown', threshold: 600, startingBalance: 10_000, trailing: 'endOfDay' },
  { name: 'Stops at start', type: 'trailingDrawdown', threshold: 600, startingBalance: 10_000, stopTrailingAtStart: true },
];

/** Close i: an ES round trip of 20 minutes on day ⌊i / 4⌋, ±(points) × 50 from a fixed pseudo-random walk. */
function closeOf(i: number) {
  const points = [9, -6, 4, -11, 7, 3, -8, -5, 12, -2, -9, 6, -13, 5, 8, -4][i % 16] as number;
  const day = 2 + Math.floor(i / 4);
  const at = `2026-11-${String(day).padStart(2, '0')}T${String(13 + (i % 4)).padStart(2, '0')}:`;
  return esLong(`${at}00:00Z`, 5000, { time: `${at}20:00Z`, price: 5000 + points });
}

// Without bars, a close after every folded one is folded into the rule's running state; an edited
// rule walks the whole history. Both must fire the same triggers, close by close.
for (const db of DATABASES) {
  describe.skipIf(!db.available)(`trailing drawdown state on ${db.name}`, () => {
    const h = useCore(db);
    const core = () => h.core();

    it('fires the same triggers from its running state as from a walk of the history', async () => {
      h.clock.set('2026-11-30T20:00:00Z');
      const folded = await userWithAlerts(core(), RULES);
      const walked = await userWithAlerts(core(), RULES);
      for (let i = 0; i < 24; i++) {
        // An open trade written between closes is carried over by the state too.
        if (i % 5 === 0) await core().trades.create(folded.user, esLong('2026-11-30T10:00:00Z', 5000));
        await core().trades.create(folded.user, closeOf(i));
        // Renaming a rule changes its basis: its next check walks the whole history.
        for (const a of walked.alerts) await core().alerts.update(walked.user, a.id, { name: `${a.name} ${i}` });
        await core().trades.create(walked.user, closeOf(i));
      }
      for (let r = 0; r < RULES.length; r++) {
        const mine = (await folded.triggers(r)).map((t) => t.value);
        expect(mine).toEqual((await walked.triggers(r)).map((t) => t.value));
        expect(mine.length).toBeGreaterThan(0);
      }
    });
  });
}

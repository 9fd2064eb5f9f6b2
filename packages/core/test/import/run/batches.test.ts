import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { run } from './support.js';

const HEADER = 'datetime,symbol,side,quantity,price,commission,fees,exec_id,account,multiplier,tags,note';

/** Our fills CSV of `n` ES round trips of one contract, +1 point (50) each, one minute apart. */
function roundTrips(n: number): string[] {
  const lines: string[] = [];
  const start = Date.parse('2026-01-05T14:00:00Z');
  for (let i = 0; i < n; i++) {
    const at = (ms: number) => new Date(start + i * 120_000 + ms).toISOString();
    lines.push(`${at(0)},ES,buy,1,5000,0,0,b${i},SIM,50,,`, `${at(60_000)},ES,sell,1,5001,0,0,s${i},SIM,50,,`);
  }
  return lines;
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`an import larger than one write batch on ${db.name}`, () => {
    const h = useCore(db);

    it('writes every trade once across batches, and knows the trades of earlier batches and imports', async () => {
      const user = await newUser(h.core());
      const trips = roundTrips(4_500);
      const first = await run(h.core(), user, [HEADER, ...trips.slice(0, 6_000), ''].join('\n'));
      expect(first.counts).toMatchObject({ tradesCreated: 3_000, duplicates: 0 });
      // The whole file: the executions of its first 3,000 trades (over more than one batch) are there, the rest are new.
      const all = await run(h.core(), user, [HEADER, ...trips, ''].join('\n'));
      expect(all.counts).toMatchObject({ tradesCreated: 1_500, duplicates: 6_000 });
      const { pagination } = await h.core().trades.list(user, { limit: 1 });
      expect(pagination.total).toBe(4_500);
      const stats = await h.core().analytics.statistics(user, {});
      expect(stats).toMatchObject({ totalTrades: 4_500, totalPnL: 4_500 * 50, wins: 4_500 });
      expect((await run(h.core(), user, [HEADER, ...trips, ''].join('\n'))).counts).toMatchObject({
        tradesCreated: 0,
        duplicates: 9_000,
      });
    });
  });
}

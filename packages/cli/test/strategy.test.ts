import type { Strategy } from '@tj/core';
import { openSqliteStorage } from '@tj/core/sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, run, runJson, type Sandbox, sandboxWithUser } from './support/cli.js';

let box: Sandbox;
let db: string[];
const ids: Record<string, string> = {};

/** `tj trades add` of a closed trade of size 1 (× `multiplier`), times in UTC; answers its id. */
async function add(instrument: string, direction: string, entry: number, exit: number, multiplier: number): Promise<string> {
  const t = await runJson(box, [
    ...db,
    ...['trades', 'add', '--instrument', instrument, '--direction', direction],
    ...['--entry-price', String(entry), '--exit-price', String(exit), '--size', '1', '--multiplier', String(multiplier)],
    ...['--entry-time', '2026-11-20 14:30', '--exit-time', '2026-11-20 15:00'],
  ]);
  return t.id as string;
}

/**
 * An iron condor (short 1.20 → 0.50, × 100: +70), a vertical (long 2.00 → 1.40, × 100: −60) and
 * a stock trade (long 50 → 55, 1 share: +5). The strategies are set in the database as an import
 * writes them (no command sets one).
 */
beforeAll(async () => {
  ({ box, db } = await sandboxWithUser());
  ids.ic = await add('SPX', 'short', 1.2, 0.5, 100);
  ids.vertical = await add('SPY', 'long', 2, 1.4, 100);
  ids.stock = await add('AAPL', 'long', 50, 55, 1);
  const storage = await openSqliteStorage({ file: box.db });
  const [user] = await storage.repos.users.list();
  const strategies: Record<string, Strategy> = { ic: 'iron condor', vertical: 'vertical' };
  for (const [key, strategy] of Object.entries(strategies)) {
    const before = await storage.repos.trades.get(user?.id as string, ids[key] as string);
    if (before === undefined) throw new Error('not stored');
    await storage.repos.trades.update(before, { ...before, strategy });
  }
  await storage.close();
});
afterAll(() => box.cleanup());

describe('--strategy and the strategy category (local mode)', { timeout: 120_000 }, () => {
  it('tj trades list --strategy selects by name (a hyphen for the blank too) and none; the list names the strategy', async () => {
    const list = await runJson(box, [...db, 'trades', 'list', '--strategy', 'iron condor']);
    expect(list.trades.map((t: { id: string }) => t.id)).toEqual([ids.ic]);
    const hyphen = await runJson(box, [...db, 'trades', 'list', '--strategy', 'Iron-Condor']);
    expect(hyphen.trades.map((t: { id: string }) => t.id)).toEqual([ids.ic]);
    const none = await runJson(box, [...db, 'trades', 'list', '--strategy', 'none']);
    expect(none.trades.map((t: { id: string }) => t.id)).toEqual([ids.stock]);
    const text = await ok(box, [...db, 'trades', 'list']);
    expect(text).toContain('SPX (iron condor)');
    expect(text).toContain('SPY (vertical)');
    expect(text).toMatch(/AAPL +│/);
  });

  it('tj trades show prints the strategy of a trade that has one', async () => {
    expect(await ok(box, [...db, 'trades', 'show', ids.ic as string])).toMatch(/Strategy +│ iron condor/);
    expect(await ok(box, [...db, 'trades', 'show', ids.stock as string])).not.toContain('Strategy');
  });

  it('tj stats and the analytics take --strategy; by-category --category strategy groups by it', async () => {
    expect(await runJson(box, [...db, 'stats', '--strategy', 'vertical'])).toMatchObject({ totalTrades: 1, totalPnL: -60 });
    const groups = await runJson(box, [...db, 'analytics', 'by-category', '--category', 'strategy']);
    // iron condor +70, (none) +5, vertical −60.
    expect(groups.categories.map((c: { name: string; totalPnL: number }) => [c.name, c.totalPnL])).toEqual([
      ['iron condor', 70],
      ['(none)', 5],
      ['vertical', -60],
    ]);
    const dash = await runJson(box, [...db, 'dashboard', '--strategy', 'none']);
    expect(dash.summary).toMatchObject({ totalTrades: 1, totalPnL: 5 });
  });

  it('an unknown --strategy is a usage error (exit 2) listing the names', async () => {
    const r = await run(box, [...db, 'trades', 'list', '--strategy', 'condor']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('must be one of vertical, straddle, strangle, iron condor');
  });
});

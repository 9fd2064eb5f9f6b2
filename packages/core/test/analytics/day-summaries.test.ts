/**
 * Unfiltered statistics and the dashboard are answered from the per-day summaries (migration 25)
 * and a grouped read of the recent window. These tests hold that path to the scan of every
 * closed trade (the reference, still used for filtered questions): equal answers, deep, for
 * random histories written every way a trade can be written, on every database; and the stored
 * summaries equal to a rebuild after every write.
 */
import { type Core, createCore, type Storage } from '@tj/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { type Accumulator, createDashboardAccumulator, createStatisticsAccumulator } from '../../src/analytics/index.js';
import { statisticsOf } from '../../src/analytics/statistics.js';
import { DAY_FIELDS_VERSION } from '../../src/summaries/day-fields.js';
import { Segment } from '../../src/summaries/segment.js';
import { tradingDaysOf } from '../../src/shared/trading-day.js';
import { newUser, testClock } from '../support/core.js';

const NOW = '2026-12-30T12:00:00.000Z';
const clock = testClock(NOW);
const DAY = 86_400_000;
/** Exits fall on a 6-hour grid from about 14 months before now to a week after: ties, DST changes, future exits. */
const FIRST_EXIT = Date.parse('2025-10-20T00:00:00Z');
// Half the exits crowd into the last fortnight around now (ties, streaks within a day, the recent window).
const exitSlot = fc.oneof(fc.integer({ min: 1690, max: 1760 }), fc.integer({ min: 0, max: 1760 }));
const exitAt = (slot: number, minute: number) => new Date(FIRST_EXIT + slot * 6 * 3_600_000 + minute * 60_000).toISOString();

const tradeArb = fc.record({
  slot: exitSlot,
  minute: fc.constantFrom(0, 0, 30, 59),
  holdMinutes: fc.integer({ min: 0, max: 60 * 24 * 3 }),
  move: fc.oneof(
    fc.constant(0),
    fc.integer({ min: -2000, max: 2000 }).map((n) => n / 100),
  ),
  stop: fc.option(
    fc.integer({ min: 1, max: 900 }).map((n) => n / 100),
    { nil: undefined },
  ),
  fees: fc.constantFrom(0, 0, 1.25),
  open: fc.boolean().map((b) => b && Math.random() < 0.2),
  account: fc.constantFrom(undefined, 'CME', 'IRA'),
});
type TradeSpec = typeof tradeArb extends fc.Arbitrary<infer T> ? T : never;

const opArb = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('create' as const), user: fc.nat(1), t: tradeArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), user: fc.nat(1), pick: fc.nat(), t: tradeArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), user: fc.nat(1), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('import' as const), user: fc.nat(1), ts: fc.array(tradeArb, { maxLength: 25 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('undo' as const), user: fc.nat(1) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('risk' as const), user: fc.nat(1), risk: fc.constantFrom(null, 50, 125.5) }),
  },
);
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Europe/Berlin', 'Australia/Lord_Howe'];
const STARTS = [
  null,
  { time: '17:00', timeZone: 'America/Chicago' },
  { time: '06:00' },
  { time: '09:15', timeZone: 'Asia/Kolkata' },
];

/** A trade body of a spec: a long at 100, its exit on the grid, its R from the stop when there is one. */
function bodyOf(t: TradeSpec): Record<string, unknown> {
  const exit = Date.parse(exitAt(t.slot, t.minute));
  return {
    instrument: 'ES',
    direction: 'long',
    entryPrice: 100,
    positionSize: 2,
    fees: t.fees,
    entryTime: new Date(exit - t.holdMinutes * 60_000).toISOString(),
    ...(t.stop !== undefined && { stopLoss: 100 - t.stop }),
    ...(t.account !== undefined && { account: t.account }),
    ...(!t.open && { exitPrice: Math.round((100 + t.move + t.fees / 2) * 100) / 100, exitTime: new Date(exit).toISOString() }),
  };
}

/** A trades CSV of specs (closed ones only), as an import reads it. */
function csvOf(ts: TradeSpec[]): string {
  const lines = ['instrument,direction,entryPrice,positionSize,fees,stopLoss,account,entryTime,exitPrice,exitTime'];
  for (const t of ts) {
    const b = bodyOf({ ...t, open: false });
    lines.push(
      [
        b.instrument,
        b.direction,
        b.entryPrice,
        b.positionSize,
        b.fees,
        b.stopLoss ?? '',
        b.account ?? '',
        b.entryTime,
        b.exitPrice,
        b.exitTime,
      ].join(','),
    );
  }
  return lines.join('\n');
}

/** Feeds the scan of every closed trade of the user to `acc`: the reference path. */
async function scanned<T>(storage: Storage, user: string, acc: Accumulator<T>): Promise<T> {
  for await (const batch of storage.repos.trades.closedOutcomesWithCosts(user, {})) for (const f of batch) acc.add(f);
  return acc.result();
}

/** The day summaries the user's trades make, computed from a full scan without writing anything, as the running code stamps them. */
async function expectedDays(storage: Storage, user: string) {
  const days = new Map<number, Segment>();
  for await (const batch of storage.repos.trades.closedOutcomesWithCosts(user, {})) {
    for (const f of batch) {
      const d = Math.floor(f.exitTime / DAY);
      const seg = days.get(d) ?? new Segment();
      seg.add(f);
      days.set(d, seg);
    }
  }
  return [...days.values()].map((s) => ({ ...s.state(), fieldsVersion: DAY_FIELDS_VERSION }));
}

/** Applies one write the way the application makes it. */
async function apply(core: Core, users: string[], made: Map<string, string[]>, imports: Map<string, string[]>, op: Op) {
  const user = users[op.user] as string;
  const ids = made.get(user) ?? [];
  made.set(user, ids);
  if (op.kind === 'create') ids.push((await core.trades.create(user, bodyOf(op.t))).id);
  else if (op.kind === 'edit' && ids.length > 0) {
    const body = bodyOf({ ...op.t, open: false });
    await core.trades.update(user, ids[op.pick % ids.length] as string, {
      exitPrice: body.exitPrice,
      exitTime: body.exitTime,
      entryTime: body.entryTime,
      stopLoss: body.stopLoss ?? null,
    });
  } else if (op.kind === 'delete' && ids.length > 0) {
    await core.trades.delete(user, ids.splice(op.pick % ids.length, 1)[0] as string);
  } else if (op.kind === 'import' && op.ts.length > 0) {
    const text = csvOf(op.ts);
    const record = await core.imports.create(user, { name: 'trades.csv', open: () => [Buffer.from(text)] }, { sourceTz: 'UTC' });
    imports.set(user, [...(imports.get(user) ?? []), record.id]);
  } else if (op.kind === 'undo') {
    const id = imports.get(user)?.pop();
    if (id !== undefined) await core.imports.undo(user, id, { force: true });
    made.set(user, ids.length === 0 ? ids : (await core.trades.list(user, { limit: 100 })).trades.map((t) => t.id));
  } else if (op.kind === 'risk') await core.settings.update(user, { defaultRisk: op.risk });
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`statistics and dashboard from day summaries on ${db.name}`, () => {
    let opened: Awaited<ReturnType<(typeof db)['open']>>;
    let core: Core;
    beforeAll(async () => {
      opened = await db.open();
      core = createCore({ storage: opened.storage, clock, auth: { passwordCost: { N: 1024, r: 8, p: 1 } } });
    });
    afterAll(async () => {
      await opened?.cleanup();
    });

    it('answers exactly what the scan answers, for random histories written every way', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(opArb, { minLength: 1, maxLength: 40 }),
          fc.constantFrom(...ZONES),
          fc.constantFrom(...STARTS),
          fc.boolean(),
          async (ops, tz, start, ownAccountDay) => {
            const storage = opened.storage;
            const users = [await newUser(core), await newUser(core)];
            await core.settings.update(users[0] as string, { tradingDayStart: start });
            if (ownAccountDay)
              await core.settings.update(users[1] as string, { accounts: { CME: { tradingDayStart: STARTS[1] } } });
            const made = new Map<string, string[]>();
            const imports = new Map<string, string[]>();
            for (const op of ops) {
              await apply(core, users, made, imports, op);
              const user = users[op.user] as string;
              expect((await storage.repos.tradeDays.list(user)).map((s) => ({ ...s }))).toEqual(
                await expectedDays(storage, user),
              );
            }
            for (const user of users) {
              const { openTrades, currency, fx, excursions, ...stats } = await core.analytics.statistics(user, {});
              // One currency (none stated): nothing converted; no bars, so no excursion figures.
              expect([currency, fx, excursions]).toEqual([null, null, null]);
              expect(stats).toEqual(await scanned(storage, user, createStatisticsAccumulator()));
              // An entry-date filter that keeps every trade goes the scan's way through the service.
              const money = { currency, fx };
              expect(await core.analytics.statistics(user, { dateFrom: '2000-01-01' })).toEqual({
                ...stats,
                openTrades,
                excursions,
                ...money,
              });
              expect(await core.analytics.statistics(user, { status: 'closed' })).toEqual({
                ...stats,
                openTrades: 0,
                excursions,
                ...money,
              });
              const tradingDays = tradingDaysOf(tz, await core.settings.get(user));
              const reference = createDashboardAccumulator({ now: clock.now(), tz, tradingDays });
              expect(await core.analytics.dashboard(user, { tz })).toEqual({
                ...(await scanned(storage, user, reference)),
                ...money,
              });
              const before = await storage.repos.tradeDays.list(user);
              await storage.transaction((tx) => tx.tradeDays.rebuild(user));
              expect(await storage.repos.tradeDays.list(user)).toEqual(before);
            }
          },
        ),
        { numRuns: 12 },
      );
    });

    it('folds a close after the day’s last one into the stored row, and rewrites the day for one before it', async () => {
      const user = await newUser(core);
      const at = (slot: number, open = false) =>
        bodyOf({ slot, minute: 0, holdMinutes: 5, move: 1, stop: 1, fees: 0, open, account: undefined });
      await core.trades.create(user, at(0));
      const openTrade = await core.trades.create(user, at(2, true));
      // A mark in the stored row: only a fold keeps it, a rewrite from the trades drops it.
      await behindTheBack(opened.url, 'UPDATE trade_day_summaries SET fees = 7 WHERE user_id = $1', user);
      await core.trades.create(user, at(1));
      expect((await opened.storage.repos.tradeDays.list(user)).map((d) => [d.trades, d.fees])).toEqual([[2, 7]]);
      await core.trades.update(user, openTrade.id, { exitPrice: 101, exitTime: exitAt(2, 0) });
      expect((await opened.storage.repos.tradeDays.list(user)).map((d) => [d.trades, d.fees])).toEqual([[3, 7]]);
      // A close before the day's last one: the day is read again, and the mark is gone.
      await core.trades.create(user, { ...at(0), exitTime: exitAt(0, 1) });
      expect((await opened.storage.repos.tradeDays.list(user)).map((d) => [d.trades, d.fees])).toEqual([[4, 0]]);
      expect((await opened.storage.repos.tradeDays.list(user)).map((d) => ({ ...d }))).toEqual(
        await expectedDays(opened.storage, user),
      );
    });

    /** A closed trade of `result` (money, fees 0) exiting at `slot` (6-hour steps). */
    const closed = (slot: number, result: number) =>
      bodyOf({ slot, minute: 0, holdMinutes: 5, move: result / 2, stop: 1, fees: 0, open: false, account: undefined });

    /** A new user with closed trades of a result at each slot, and the scan's statistics of them. */
    async function userWith(resultAt: Record<number, number>) {
      const user = await newUser(core);
      for (const [slot, result] of Object.entries(resultAt)) await core.trades.create(user, closed(Number(slot), result));
      return { user, want: await core.analytics.statistics(user, { dateFrom: '2000-01-01' }) };
    }

    /** Sets `columns` of the user's rows and another declaration's stamp, behind the storage's back. */
    const olderRows = (user: string, columns: string) =>
      behindTheBack(opened.url, `UPDATE trade_day_summaries SET fields_version = 'older', ${columns} WHERE user_id = $1`, user);

    it('rebuilds rows written under another field declaration instead of serving them', async () => {
      const { user, want } = await userWith({ 0: 3, 1: -5, 2: 4, 4: 2, 5: -1, 9: 6 });
      // As an older declaration left them: another stamp, and figures this one computes otherwise.
      await olderRows(user, "largest_win = 0, max_drawdown = 0, r_sum = '0'");
      expect(await core.analytics.statistics(user, {})).toEqual(want);
      const days = await opened.storage.repos.tradeDays.list(user);
      expect(days.map((d) => ({ ...d }))).toEqual(await expectedDays(opened.storage, user));
      expect(days.map((d) => d.fieldsVersion)).toEqual([DAY_FIELDS_VERSION, DAY_FIELDS_VERSION, DAY_FIELDS_VERSION]);
    });

    it('serves no per-day figure of another stamp, where a check of trade counts alone would have', async () => {
      // Day 1: +3, −5, +4 (a fall of 5 inside the day); day 2: +2.
      const { user, want } = await userWith({ 0: 3, 1: -5, 2: 4, 4: 2 });
      expect(want.maxDrawdown).toBe(5);
      await olderRows(user, 'max_drawdown = 0');
      const stale = await opened.storage.repos.tradeDays.list(user);
      // The rows still count every closed trade, so counting alone would fold them: a drawdown of 1.
      const closedTrades = await opened.storage.repos.trades.counts(user, { status: 'closed' });
      expect(stale.reduce((n, d) => n + d.trades, 0)).toBe(closedTrades.total);
      const folded = new Segment();
      for (const d of stale) folded.append(d);
      expect(statisticsOf(folded.state()).maxDrawdown).toBe(1);
      expect(await core.analytics.statistics(user, {})).toEqual(want);
    });

    it('rewrites, rather than folds a close into, a day whose row has another stamp', async () => {
      const { user } = await userWith({ 0: 2 });
      // A mark a fold would keep (see above), on a row of another stamp.
      await olderRows(user, 'fees = 7');
      await core.trades.create(user, closed(1, 2));
      const days = await opened.storage.repos.tradeDays.list(user);
      expect(days.map((d) => [d.trades, d.fees, d.fieldsVersion])).toEqual([[2, 0, DAY_FIELDS_VERSION]]);
      expect(days.map((d) => ({ ...d }))).toEqual(await expectedDays(opened.storage, user));
    });

    it('builds the summaries of trades stored before them on first use', async () => {
      const user = await newUser(core);
      for (let i = 0; i < 5; i++) {
        await core.trades.create(
          user,
          bodyOf({ slot: i * 3, minute: 0, holdMinutes: 5, move: i - 2, stop: 1, fees: 0, open: false, account: undefined }),
        );
      }
      const want = await core.analytics.statistics(user, { dateFrom: '2000-01-01' });
      // As a database migrated to version 25 has them: no summary at all.
      await deleteSummaries(opened.url, user);
      expect(await opened.storage.repos.tradeDays.list(user)).toEqual([]);
      expect(await core.analytics.statistics(user, {})).toEqual(want);
      expect((await opened.storage.repos.tradeDays.list(user)).reduce((n, d) => n + d.trades, 0)).toBe(5);
    });
  });
}

/** Runs one statement with `?`/`$1` = the user on the test database behind the storage's back, with its own driver. */
async function behindTheBack(url: string, sqlText: string, user: string): Promise<void> {
  if (url.startsWith('sqlite:')) {
    const { default: Database } = await import('better-sqlite3');
    const raw = new Database(url.replace(/^sqlite:/, ''));
    raw.prepare(sqlText.replace('$1', '?')).run(user);
    raw.close();
    return;
  }
  const u = new URL(url);
  const schema = u.searchParams.get('schema') ?? 'public';
  u.searchParams.delete('schema');
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: u.toString(), options: `-c search_path=${schema}` });
  await client.connect();
  await client.query(sqlText, [user]);
  await client.end();
}

/** Deletes a user's day summaries behind the storage's back. */
const deleteSummaries = (url: string, user: string) =>
  behindTheBack(url, 'DELETE FROM trade_day_summaries WHERE user_id = $1', user);

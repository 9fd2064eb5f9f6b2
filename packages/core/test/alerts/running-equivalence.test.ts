/**
 * The running alert states give exactly the firings of the scan they replace: two cores on one
 * database apply the same random history to two users with the same ids; before each step the
 * reference user's states are overwritten with nonsense of another version and basis, so none is
 * ever trusted and every close runs the scan (what the rules did before the states; a state
 * trusted by mistake would fire nonsense). Their triggers must be identical, and after each step
 * a state both wrote must be the same: the incremental one equals the rebuilt one.
 */
import type { Core, Storage } from '@tj/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestDatabase } from '../../../../test/support/databases.js';
import { closedBody, countingCore, openBody, RUNNING_ALERTS, roundTripCsv } from './running-support.js';

const RESULTS = [-25, -10, -5, 0, 5, 10, 30];
const result = fc.constantFrom(...RESULTS);
/**
 * Exit minutes on a 3-hour grid over twelve days (ties are common; more than the week a drawdown
 * checkpoint lags), or up to two days after the latest exit.
 */
const exit = fc.oneof(
  fc.integer({ min: 1, max: 96 }).map((n) => ({ abs: n * 180 })),
  fc.constantFrom(0, 180, 360, 1440, 2880).map((n) => ({ next: n })),
);
const pick = fc.nat();

const step = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('close' as const), exit, result }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('open' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('closeOpen' as const), pick, exit, result }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('editResult' as const), pick, result }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('moveExit' as const), pick, exit }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('note' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('import' as const), exit, result }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('alertEdit' as const),
      pick,
      threshold: fc.constantFrom(10, 20, 40),
      tz: fc.constantFrom('UTC', 'America/New_York', 'Asia/Tokyo'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('toggle' as const), pick }) },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** One user's history as the steps build it: the same on both cores. */
interface Book {
  open: string[];
  closed: string[];
  alertIds: string[];
  active: boolean[];
  latest: number;
  imports: number;
}

async function apply(core: Core, user: string, book: Book, s: Step): Promise<void> {
  const exitOf = (e: { abs: number } | { next: number }) => ('abs' in e ? e.abs : book.latest + e.next);
  const noteExit = (m: number) => {
    book.latest = Math.max(book.latest, m);
    return m;
  };
  const closedPick = (n: number) => book.closed[n % book.closed.length];
  switch (s.kind) {
    case 'close': {
      const t = await core.trades.create(user, closedBody(s.result, noteExit(exitOf(s.exit))));
      book.closed.push(t.id);
      return;
    }
    case 'open':
      book.open.push((await core.trades.create(user, openBody())).id);
      return;
    case 'closeOpen': {
      const [id] = book.open.splice(s.pick % Math.max(1, book.open.length), 1);
      if (!id) return;
      const m = noteExit(exitOf(s.exit));
      const body = closedBody(s.result, m);
      await core.trades.update(user, id, { exitPrice: body.exitPrice, exitTime: body.exitTime, result: s.result });
      book.closed.push(id);
      return;
    }
    case 'editResult': {
      const id = closedPick(s.pick);
      if (id) await core.trades.update(user, id, { result: s.result });
      return;
    }
    case 'moveExit': {
      const id = closedPick(s.pick);
      if (id) await core.trades.update(user, id, { exitTime: closedBody(0, noteExit(exitOf(s.exit))).exitTime });
      return;
    }
    case 'note': {
      const all = [...book.open, ...book.closed];
      const id = all[s.pick % Math.max(1, all.length)];
      if (id) await core.trades.update(user, id, { notes: `note ${s.pick}` });
      return;
    }
    case 'delete': {
      const list = s.pick % 2 === 0 ? book.closed : book.open;
      const [id] = list.splice(s.pick % Math.max(1, list.length), 1);
      if (id) await core.trades.delete(user, id);
      return;
    }
    case 'import': {
      const csv = roundTripCsv(`IMP${book.imports++}`, s.result, noteExit(exitOf(s.exit)));
      await core.imports.run(user, { name: 'fills.csv', open: () => [Buffer.from(csv)] }, { sourceTz: 'UTC' });
      return;
    }
    case 'alertEdit': {
      const i = s.pick % book.alertIds.length;
      await core.alerts.update(user, book.alertIds[i] as string, { threshold: s.threshold, tz: s.tz });
      return;
    }
    case 'toggle': {
      const i = s.pick % book.alertIds.length;
      book.active[i] = !book.active[i];
      await core.alerts.update(user, book.alertIds[i] as string, { active: book.active[i] });
      return;
    }
  }
}

/** Every trigger of the user's alerts, in alert order, as (alert index, period, value, trade). */
async function triggers(storage: Storage, user: string, alertIds: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const [i, id] of alertIds.entries()) {
    const page = await storage.repos.alerts.listEvents(user, id, { page: 1, limit: 1000 });
    out.push(...page.rows.map((e) => `${i} ${e.periodKey} ${e.value} ${e.tradeId}`).sort());
  }
  return out;
}

/** Overwrites the user's alert states with nonsense that no check may trust: each close rescans. */
async function spoil(storage: Storage, user: string): Promise<void> {
  for (const s of await storage.repos.alerts.listStates(user)) {
    await storage.repos.alerts.putState({
      ...s,
      basis: 'spoilt',
      version: -1,
      lastExitTime: null,
      lastTradeId: null,
      cumulativeMicros: 9e12,
      peakMicros: -9e12,
      peakKey: 'spoilt',
      runLength: 999,
      runFirstId: null,
      day: 0,
      dayPnlMicros: -9e12,
    });
  }
}

/** The user's alert states written at their current data version, by alert, without what may differ between users. */
async function freshStates(storage: Storage, user: string): Promise<Map<string, unknown>> {
  const version = await storage.repos.trades.dataVersion(user);
  const out = new Map<string, unknown>();
  for (const s of await storage.repos.alerts.listStates(user)) {
    // Where a drawdown checkpoint sits depends on the history of replays, not on the trades.
    const { userId: _u, basis: _b, version: v, checkpointExitTime, checkpointTradeId, checkpointCumulativeMicros, ...rest } = s;
    const { checkpointPeakMicros, checkpointPeakKey, checkpointPeakExitTime, ...figures } = rest;
    if (v === version) out.set(s.alertId, figures);
  }
  return out;
}

function useStorage(db: TestDatabase): () => Storage {
  let opened: Awaited<ReturnType<TestDatabase['open']>> | undefined;
  beforeAll(async () => {
    opened = await db.open();
  });
  afterAll(async () => {
    await opened?.cleanup();
  });
  return () => (opened as NonNullable<typeof opened>).storage;
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`running alert states on ${db.name}`, () => {
    const storage = useStorage(db);
    let run = 0;

    it('fire exactly what rescanning on every change fires, over random histories', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
          run++;
          const users = [
            `a0000000-0000-7000-8000-${String(run).padStart(12, '0')}`,
            `b0000000-0000-7000-8000-${String(run).padStart(12, '0')}`,
          ];
          const cores = [countingCore(storage(), 'c0000000'), countingCore(storage(), 'c0000000')];
          const books: Book[] = [];
          for (const [i, core] of cores.entries()) {
            const alertIds: string[] = [];
            for (const a of RUNNING_ALERTS) alertIds.push((await core.alerts.create(users[i] as string, a)).id);
            books.push({ open: [], closed: [], alertIds, active: alertIds.map(() => true), latest: 600, imports: 0 });
          }
          for (const s of steps) {
            await spoil(storage(), users[1] as string);
            for (const [i, core] of cores.entries()) await apply(core, users[i] as string, books[i] as Book, s);
            const [mine, rescanned] = await Promise.all(users.map((u) => freshStates(storage(), u)));
            for (const [alert, state] of rescanned ?? []) if (mine?.has(alert)) expect(mine.get(alert)).toEqual(state);
          }
          const [incremental, rescanned] = await Promise.all(
            users.map((u, i) => triggers(storage(), u, (books[i] as Book).alertIds)),
          );
          expect(incremental).toEqual(rescanned);
        }),
        { numRuns: db.name === 'sqlite' ? 60 : 20 },
      );
    }, 120_000);
  });
}

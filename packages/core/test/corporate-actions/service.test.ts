import type { Core } from '@tj/core';
import { coreDeps } from '@tj/core/internal';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { caught, newUser, tradeBody, useCore } from '../support/core.js';

const HEADER = 'DateTime,Symbol,Side,Quantity,Price,Commission,Exec_ID,Account\n';

/** Imports fills (our fills CSV) for `user`. */
async function importFills(core: Core, user: string, rows: string[]): Promise<void> {
  const text = HEADER + rows.map((r) => `${r}\n`).join('');
  await core.imports.run(user, { open: () => [Buffer.from(text)] }, { sourceTz: 'UTC' });
}

/** The user's one trade of `instrument` with its executions. */
async function tradeOf(core: Core, user: string, instrument: string) {
  const { trades } = await core.trades.list(user, { instrument });
  expect(trades).toHaveLength(1);
  return core.trades.get(user, (trades[0] as { id: string }).id);
}

/** Long 100 AAPL at 200.00 (commission 1.00, account U1) on 2026-08-25, stop 190. */
async function openAapl(core: Core, user: string) {
  await importFills(core, user, ['2026-08-25T14:30:00Z,AAPL,buy,100,200,1,E1,U1']);
  const t = await tradeOf(core, user, 'AAPL');
  return core.trades.update(user, t.id, { stopLoss: 190 });
}

const split = (over: Record<string, unknown> = {}) => ({
  kind: 'split',
  instrument: 'AAPL',
  ratio: '4:1',
  effectiveAt: '2026-08-31',
  ...over,
});

async function subscribe(core: Core, h: ReturnType<typeof useCore>, userId: string): Promise<string> {
  const id = coreDeps(core).ids.next();
  const now = h.clock.now();
  await h.storage().repos.webhooks.insert({
    userId,
    id,
    url: 'https://hooks.example.com/in',
    events: ['trade.updated'],
    secret: 's'.repeat(32),
    active: true,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`corporate actions on ${db.name}`, () => {
    const h = useCore(db);

    it('splits an open position 4:1 with its stop and execution; a later close books the same money', async () => {
      const user = await newUser(h.core());
      const open = await openAapl(h.core(), user);
      const versionBefore = await h.storage().repos.trades.dataVersion(user);
      const created = await h.core().corporateActions.create(user, split({ note: 'AAPL 4-for-1' }));
      expect(created).toMatchObject({
        kind: 'split',
        instrument: 'AAPL',
        account: null,
        ratio: '4:1',
        newInstrument: null,
        effectiveAt: '2026-08-31T00:00:00.000Z',
        note: 'AAPL 4-for-1',
        importId: null,
        adjustedTradeIds: [open.id],
      });
      expect(await h.storage().repos.trades.dataVersion(user)).not.toBe(versionBefore);
      // 100 × 4 = 400 shares; 200.00 ÷ 4 = 50.00; stop 190 ÷ 4 = 47.50; fees (money) stay 1.00.
      const split4 = await h.core().trades.get(user, open.id);
      expect(split4).toMatchObject({ status: 'open', positionSize: 400, entryPrice: 50, stopLoss: 47.5, fees: 1, result: null });
      expect(split4.executions).toEqual([
        expect.objectContaining({ quantity: 400, price: 50, commission: 1, side: 'buy', instrument: 'AAPL', execId: 'E1' }),
      ]);
      // Closed after the split at 55.00: (55 − 50) × 400 = 2,000.00 = (220 − 200) × 100 before it; less fees 1.00 → 1,999.00.
      // R: 1,999 ÷ ((50 − 47.50) × 400 = 1,000) = 1.999, the R the unsplit trade would have: 1,999 ÷ ((200 − 190) × 100).
      const closed = await h.core().trades.update(user, open.id, { exitPrice: 55, exitTime: '2026-09-02T15:00:00Z' });
      expect(closed).toMatchObject({
        status: 'closed',
        positionSize: 400,
        entryPrice: 50,
        exitPrice: 55,
        result: 1999,
        rMultiple: 1.999,
      });
    });

    it('continues a split position with fills imported after the split', async () => {
      const user = await newUser(h.core());
      const open = await openAapl(h.core(), user);
      await h.core().corporateActions.create(user, split());
      // Sold after the split: 400 at 55.00 (commission 1.00), continuing the stored, split position.
      await importFills(h.core(), user, ['2026-09-02T15:00:00Z,AAPL,sell,400,55,1,E2,U1']);
      const closed = await h.core().trades.get(user, open.id);
      // (55 − 50) × 400 = 2,000.00, less fees 1 + 1 → 1,998.00.
      expect(closed).toMatchObject({ status: 'closed', positionSize: 400, entryPrice: 50, exitPrice: 55, result: 1998 });
      expect((closed.executions ?? []).map((e) => `${e.side} ${e.quantity}@${e.price}`)).toEqual(['buy 400@50', 'sell 400@55']);
    });

    it('announces each adjusted trade as trade.updated', async () => {
      const user = await newUser(h.core());
      const hook = await subscribe(h.core(), h, user);
      const open = await openAapl(h.core(), user);
      const before = await h.storage().repos.outbox.listDeliveries(user, hook, {}, { page: 1, limit: 100 });
      await h.core().corporateActions.create(user, split());
      const after = await h.storage().repos.outbox.listDeliveries(user, hook, {}, { page: 1, limit: 100 });
      expect(after.total - before.total).toBe(1);
      const jobs = await h.storage().repos.outbox.claimDue(h.clock.now(), 30_000, 1000);
      const payloads = jobs.filter((j) => j.delivery.userId === user).map((j) => JSON.parse(j.payload));
      expect(payloads.at(-1)).toMatchObject({ event: 'trade.updated', data: { id: open.id, positionSize: 400, entryPrice: 50 } });
    });

    it('reverse-splits 1:10 a hand-entered short, and leaves closed, later, other-account and other-instrument trades alone', async () => {
      const user = await newUser(h.core());
      const core = h.core();
      const short = await core.trades.create(
        user,
        tradeBody({
          instrument: 'XYZ',
          direction: 'short',
          entryPrice: 2.07,
          positionSize: 105,
          stopLoss: 2.5,
          account: 'U1',
          entryTime: '2026-02-02T15:00:00Z',
        }),
      );
      const closed = await core.trades.create(
        user,
        tradeBody({
          instrument: 'XYZ',
          entryPrice: 2,
          positionSize: 100,
          entryTime: '2026-01-05T15:00:00Z',
          exitPrice: 2.2,
          exitTime: '2026-01-06T15:00:00Z',
        }),
      );
      const later = await core.trades.create(
        user,
        tradeBody({ instrument: 'XYZ', entryPrice: 21, positionSize: 10, entryTime: '2026-02-20T15:00:00Z' }),
      );
      const otherAccount = await core.trades.create(
        user,
        tradeBody({ instrument: 'XYZ', entryPrice: 2, positionSize: 10, account: 'U2', entryTime: '2026-02-02T15:00:00Z' }),
      );
      const other = await core.trades.create(user, tradeBody({ instrument: 'ABC', entryTime: '2026-02-02T15:00:00Z' }));
      const created = await core.corporateActions.create(user, {
        kind: 'split',
        instrument: 'XYZ',
        ratio: '1:10',
        account: 'U1',
        effectiveAt: '2026-02-17T14:30:00Z',
      });
      expect(created.adjustedTradeIds).toEqual([short.id]);
      // 105 ÷ 10 = 10.5 shares (fractions kept); 2.07 × 10 = 20.70; stop 2.50 × 10 = 25.00.
      expect(await core.trades.get(user, short.id)).toMatchObject({
        positionSize: 10.5,
        entryPrice: 20.7,
        stopLoss: 25,
        direction: 'short',
      });
      for (const t of [closed, later, otherAccount, other]) {
        const { executions: _, ...now } = await core.trades.get(user, t.id);
        expect(now).toEqual(t);
      }
    });

    it('renames an open position and its executions, so fills under the new symbol continue it', async () => {
      const user = await newUser(h.core());
      const core = h.core();
      await importFills(core, user, ['2022-06-01T14:30:00Z,FB,buy,10,190,1,F1,U1']);
      const fb = await tradeOf(core, user, 'FB');
      const created = await core.corporateActions.create(user, {
        kind: 'symbolChange',
        instrument: 'FB',
        newInstrument: 'META',
        effectiveAt: '2022-06-09',
      });
      expect(created).toMatchObject({ kind: 'symbolChange', newInstrument: 'META', ratio: null, adjustedTradeIds: [fb.id] });
      expect(await core.trades.get(user, fb.id)).toMatchObject({
        instrument: 'META',
        executions: [expect.objectContaining({ instrument: 'META', quantity: 10, price: 190 })],
      });
      await importFills(core, user, ['2022-06-10T14:30:00Z,META,sell,10,196,1,F2,U1']);
      // (196 − 190) × 10 = 60.00 less 2.00 fees = 58.00, on the one position.
      const { trades } = await core.trades.list(user, {});
      expect(trades.map((t) => `${t.instrument} ${t.status} ${t.result}`)).toEqual(['META closed 58']);
      expect((await core.corporateActions.list(user, { instrument: 'META' })).corporateActions.map((a) => a.id)).toEqual([
        created.id,
      ]);
    });

    it('refuses an action when an open trade it covers already has executions after it, changing nothing', async () => {
      const user = await newUser(h.core());
      const core = h.core();
      await importFills(core, user, [
        '2026-08-25T14:30:00Z,AAPL,buy,100,200,1,E1,U1',
        '2026-09-01T14:30:00Z,AAPL,buy,40,51,1,E3,U1',
      ]);
      const t = await tradeOf(core, user, 'AAPL');
      const e = await caught(() => core.corporateActions.create(user, split()));
      expect(e.code).toBe('conflict');
      expect(e.message).toContain(`open trade(s) ${t.id} have executions at or after it`);
      expect(await tradeOf(core, user, 'AAPL')).toEqual(t);
      expect((await core.corporateActions.list(user, {})).corporateActions).toEqual([]);
    });

    it('refuses the same action twice (409), also for an overlapping account within a week', async () => {
      const user = await newUser(h.core());
      const core = h.core();
      const first = await core.corporateActions.create(user, split());
      const again = await caught(() => core.corporateActions.create(user, split({ ratio: '04:1.0' })));
      expect(again.code).toBe('conflict');
      expect(again.message).toBe(
        `the 4:1 split of AAPL effective 2026-08-31T00:00:00.000Z is recorded already (${first.id}); delete it first to record it again`,
      );
      const near = await caught(() =>
        core.corporateActions.create(user, split({ account: 'U1', effectiveAt: '2026-08-28T20:25:00-04:00' })),
      );
      expect(near.code).toBe('conflict');
      // A different ratio, or a month later, is another action.
      await core.corporateActions.create(user, split({ ratio: '2:1', effectiveAt: '2026-10-01' }));
      expect((await core.corporateActions.list(user, {})).corporateActions.map((a) => a.ratio)).toEqual(['2:1', '4:1']);
    });

    it('names each bad field of a create body', async () => {
      const user = await newUser(h.core());
      const core = h.core();
      const paths = async (body: Record<string, unknown>) => {
        const e = await caught(() => core.corporateActions.create(user, body));
        expect(e.code).toBe('validation_failed');
        return (e.errors ?? []).map((f) => `${f.path}: ${f.message}`);
      };
      expect(await paths(split({ ratio: '1:1' }))).toEqual([
        'ratio: must change the number of shares (a 1:1 split changes nothing)',
      ]);
      expect(await paths(split({ ratio: '0:1' }))).toEqual([
        'ratio: must be a split ratio new:old, each > 0 with at most 8 decimals and at most 1000000: 4:1 (forward), 1:10 (reverse), 3:2',
      ]);
      expect(await paths(split({ ratio: 'four' }))).toHaveLength(1);
      expect(await paths(split({ ratio: undefined }))).toEqual(['ratio: required for a split (new:old, such as 4:1 or 1:10)']);
      expect(await paths(split({ newInstrument: 'AAPL2' }))).toEqual(['newInstrument: only a symbolChange has a newInstrument']);
      expect(await paths({ kind: 'symbolChange', instrument: 'FB', newInstrument: 'FB', effectiveAt: '2022-06-09' })).toEqual([
        'newInstrument: must differ from instrument',
      ]);
      expect(await paths(split({ effectiveAt: '2026-11-21' }))).toEqual([
        'effectiveAt: must not be in the future (record an action once it has taken effect)',
      ]);
      expect(await paths(split({ effectiveAt: '31/08/2026' }))).toEqual([
        'effectiveAt: must be a date such as 2026-08-31 (the start of that day in UTC) or a date-time such as 2026-08-31T13:30:00Z',
      ]);
      expect(await paths({ kind: 'merger', instrument: 'X', effectiveAt: '2026-01-01' })).toEqual([
        'kind: must be one of split, symbolChange',
      ]);
    });

    it('deletes an action by undoing it exactly on the open trades it covers', async () => {
      const user = await newUser(h.core());
      const core = h.core();
      const open = await core.trades.create(
        user,
        tradeBody({
          instrument: 'TSLA',
          entryPrice: 100,
          positionSize: 7,
          stopLoss: 91.3,
          takeProfit: 130.01,
          entryTime: '2026-08-20T15:00:00Z',
        }),
      );
      const action = await core.corporateActions.create(user, {
        kind: 'split',
        instrument: 'TSLA',
        ratio: '3:1',
        effectiveAt: '2026-08-25',
      });
      // 100 ÷ 3 = 33.3333333333 (10 decimals); 7 × 3 = 21; 91.30 ÷ 3 = 30.4333333333; 130.01 ÷ 3 = 43.3366666667.
      expect(await core.trades.get(user, open.id)).toMatchObject({
        positionSize: 21,
        entryPrice: 33.3333333333,
        stopLoss: 30.4333333333,
        takeProfit: 43.3366666667,
      });
      await core.corporateActions.delete(user, action.id);
      const { executions: _, ...back } = await core.trades.get(user, open.id);
      expect(back).toEqual({ ...open, updatedAt: back.updatedAt });
      expect((await core.corporateActions.list(user, {})).corporateActions).toEqual([]);
      expect((await caught(() => core.corporateActions.delete(user, action.id))).code).toBe('not_found');
    });

    it('refuses to delete an action a covered trade went on past, and renames back when none did', async () => {
      const user = await newUser(h.core());
      const core = h.core();
      const open = await openAapl(core, user);
      const action = await core.corporateActions.create(user, split());
      await importFills(core, user, ['2026-09-02T15:00:00Z,AAPL,sell,400,55,1,E2,U1']);
      const e = await caught(() => core.corporateActions.delete(user, action.id));
      expect(e.code).toBe('conflict');
      expect(e.message).toContain(`trade(s) ${open.id} went on past it`);
      expect((await core.corporateActions.list(user, {})).corporateActions).toHaveLength(1);

      await importFills(core, user, ['2022-06-01T14:30:00Z,FB,buy,10,190,1,F1,U1']);
      const rename = await core.corporateActions.create(user, {
        kind: 'symbolChange',
        instrument: 'FB',
        newInstrument: 'META',
        effectiveAt: '2022-06-09',
      });
      await core.corporateActions.delete(user, rename.id);
      expect(await tradeOf(core, user, 'FB')).toMatchObject({ executions: [expect.objectContaining({ instrument: 'FB' })] });
    });

    it('keeps each user’s actions apart and lists them by instrument, account and id prefix', async () => {
      const ann = await newUser(h.core());
      const bob = await newUser(h.core());
      const core = h.core();
      const a = await core.corporateActions.create(ann, split({ account: 'U1' }));
      const b = await core.corporateActions.create(ann, {
        kind: 'symbolChange',
        instrument: 'FB',
        newInstrument: 'META',
        effectiveAt: '2022-06-09',
      });
      expect((await core.corporateActions.list(bob, {})).corporateActions).toEqual([]);
      expect((await caught(() => core.corporateActions.delete(bob, a.id))).code).toBe('not_found');
      const ids = async (q: Record<string, unknown>) =>
        (await core.corporateActions.list(ann, q)).corporateActions.map((x) => x.id);
      expect(await ids({})).toEqual([a.id, b.id]);
      expect(await ids({ account: 'U1' })).toEqual([a.id, b.id]);
      expect(await ids({ account: 'U2' })).toEqual([b.id]);
      expect(await ids({ instrument: 'FB' })).toEqual([b.id]);
      expect(await ids({ idPrefix: a.id.slice(0, 36) })).toEqual([a.id]);
      expect(await ids({ idPrefix: a.id.slice(0, 36) })).toEqual([a.id]);
    });
  });
}

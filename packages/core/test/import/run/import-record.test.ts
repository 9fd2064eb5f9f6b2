/**
 * The ids an import record lists: read back from the trades that keep the import's id (not held
 * while the import runs), so they must stay complete, in creation order, and what GET answers.
 */
import type { Core } from '@tj/core';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { run, textSource } from './support.js';

const HEADER = 'datetime,symbol,side,quantity,price,commission,exec_id';
/** Interleaved round trips: MSFT goes flat first, then AAPL; TSLA is left open. */
const FILLS = [
  HEADER,
  '2026-11-02T14:30:00Z,AAPL,buy,100,190.00,1.00,a1',
  '2026-11-02T14:31:00Z,MSFT,sell,10,400.00,0.50,m1',
  '2026-11-02T14:32:00Z,MSFT,buy,10,398.50,0.50,m2',
  '2026-11-02T14:40:00Z,AAPL,sell,100,191.25,1.00,a2',
  '2026-11-02T15:00:00Z,TSLA,buy,5,250.00,0.25,t1',
].join('\n');
/** The same export grown by a day: TSLA closes, NVDA makes a round trip. */
const GROWN = [
  FILLS,
  '2026-11-03T14:30:00Z,TSLA,sell,5,255.00,0.25,t2',
  '2026-11-03T14:35:00Z,NVDA,buy,20,140.00,0.40,n1',
  '2026-11-03T14:50:00Z,NVDA,sell,20,141.00,0.40,n2',
].join('\n');

const TRADES_HEADER = 'id,instrument,direction,entryPrice,positionSize,entryTime,exitPrice,exitTime,fees';

/** What each trade is (instrument, times, result), in the order of `ids`. */
async function shapes(core: Core, user: string, ids: string[]) {
  return Promise.all(
    ids.map(async (id) => {
      const t = await core.trades.get(user, id);
      return [t.instrument, t.entryTime, t.exitTime, t.result];
    }),
  );
}

function create(core: Core, user: string, text: string) {
  return core.imports.create(user, textSource(text), { sourceTz: 'UTC' });
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`the trade ids of an import record on ${db.name}`, () => {
    const h = useCore(db);

    it('lists every trade created in the order a run without a record lists them, as GET does', async () => {
      const other = await newUser(h.core());
      const ran = await run(h.core(), other, FILLS, { sourceTz: 'UTC' });
      const user = await newUser(h.core());
      const record = await create(h.core(), user, FILLS);
      expect(record.counts.tradesCreated).toBe(3);
      expect(record.tradeIds).toHaveLength(3);
      const listed = await shapes(h.core(), user, record.tradeIds);
      expect(listed.map((s) => s[0])).toEqual(['MSFT', 'AAPL', 'TSLA']);
      expect(listed).toEqual(await shapes(h.core(), other, ran.tradeIds));
      expect((await h.core().imports.get(user, record.id)).tradeIds).toEqual(record.tradeIds);
      const { trades } = await h.core().trades.list(user, { limit: 100 });
      expect(trades.map((t) => t.id).sort()).toEqual([...record.tradeIds].sort());
    });

    it('counts the open trades of each group, leaves them out of its P&L, and keeps that in the record', async () => {
      const user = await newUser(h.core());
      const record = await create(h.core(), user, FILLS);
      const groups = Object.fromEntries(record.groups.map((g) => [g.instrument, g]));
      // AAPL: +125 less 2 of commission; MSFT short: +15 less 1; TSLA is still open.
      expect(groups).toEqual({
        AAPL: { account: '', instrument: 'AAPL', trades: 1, open: 0, pnl: 123, openRealizedPnL: 0, brokerPnl: null },
        MSFT: { account: '', instrument: 'MSFT', trades: 1, open: 0, pnl: 14, openRealizedPnL: 0, brokerPnl: null },
        TSLA: { account: '', instrument: 'TSLA', trades: 1, open: 1, pnl: 0, openRealizedPnL: 0, brokerPnl: null },
      });
      expect((await h.core().imports.get(user, record.id)).groups).toEqual(record.groups);
      // The exit of TSLA arrives: the second import updates it and counts it closed.
      const second = await create(h.core(), user, GROWN);
      expect(second.groups.find((g) => g.instrument === 'TSLA')).toMatchObject({ trades: 1, open: 0, pnl: 24.5 });
    });

    it('reads a record kept before groups counted open trades (and their realized money) as none open', async () => {
      const user = await newUser(h.core());
      const id = '01a21c68-0000-7000-8000-000000000001';
      const group = { account: 'A1', instrument: 'ES', trades: 2, pnl: 12.5, brokerPnl: null };
      const report = { format: { name: 'tj-fills', label: 'Trading journal Fills CSV' }, sourceTz: 'UTC' };
      const counts = { rows: 5, fills: 4, tradesCreated: 2, tradesUpdated: 0, duplicates: 0, invalid: 0 };
      await h.storage().repos.imports.insert({
        userId: user,
        id,
        formatName: 'tj-fills',
        formatLabel: 'Trading journal Fills CSV',
        fileName: 'old.csv',
        sizeBytes: 100,
        sourceTz: 'UTC',
        report: JSON.stringify({ ...report, counts, warnings: [], groups: [group] }),
        tradesCreated: 2,
        startedAt: Date.parse('2026-11-01T00:00:00Z'),
        finishedAt: Date.parse('2026-11-01T00:00:01Z'),
        undoneAt: null,
      });
      expect((await h.core().imports.get(user, id)).groups).toEqual([{ ...group, open: 0, openRealizedPnL: 0 }]);
    });

    it("lists only the trades it created, not an earlier import's open trade that it closed", async () => {
      const user = await newUser(h.core());
      const first = await create(h.core(), user, FILLS);
      const second = await create(h.core(), user, GROWN);
      expect(second.counts).toMatchObject({ tradesCreated: 1, tradesUpdated: 1, duplicates: 5 });
      expect(await shapes(h.core(), user, second.tradeIds)).toEqual([
        ['NVDA', '2026-11-03T14:35:00.000Z', '2026-11-03T14:50:00.000Z', 19.2],
      ]);
      const again = await h.core().imports.get(user, first.id);
      expect(again.tradeIds).toEqual(first.tradeIds);
      expect((await shapes(h.core(), user, again.tradeIds)).map((s) => [s[0], s[2]])).toEqual([
        ['MSFT', '2026-11-02T14:32:00.000Z'],
        ['AAPL', '2026-11-02T14:40:00.000Z'],
        ['TSLA', '2026-11-03T14:30:00.000Z'],
      ]);
    });

    it('lists trades that bring their own ids in id order, as GET does (a run lists them in file order)', async () => {
      const ids = [
        '0190a000-0000-7000-8000-000000000003',
        '0190a000-0000-7000-8000-000000000001',
        '0190a000-0000-7000-8000-000000000002',
      ];
      const text = [
        TRADES_HEADER,
        ...ids.map((id, i) => `${id},ES,long,5000,1,2026-11-0${i + 2}T14:30:00Z,5001,2026-11-0${i + 2}T15:00:00Z,0`),
      ].join('\n');
      const user = await newUser(h.core());
      const record = await create(h.core(), user, text);
      expect(record.tradeIds).toEqual([...ids].sort());
      expect((await h.core().imports.get(user, record.id)).tradeIds).toEqual(record.tradeIds);
      const ran = await run(h.core(), await newUser(h.core()), text.replaceAll('0190a000', '0190b000'));
      expect(ran.tradeIds).toEqual(ids.map((id) => id.replace('0190a000', '0190b000')));
    });

    it('lists all the trades of an import larger than one page of ids', async () => {
      const n = 10_005;
      const rows = Array.from({ length: n }, (_, i) => {
        const at = new Date(Date.UTC(2026, 0, 2) + i * 60_000).toISOString();
        return `,AAPL,long,${100 + (i % 50)},1,${at},${101 + (i % 50)},${at},0`;
      });
      const user = await newUser(h.core());
      const record = await create(h.core(), user, [TRADES_HEADER, ...rows].join('\n'));
      expect(record.counts.tradesCreated).toBe(n);
      expect(record.tradeIds).toHaveLength(n);
      expect(new Set(record.tradeIds).size).toBe(n);
      const stored = await h.storage().repos.trades.byImport(user, record.id);
      expect(record.tradeIds).toEqual(stored.map((t) => t.id));
      expect((await h.core().trades.get(user, record.tradeIds[0] as string)).entryTime).toBe('2026-01-02T00:00:00.000Z');
      expect((await h.core().trades.get(user, record.tradeIds[n - 1] as string)).entryTime).toBe(
        new Date(Date.UTC(2026, 0, 2) + (n - 1) * 60_000).toISOString(),
      );
    }, 120_000);
  });
}

import type { Core } from '@tj/core';
import { formatTradesCsvHeader, formatTradeCsvRow } from '@tj/core/internal';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { caught, newUser, useCore } from '../support/core.js';

/** Imports `text` (our fills or trades CSV) for `user` through the one import path; answers its counts. */
async function importCsv(core: Core, user: string, text: string, options: { dryRun?: boolean } = {}) {
  const report = await core.imports.run(
    user,
    { name: 'file.csv', open: () => [Buffer.from(text)] },
    { sourceTz: 'UTC', ...options },
  );
  return report.counts;
}

const FILLS = [
  '\uFEFFdatetime,symbol,side,quantity,price,commission,exec_id',
  '2026-11-02T14:30:00Z,AAPL,buy,100,190.00,1.00,e1',
  '2026-11-02T14:45:00Z,AAPL,buy,100,192.00,1.00,e2',
  '2026-11-02T15:30:00Z,AAPL,sell,200,195.00,2.00,e3',
  '2026-11-02T16:00:00Z,MSFT,sell,10,400,0.50,e4',
].join('\r\n');

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`trade import on ${db.name}`, () => {
    const h = useCore(db);

    it('creates trades from fills and adds nothing when the same file is imported again', async () => {
      const user = await newUser(h.core());
      const first = await importCsv(h.core(), user, FILLS);
      expect(first).toMatchObject({ fills: 4, tradesCreated: 2, tradesUpdated: 0, duplicates: 0 });
      const list = await h.core().trades.list(user, {});
      const aapl = list.trades.find((t) => t.instrument === 'AAPL');
      expect(aapl).toMatchObject({ entryPrice: 191, exitPrice: 195, positionSize: 200, fees: 4, result: 796, status: 'closed' });
      expect(list.trades.find((t) => t.instrument === 'MSFT')).toMatchObject({ direction: 'short', status: 'open' });
      // Executions are deduplicated one by one: the four fills are all known.
      const again = await importCsv(h.core(), user, FILLS);
      expect(again).toMatchObject({ tradesCreated: 0, tradesUpdated: 0, duplicates: 4 });
      expect((await h.core().trades.list(user, {})).pagination.total).toBe(2);
    });

    it('closes a position imported while open when a later file holds its exit', async () => {
      const user = await newUser(h.core());
      await importCsv(h.core(), user, FILLS);
      const later = `${FILLS}\r\n2026-11-03T15:00:00Z,MSFT,buy,10,390,0.50,e5`;
      expect(await importCsv(h.core(), user, later)).toMatchObject({ tradesCreated: 0, tradesUpdated: 1, duplicates: 4 });
      const msft = (await h.core().trades.list(user, { instrument: 'msft' })).trades[0];
      expect(msft).toMatchObject({ status: 'closed', result: 99 });
      expect((await h.core().trades.list(user, {})).pagination.total).toBe(2);
    });

    it('writes nothing when one row is bad, naming its line and column', async () => {
      const user = await newUser(h.core());
      const bad = `${FILLS}\n2026-11-04T10:00:00Z,NVDA,buy,5,abc,0,e6`;
      const e = await caught(() => importCsv(h.core(), user, bad));
      expect(e.code).toBe('validation_failed');
      expect(e.message).toMatch(/line 6, column price/);
      expect((await h.core().trades.list(user, {})).pagination.total).toBe(0);
    });

    it('rolls back a dry run but reports what it would create', async () => {
      const user = await newUser(h.core());
      const report = await h.core().imports.run(user, { open: () => [Buffer.from(FILLS)] }, { sourceTz: 'UTC', dryRun: true });
      expect(report).toMatchObject({ dryRun: true, tradeIds: [], counts: { tradesCreated: 2, tradesUpdated: 0 } });
      expect(report.groups.map((g) => g.instrument).sort()).toEqual(['AAPL', 'MSFT']);
      expect((await h.core().trades.list(user, {})).pagination.total).toBe(0);
    });

    it('keeps a trades CSV id only when it is a UUID, and still dedups rows by the other ids', async () => {
      const user = await newUser(h.core());
      const csv = [
        'id,instrument,direction,entryPrice,positionSize,entryTime',
        'my-row-1,ES,long,100,1,2026-11-02T14:30:00Z',
      ].join('\n');
      expect((await importCsv(h.core(), user, csv)).tradesCreated).toBe(1);
      const [trade] = (await h.core().trades.list(user, {})).trades;
      expect(trade?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
      expect((await h.core().trades.get(user, trade?.id as string)).instrument).toBe('ES');
      expect((await importCsv(h.core(), user, csv)).duplicates).toBe(1);
    });

    it('round-trips an export of trades through the trades CSV into another account', async () => {
      const from = await newUser(h.core());
      const to = await newUser(h.core());
      await h.core().trades.create(from, {
        instrument: 'ES, "mini"',
        direction: 'short',
        entryPrice: 5000.25,
        positionSize: 2,
        multiplier: 50,
        fees: 4.2,
        stopLoss: 5010,
        entryTime: '2026-11-02T14:30:00Z',
        exitPrice: 4990,
        exitTime: '2026-11-02T15:00:00Z',
        notes: 'line one\nline two',
        tags: ['fomc', 'a b'],
        setupType: 'fade',
      });
      await h.core().trades.create(from, {
        instrument: 'NQ',
        direction: 'long',
        entryPrice: 18000,
        positionSize: 1,
        entryTime: '2026-11-03T14:30:00Z',
      });
      const exported = (await h.core().trades.list(from, {})).trades;
      const csv = [formatTradesCsvHeader(), ...exported.map(formatTradeCsvRow)].join('\n');
      expect((await importCsv(h.core(), to, csv)).tradesCreated).toBe(2);
      const imported = (await h.core().trades.list(to, {})).trades;
      const strip = ({ createdAt: _c, updatedAt: _u, ...t }: (typeof imported)[number]) => t;
      expect(imported.map(strip)).toEqual(exported.map(strip));
      expect((await importCsv(h.core(), to, csv)).duplicates).toBe(2);
    });
  });
}

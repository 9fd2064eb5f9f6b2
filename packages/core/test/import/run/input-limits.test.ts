/**
 * Every bound on what an import reads (InputLimits), tripped by a hostile file through
 * core.imports.run on a real database: a 413 `payload_too_large` naming the bound, and nothing
 * written. Small bounds make the files small; the server test sends the big ones.
 */
import { describe, expect, it } from 'vitest';
import type { Core, InputLimits } from '@tj/core';
import { DATABASES } from '../../../../../test/support/databases.js';
import type { HostileFile } from '../../../../../test/support/hostile-files.js';
import * as hostile from '../../../../../test/support/hostile-files.js';
import { caught, newUser, useCore } from '../../support/core.js';
import { run } from './support.js';

const LIMITS: InputLimits = {
  maxBytes: 2_000_000,
  maxRecords: 20_000,
  maxRecordLength: 2_000,
  maxDepth: 8,
  maxMemoryBytes: 4 * 1024 * 1024,
};

/** One hostile file per bound, each within every other bound. */
const FILES: HostileFile[] = [
  hostile.nestedXml(3_000),
  hostile.manyXmlElements(25_000),
  hostile.longXmlAttribute(5_000),
  hostile.longXmlText(5_000),
  hostile.longCsvRecord(5_000),
  hostile.manyCsvRecords(25_000),
  hostile.bigCsv(8_000),
  // About 450 bytes each are held while the position stays open, or while the file waits to be sorted.
  hostile.openPositionFills(12_000),
  hostile.newestFirstFills(12_000),
];

async function tradeCount(core: Core, user: string): Promise<number> {
  return (await core.trades.list(user, { limit: 1 })).pagination.total;
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`bounds on an import's input on ${db.name}`, () => {
    const h = useCore(db, { inputLimits: LIMITS });

    for (const file of FILES) {
      it(`refuses ${file.name} with the ${file.bound} bound, writing nothing`, async () => {
        const user = await newUser(h.core());
        const e = await caught(() => run(h.core(), user, hostile.textOf(file), {}, file.fileName));
        expect(e).toMatchObject({
          code: 'payload_too_large',
          extensions: { limit: file.bound, max: String(LIMITS[file.bound]) },
        });
        expect(e.message).toContain(`the ${file.bound} bound is ${LIMITS[file.bound]}`);
        expect(await tradeCount(h.core(), user)).toBe(0);
        expect((await h.core().imports.list(user, {})).pagination.total).toBe(0);
      });
    }

    it('refuses a dry run past a bound too, and still imports a file within every bound', async () => {
      const user = await newUser(h.core());
      const e = await caught(() => run(h.core(), user, hostile.textOf(hostile.openPositionFills(12_000)), { dryRun: true }));
      expect(e).toMatchObject({ code: 'payload_too_large', extensions: { limit: 'maxMemoryBytes' } });
      // 400 round trips: 800 fills, flat after every second one, oldest first.
      const ok = await run(h.core(), user, hostile.textOf(hostile.manyCsvRecords(800)));
      expect(ok.counts).toMatchObject({ fills: 800, tradesCreated: 400 });
      expect(await tradeCount(h.core(), user)).toBe(400);
    });
  });

  describe.skipIf(!db.available)(`a bound tripped after a flushed write batch on ${db.name}`, () => {
    const h = useCore(db, { inputLimits: { maxRecordLength: 2_000 } });

    it('rolls back the batches already written: nothing is left', async () => {
      const user = await newUser(h.core());
      // 1,200 round trips (one write batch of 1,000 flushed), then a record longer than the bound.
      const trips = hostile.textOf(hostile.manyCsvRecords(2_400)).slice(hostile.FILLS_HEADER.length);
      const text = `${hostile.FILLS_HEADER}${trips}2026-03-01T00:00:00Z,ES,buy,1,5000,0,0,x,SIM,50,,${'w'.repeat(3_000)}\n`;
      const e = await caught(() => run(h.core(), user, text));
      expect(e).toMatchObject({ code: 'payload_too_large', extensions: { limit: 'maxRecordLength' } });
      expect(await tradeCount(h.core(), user)).toBe(0);
      expect((await run(h.core(), user, `${hostile.FILLS_HEADER}${trips}`)).counts).toMatchObject({ tradesCreated: 1_200 });
    });
  });

  describe.skipIf(!db.available)(`skipping invalid rows within the record bound on ${db.name}`, () => {
    const h = useCore(db, { inputLimits: { maxRecords: 1_000 } });
    const HEADER =
      'Symbol,Side,Type,Qty,Limit Price,Stop Price,Fill Price,Status,Commission,Leverage,Margin,Placing Time,Closing Time,Order ID\n';
    /** TradingView orders, oldest first; `bad(i)` rows carry a quantity that is no number. */
    const orders = (n: number, bad: (i: number) => boolean) =>
      HEADER +
      Array.from({ length: n }, (_, i) => {
        const t = `2026-03-11 ${String(10 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`;
        return `NASDAQ:AAPL,${i % 2 === 0 ? 'Buy' : 'Sell'},Market,${bad(i) ? 'ten' : '10'},,,225.40,Filled,1.00,,,${t},${t},${9000 + i}\n`;
      }).join('');

    it('re-reads the file once per bad row, but all passes together read at most four times the bound', async () => {
      const user = await newUser(h.core());
      const few = await run(
        h.core(),
        user,
        orders(300, (i) => i === 101 || i === 250),
        { skipInvalid: true },
      );
      expect(few.counts).toMatchObject({ invalid: 2 });
      const e = await caught(() =>
        run(
          h.core(),
          user,
          orders(300, (i) => i % 2 === 1),
          { skipInvalid: true },
        ),
      );
      expect(e).toMatchObject({ code: 'payload_too_large', extensions: { limit: 'maxRecords', max: '1000' } });
      expect(e.message).toMatch(/^skipping the invalid rows read the file again once per bad row/);
    });
  });

  describe.skipIf(!db.available)(`skipped-row reports on ${db.name}`, () => {
    const h = useCore(db);

    it('keep 1 KiB of each huge row and at most 256 KiB in all, counting the rest', async () => {
      const user = await newUser(h.core());
      const huge = 'q'.repeat(100_000);
      const bad = Array.from(
        { length: 400 },
        (_, i) => `2026-01-05T15:${String(i % 60).padStart(2, '0')}:00Z,ES,buy,1,${huge},0,0,bad${i},SIM,50,,\n`,
      );
      const good = '2026-01-05T14:00:00Z,ES,buy,1,5000,0,0,g1,SIM,50,,\n2026-01-05T14:01:00Z,ES,sell,1,5001,0,0,g2,SIM,50,,\n';
      const report = await run(h.core(), user, `${hostile.FILLS_HEADER}${good}${bad.join('')}`, { skipInvalid: true });
      expect(report.counts).toMatchObject({ invalid: 400, tradesCreated: 1 });
      const listed = report.skippedRows;
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.length).toBeLessThan(400);
      expect(report.skippedRowsNotListed).toBe(400 - listed.length);
      for (const row of listed) {
        expect(row.raw.length).toBeLessThanOrEqual(1024 + 40);
        expect(row.message.length).toBeLessThanOrEqual(1024 + 40);
      }
      expect(listed[0]?.raw).toMatch(/^2026-01-05T15:00:00Z,ES,buy,1,q+… \([\d,]+ more characters\)$/);
      const total = listed.reduce((n, r) => n + r.raw.length + r.message.length, 0);
      expect(total).toBeLessThanOrEqual(256 * 1024 + 2 * 1064);
      // The record kept for the import is as small.
      const created = await h.core().imports.create(
        user,
        { name: 'huge.csv', open: () => [new TextEncoder().encode(`${hostile.FILLS_HEADER}${bad.join('')}`)] },
        {
          sourceTz: 'UTC',
          skipInvalid: true,
        },
      );
      const stored = await h.core().imports.get(user, created.id);
      expect(JSON.stringify(stored).length).toBeLessThan(600 * 1024);
    });
  });
}

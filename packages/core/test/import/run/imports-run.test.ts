import { importReportSchema } from '@tj/core';
import { MAX_REPORT_SKIPPED_ROWS, MAX_REPORT_WARNINGS } from '../../../src/import/engine/run.js';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { caught, newUser, useCore } from '../../support/core.js';
import { run, textSource, tradesOf } from './support.js';

const FILLS = [
  'datetime,symbol,side,quantity,price,commission,exec_id',
  '2026-11-02T14:30:00Z,AAPL,buy,100,190.00,1.00,e1',
  '2026-11-02T15:30:00Z,AAPL,sell,100,195.00,1.00,e2',
  '2026-11-02T16:00:00Z,MSFT,sell,10,400,0.50,e3',
].join('\n');

const TRADES = [
  'instrument,direction,entryPrice,positionSize,entryTime,exitPrice,exitTime,fees',
  'ES,long,5000,1,2026-11-02T14:30:00Z,5004,2026-11-02T15:00:00Z,4.5',
].join('\n');

const TRADOVATE = [
  '_id,_orderId,_contractId,_timestamp,_tradeDate,_action,_qty,_price,_active,_finallyPaired,Account,Contract,Product,commission',
  '101,201,1,2026-11-02T14:30:00.000Z,2026-11-02,0,2,5000.25,true,2,DEMO1,ESZ6,ES,2.5',
  '102,202,1,2026-11-02T14:45:00.000Z,2026-11-02,1,2,5004.25,true,2,DEMO1,ESZ6,ES,2.5',
].join('\n');

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`core.imports on ${db.name}`, () => {
    const h = useCore(db);

    it('detects our fills CSV, imports it and reports per group', async () => {
      const user = await newUser(h.core());
      const report = await run(h.core(), user, FILLS);
      expect(importReportSchema.parse(report)).toEqual(report);
      expect(report.format).toEqual({ name: 'tj-fills', label: 'Trading journal Fills CSV' });
      expect(report.counts).toMatchObject({ fills: 3, tradesCreated: 2, tradesUpdated: 0, duplicates: 0, invalid: 0 });
      expect(report.sourceTz).toBe('America/New_York');
      expect(report.tradeIds).toHaveLength(2);
      expect(report.groups.find((g) => g.instrument === 'AAPL')).toEqual({
        account: '',
        instrument: 'AAPL',
        trades: 1,
        open: 0,
        pnl: 498,
        openRealizedPnL: 0,
        brokerPnl: null,
      });
      const again = await run(h.core(), user, FILLS);
      expect(again.counts.tradesCreated).toBe(0);
      expect(again.tradeIds).toEqual([]);
      expect((await tradesOf(h.core(), user)).length).toBe(2);
    });

    it('detects our trades CSV and a Tradovate Fills export through the same registry', async () => {
      const user = await newUser(h.core());
      expect((await run(h.core(), user, TRADES)).format.name).toBe('tj-trades');
      const report = await run(h.core(), user, TRADOVATE);
      expect(report.format).toEqual({ name: 'tradovate-fills', label: 'Tradovate Fills' });
      const es = (await tradesOf(h.core(), user)).find((t) => t.instrument === 'ESZ6');
      // 2 × (5004.25 − 5000.25) × 50 − 5 commission
      expect(es).toMatchObject({ multiplier: 50, result: 395, account: 'DEMO1', assetClass: 'future' });
    });

    it('reads a semicolon-delimited file with the sniffed delimiter', async () => {
      const user = await newUser(h.core());
      const report = await run(h.core(), user, FILLS.replaceAll(',', ';'));
      expect(report.counts).toMatchObject({ fills: 3, tradesCreated: 2 });
      expect((await tradesOf(h.core(), user)).find((t) => t.instrument === 'AAPL')).toMatchObject({ result: 498 });
    });

    it('gives readers the sniffed delimiter: a semicolon NinjaTrader file reads its ambiguous numbers as European', async () => {
      const user = await newUser(h.core());
      const ninja = [
        'Instrument;Action;Quantity;Price;Time;ID;E/X;Position;Order ID;Name;Commission;Rate;Account;Connection;',
        'MES 03-26;Buy;1;6050,250;02.02.2026 09:45:00;x1;Entry;1 L;o1;Entry;1 $;1;A1;Rithmic;',
        'MES 03-26;Sell;1;6055,750;02.02.2026 09:50:12;x2;Exit;-;o2;Exit;1 $;1;A1;Rithmic;',
      ].join('\n');
      const report = await run(h.core(), user, ninja, { sourceTz: 'Europe/Berlin' });
      expect(report.format.name).toBe('ninjatrader-executions');
      // (6055.75 − 6050.25) × 5 − 2 commission
      expect(await tradesOf(h.core(), user)).toMatchObject([
        { instrument: 'MES 03-26', entryPrice: 6050.25, result: 25.5, entryTime: '2026-02-02T08:45:00.000Z' },
      ]);
    });

    it('writes nothing on a dry run', async () => {
      const user = await newUser(h.core());
      const report = await run(h.core(), user, FILLS, { dryRun: true });
      expect(report).toMatchObject({ dryRun: true, counts: { tradesCreated: 2 }, tradeIds: [] });
      expect(await tradesOf(h.core(), user)).toEqual([]);
    });

    it('names the file, line and column of a bad row and writes nothing', async () => {
      const user = await newUser(h.core());
      const e = await caught(() => run(h.core(), user, `${FILLS}\n2026-11-04T10:00:00Z,NVDA,buy,5,abc,0,e9`, {}, 'mine.csv'));
      expect(e.message).toBe('mine.csv, line 5, column price: "abc" is not a number');
      expect(await tradesOf(h.core(), user)).toEqual([]);
    });

    it('with skipInvalid imports the good rows and reports each skipped one', async () => {
      const user = await newUser(h.core());
      const skipped: unknown[] = [];
      const text = `${FILLS}\n2026-11-04T10:00:00Z,NVDA,buy,5,abc,0,e9\n2026-11-04T10:05:00Z,NVDA,buy,0,100,0,e10`;
      const report = await run(h.core(), user, text, { skipInvalid: true, onSkipped: (row) => skipped.push(row) });
      expect(report.counts).toMatchObject({ invalid: 2, tradesCreated: 2 });
      expect(skipped).toEqual([
        { line: 5, message: 'line 5, column price: "abc" is not a number', raw: '2026-11-04T10:00:00Z,NVDA,buy,5,abc,0,e9' },
        { line: 6, message: 'line 6, column quantity: must be greater than 0', raw: '2026-11-04T10:05:00Z,NVDA,buy,0,100,0,e10' },
      ]);
      expect((await tradesOf(h.core(), user)).map((t) => t.instrument)).toEqual(['AAPL', 'MSFT']);
      expect(report).toMatchObject({ skippedRows: skipped, skippedRowsNotListed: 0 });
      const record = await h.core().imports.create(user, textSource(text), { sourceTz: 'UTC', skipInvalid: true });
      expect(record).toMatchObject({ skippedRows: skipped, skippedRowsNotListed: 0 });
      expect((await h.core().imports.get(user, record.id)).skippedRows).toEqual(skipped);
      const { imports } = await h.core().imports.list(user);
      expect(imports[0]).not.toHaveProperty('skippedRows');
    });

    it(`with skipInvalid lists the first ${MAX_REPORT_SKIPPED_ROWS} skipped rows and counts the rest`, async () => {
      const user = await newUser(h.core());
      const bad = Array.from({ length: MAX_REPORT_SKIPPED_ROWS + 5 }, (_, i) => `2026-11-04T10:00:00Z,NVDA,buy,5,x${i},0,b${i}`);
      const report = await run(h.core(), user, [FILLS, ...bad].join('\n'), { skipInvalid: true });
      expect(report.counts.invalid).toBe(MAX_REPORT_SKIPPED_ROWS + 5);
      expect(report.skippedRows).toHaveLength(MAX_REPORT_SKIPPED_ROWS);
      expect(report.skippedRows[0]).toMatchObject({ line: 5, raw: '2026-11-04T10:00:00Z,NVDA,buy,5,x0,0,b0' });
      expect(report.skippedRowsNotListed).toBe(5);
      expect(importReportSchema.safeParse(report).success).toBe(true);
    });

    it('with skipInvalid skips a broker row whose values the import refuses (a price of 0)', async () => {
      const user = await newUser(h.core());
      const skipped: Array<{ line: number; message: string }> = [];
      const bad = `${TRADOVATE}\n103,203,1,2026-11-02T15:00:00.000Z,2026-11-02,0,1,0,true,1,DEMO1,ESZ6,ES,1.25`;
      const report = await run(h.core(), user, bad, { skipInvalid: true, onSkipped: (row) => skipped.push(row) });
      expect(report.counts).toMatchObject({ invalid: 1, fills: 2, tradesCreated: 1 });
      expect(skipped).toMatchObject([{ line: 4, message: 'line 4, column price: must be greater than 0, got 0' }]);
      const e = await caught(() => run(h.core(), user, bad, {}, 'tv.csv'));
      expect(e.message).toBe('tv.csv, line 4, column price: must be greater than 0, got 0');
    });

    it('lists the first 1000 warnings of a file and counts the rest in one last warning', async () => {
      const user = await newUser(h.core());
      // Every fill at 01:30 on the night New York's clocks go back: each one warns dst_overlap.
      const pairs = 503;
      const ninja = [
        'Instrument;Action;Quantity;Price;Time;ID;E/X;Position;Order ID;Name;Commission;Rate;Account;Connection;',
        ...Array.from({ length: pairs }, (_, i) => [
          `MES 12-26;Buy;1;6050,25;01.11.2026 01:30:00;b${i};Entry;1 L;ob${i};Entry;0,50 $;1;A1;Rithmic;`,
          `MES 12-26;Sell;1;6051,25;01.11.2026 01:30:00;s${i};Exit;-;os${i};Exit;0,50 $;1;A1;Rithmic;`,
        ]).flat(),
      ].join('\n');
      const report = await run(h.core(), user, ninja, { sourceTz: 'America/New_York', locale: 'eu' });
      expect(report.counts).toMatchObject({ fills: 2 * pairs, tradesCreated: pairs });
      expect(report.warnings).toHaveLength(MAX_REPORT_WARNINGS + 1);
      expect(report.warnings.slice(0, -1).filter((w) => w.code !== 'dst_overlap')).toEqual([]);
      expect(report.warnings[MAX_REPORT_WARNINGS - 1]?.line).toBe(MAX_REPORT_WARNINGS + 1);
      expect(report.warnings.at(-1)).toEqual({
        code: 'warnings_truncated',
        message: `${2 * pairs - MAX_REPORT_WARNINGS} more warnings not listed`,
      });
    });

    it('refuses a zone that is not IANA and an unknown format name', async () => {
      const user = await newUser(h.core());
      expect((await caught(() => run(h.core(), user, FILLS, { sourceTz: 'Mars/Base' }))).message).toMatch(/Mars\/Base/);
      expect((await caught(() => run(h.core(), user, FILLS, { format: 'nope' }))).message).toMatch(/unknown format "nope"/);
    });
  });
}

describe('core.imports detection and listing', () => {
  const h = useCore(DATABASES[0] as (typeof DATABASES)[number]);

  it('lists formats with labels and sample headers, ours first', () => {
    const list = h.core().imports.formats();
    expect(list.slice(0, 2).map((f) => f.name)).toEqual(['tj-trades', 'tj-fills']);
    expect(list.find((f) => f.name === 'ibkr-activity')?.label).toBe('Interactive Brokers Activity Statement (CSV)');
    for (const f of list) expect(f.sampleHeader.length).toBeGreaterThan(0);
  });

  it('names the closest format and the columns it lacks for an unrecognised file', async () => {
    const core = h.core();
    const head = await core.imports.readHead({ open: () => [new TextEncoder().encode('datetime,symbol,qty\n1,2,3\n')] });
    const found = core.imports.detect(head);
    expect(found).toMatchObject({ ok: false, closest: { name: 'tj-fills' } });
    if (!found.ok) expect(found.missing).toEqual(expect.arrayContaining(['side', 'quantity', 'price']));
  });
});

/**
 * `skipInvalid` for broker formats whose reader throws on a bad cell: through `core.imports.create`
 * (the entry point of `tj import` and `POST /api/imports`), a bad row in the middle of the file
 * fails the import naming it, or with `skipInvalid` is left out and reported while the rest imports.
 */
import type { Core, ImportRunOptions, SkippedRow } from '@tj/core';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { fixture } from '../formats/support.js';
import { tradesOf, textSource } from './support.js';

const create = (core: Core, user: string, text: string, options: Partial<ImportRunOptions> = {}) =>
  core.imports.create(user, textSource(text), { sourceTz: 'America/New_York', ...options });

/** Inserts `line` so that it becomes line `at` of `text`. */
function insertLine(text: string, at: number, line: string): string {
  const lines = text.split('\n');
  lines.splice(at - 1, 0, line);
  return lines.join('\n');
}

// Tradovate Fills with a row whose _price is not a number, between ES's exits.
const BAD_TRADOVATE_ROW =
  '9010,8010,3101,2026-09-14 14:36:00.000Z,2026-9-14,1,1,50O2.00,true,77,9010,8010,09/14/2026 09:36:00,9/14/26,DEMO1, Sell,1,50O2.00,-2,0,0.25,ESZ6,ES,E-Mini S&P 500,1.29';
const TRADOVATE = insertLine(fixture('tradovate-fills.csv'), 4, BAD_TRADOVATE_ROW);

// IBKR Flex XML with a <Trade> whose quantity is not a number, between NVDA's executions.
const BAD_FLEX_TRADE =
  '        <Trade accountId="U3000001" currency="USD" assetCategory="STK" symbol="AMD" multiplier="1" tradeID="6010" dateTime="20260305;093100" tradeDate="20260305" quantity="1O" tradePrice="150" ibCommission="-0.1" buySell="BUY" ibExecID="00012x.01" levelOfDetail="EXECUTION" />';
const FLEX = insertLine(fixture('ibkr-flex.xml'), 13, BAD_FLEX_TRADE);

/** The hand-computed trades of the Flex fixture (see ibkr-flex-xml.test.ts). */
const FLEX_TRADES = [
  // NVDA: 50 × 121.50 − (30 × 120 + 20 × 120.05) = 74.00 − 1.00 commission
  ['NVDA', 'U3000001', 73],
  // TSLA put: (4.05 − 5.20) × 2 × 100 − 2.60
  ['TSLA260417P00250000', 'U3000001', -232.6],
  // MES short: (6650.50 − 6640.00) × 2 × 5 − 2.48
  ['MESM6', 'U3000002', 102.52],
];

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`skipInvalid for broker formats on ${db.name}`, () => {
    const h = useCore(db);

    async function nothingWritten(user: string): Promise<void> {
      expect(await tradesOf(h.core(), user)).toEqual([]);
      expect((await h.core().imports.list(user)).imports).toEqual([]);
    }

    it('Tradovate Fills: a bad cell fails the import naming line and column; skipInvalid imports the rest', async () => {
      const user = await newUser(h.core());
      await expect(create(h.core(), user, TRADOVATE)).rejects.toThrow(/^file\.csv, line 4, column _price: .*"50O2\.00"/);
      await nothingWritten(user);

      const skipped: SkippedRow[] = [];
      const record = await create(h.core(), user, TRADOVATE, { skipInvalid: true, onSkipped: (row) => skipped.push(row) });
      expect(skipped).toEqual([
        { line: 4, message: expect.stringMatching(/^line 4, column _price: .*"50O2\.00"/), raw: BAD_TRADOVATE_ROW },
      ]);
      // 7 lines: the header, 5 good data rows, 1 invalid (counted in invalid, not in rows).
      expect(record.counts).toMatchObject({ rows: 5, fills: 5, tradesCreated: 2, invalid: 1 });
      expect((await tradesOf(h.core(), user)).map((t) => [t.instrument, t.result])).toEqual([
        // ES: (5003.50 − 5000.25) × 50 + (5001.00 − 5000.25) × 50 = 200.00 − (2.58 + 1.29 + 1.29)
        ['ESZ6', 194.84],
        // MNQ short: (21000.00 − 20990.25) × 3 × 2 = 58.50 − 2 × 1.11
        ['MNQZ6', 56.28],
      ]);
      expect((await h.core().imports.get(user, record.id)).counts.invalid).toBe(1);
    });

    it('IBKR Flex XML: a bad attribute fails the import naming its element line; skipInvalid leaves that element out', async () => {
      const user = await newUser(h.core());
      await expect(create(h.core(), user, FLEX)).rejects.toThrow(/^file\.csv, line 13, column quantity: .*"1O"/);
      await nothingWritten(user);

      const skipped: SkippedRow[] = [];
      const record = await create(h.core(), user, FLEX, { skipInvalid: true, onSkipped: (row) => skipped.push(row) });
      expect(skipped).toHaveLength(1);
      expect(skipped[0]).toMatchObject({ line: 13, message: expect.stringMatching(/^line 13, column quantity: /) });
      expect(skipped[0]?.raw).toMatch(/^<Trade accountId="U3000001" .*symbol="AMD" .*quantity="1O" .*>$/);
      expect(record.counts).toMatchObject({ tradesCreated: 3, invalid: 1 });
      const trades = await tradesOf(h.core(), user);
      expect(trades.map((t) => [t.instrument, t.account, t.result])).toEqual(FLEX_TRADES);
    });

    it('IBKR Flex XML on one line: only the element refused is left out, not the others of its line', async () => {
      const user = await newUser(h.core());
      const oneLine = FLEX.replace(/>\s*\n\s*</g, '><');
      expect(oneLine.split('\n').length).toBeLessThanOrEqual(2);
      const skipped: SkippedRow[] = [];
      const record = await create(h.core(), user, oneLine, { skipInvalid: true, onSkipped: (row) => skipped.push(row) });
      expect(skipped.map((s) => [s.line, /symbol="AMD"/.test(s.raw)])).toEqual([[1, true]]);
      expect(record.counts).toMatchObject({ tradesCreated: 3, invalid: 1 });
      expect((await tradesOf(h.core(), user)).map((t) => [t.instrument, t.account, t.result])).toEqual(FLEX_TRADES);
    });

    it('a bad row of a broker file and a fill the import refuses are both reported, in one run', async () => {
      const user = await newUser(h.core());
      // Row 6 (MNQ's buy back) is now a QQQ future: a root without a point value, refused by the import.
      const text = TRADOVATE.split('\n')
        .map((l) => (l.startsWith('9005,') ? l.replace('MNQZ6,MNQ,', 'QQQZ6,QQQ,') : l))
        .join('\n');
      const skipped: SkippedRow[] = [];
      const record = await create(h.core(), user, text, { skipInvalid: true, onSkipped: (row) => skipped.push(row) });
      expect(skipped.map((s) => s.line)).toEqual([4, 7]);
      expect(skipped[1]?.message).toContain('QQQ');
      expect(record.counts).toMatchObject({ tradesCreated: 2, invalid: 2 });
      // MNQ's short is left open (its buy back was skipped).
      expect((await tradesOf(h.core(), user)).map((t) => [t.instrument, t.status, t.result])).toEqual([
        ['ESZ6', 'closed', 194.84],
        ['MNQZ6', 'open', null],
      ]);
    });
  });
}

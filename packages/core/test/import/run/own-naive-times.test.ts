/**
 * Naive (wall-clock) times in our own fills and trades CSVs: read in the source zone, with DST
 * gaps and overlaps reported, through `core.imports.create`, the entry point of the CLI and HTTP.
 */
import type { Core, ImportRunOptions, ImportWarning } from '@tj/core';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { tradesOf, textSource } from './support.js';

/** Imports `text` as `core.imports.create` does for `tj import` and `POST /api/imports`. */
const create = (core: Core, user: string, text: string, options: Partial<ImportRunOptions>) =>
  core.imports.create(user, textSource(text), { sourceTz: 'UTC', ...options });

const dstWarnings = (warnings: ImportWarning[]) =>
  warnings.filter((w) => w.code.startsWith('dst_')).map((w) => [w.code, w.line, w.message]);

// New York: EDT (UTC−4) until 2026-11-01 02:00, then EST (UTC−5); EST until 2026-03-08 02:00.
const FILLS = [
  'datetime,symbol,side,quantity,price,commission',
  '2026-10-30 09:30:00,AAPL,buy,10,100,1',
  '2026-11-02 09:30,AAPL,sell,10,105,1',
  '2026-11-02T10:00:00-05:00,MSFT,buy,5,400,0',
  '2026-11-02T16:00:00Z,MSFT,sell,5,402,0',
].join('\n');

const TRADES = [
  'instrument,direction,entryPrice,positionSize,entryTime,exitPrice,exitTime,fees,multiplier',
  'ES,long,5000,1,2026-10-30 09:30:00,5004,2026-11-02 09:45:00,4.5,50',
  'AAPL,long,190,10,2026-11-02T09:30:00-05:00,191,2026-11-02T15:00:00Z,,',
].join('\n');

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`naive times of our own CSVs on ${db.name}`, () => {
    const h = useCore(db);

    it('reads a fills CSV naive datetime in the source zone, either side of a DST change; offsets as written', async () => {
      const user = await newUser(h.core());
      const record = await create(h.core(), user, FILLS, { sourceTz: 'America/New_York' });
      expect(record.format.name).toBe('tj-fills');
      expect(record.sourceTz).toBe('America/New_York');
      expect(record.warnings).toEqual([]);
      expect((await tradesOf(h.core(), user)).map((t) => [t.instrument, t.entryTime, t.exitTime, t.result])).toEqual([
        // 09:30 EDT = 13:30Z; 09:30 EST = 14:30Z; 10 × (105 − 100) − 2 commission
        ['AAPL', '2026-10-30T13:30:00.000Z', '2026-11-02T14:30:00.000Z', 48],
        // 10:00−05:00 = 15:00Z and 16:00Z as written; 5 × (402 − 400)
        ['MSFT', '2026-11-02T15:00:00.000Z', '2026-11-02T16:00:00.000Z', 10],
      ]);

      // The same file read in Berlin (CET, UTC+1, after 2026-10-25): the naive times move, the others do not.
      const other = await newUser(h.core());
      await create(h.core(), other, FILLS, { sourceTz: 'Europe/Berlin' });
      expect((await tradesOf(h.core(), other)).map((t) => [t.instrument, t.entryTime, t.exitTime])).toEqual([
        ['AAPL', '2026-10-30T08:30:00.000Z', '2026-11-02T08:30:00.000Z'],
        ['MSFT', '2026-11-02T15:00:00.000Z', '2026-11-02T16:00:00.000Z'],
      ]);
    });

    it('reads a fills CSV time in a DST gap or overlap and reports each as a warning', async () => {
      const user = await newUser(h.core());
      const text = [
        'datetime,symbol,side,quantity,price',
        '2026-03-08 02:30:00,XYZ,buy,1,10',
        '2026-11-01 01:30:00,XYZ,sell,1,11',
      ].join('\n');
      const record = await create(h.core(), user, text, { sourceTz: 'America/New_York' });
      expect(dstWarnings(record.warnings)).toEqual([
        ['dst_gap', 2, 'the time does not exist (clocks jumped forward) in America/New_York'],
        ['dst_overlap', 3, 'the time happened twice (clocks went back); the earlier was taken in America/New_York'],
      ]);
      // The gap reads with the offset before the jump (EST, −5); the overlap as its earlier instant (EDT, −4).
      expect(await tradesOf(h.core(), user)).toMatchObject([
        { instrument: 'XYZ', entryTime: '2026-03-08T07:30:00.000Z', exitTime: '2026-11-01T05:30:00.000Z', result: 1 },
      ]);
      // The warnings are kept with the import's record.
      expect(dstWarnings((await h.core().imports.get(user, record.id)).warnings)).toHaveLength(2);
    });

    it('reads a trades CSV naive entryTime and exitTime in the source zone; offsets as written', async () => {
      const user = await newUser(h.core());
      const record = await create(h.core(), user, TRADES, { sourceTz: 'America/New_York' });
      expect(record.format.name).toBe('tj-trades');
      expect(record.counts).toMatchObject({ tradesCreated: 2, invalid: 0 });
      expect((await tradesOf(h.core(), user)).map((t) => [t.instrument, t.entryTime, t.exitTime, t.result])).toEqual([
        // 09:30 EDT = 13:30Z, 09:45 EST = 14:45Z; (5004 − 5000) × 50 − 4.5
        ['ES', '2026-10-30T13:30:00.000Z', '2026-11-02T14:45:00.000Z', 195.5],
        ['AAPL', '2026-11-02T14:30:00.000Z', '2026-11-02T15:00:00.000Z', 10],
      ]);
      // In UTC the naive times are other instants, so the rows are other trades (their keys differ).
      const again = await create(h.core(), user, TRADES, { sourceTz: 'UTC' });
      expect(again.counts).toMatchObject({ tradesCreated: 1, duplicates: 1 });
      expect((await tradesOf(h.core(), user)).find((t) => t.entryTime === '2026-10-30T09:30:00.000Z')).toMatchObject({
        instrument: 'ES',
        exitTime: '2026-11-02T09:45:00.000Z',
      });
    });

    it('reads trades CSV times in a DST gap or overlap, naming the column of each warning', async () => {
      const user = await newUser(h.core());
      const text = [
        'instrument,direction,entryPrice,positionSize,entryTime,exitPrice,exit_time',
        'NQ,short,21000,2,2026-03-08 02:30:00,20990,2026-11-01 01:30:00',
      ].join('\n');
      const record = await create(h.core(), user, text, { sourceTz: 'America/New_York' });
      expect(dstWarnings(record.warnings)).toEqual([
        ['dst_gap', 2, 'entryTime: the time does not exist (clocks jumped forward) in America/New_York'],
        ['dst_overlap', 2, 'exit_time: the time happened twice (clocks went back); the earlier was taken in America/New_York'],
      ]);
      expect(await tradesOf(h.core(), user)).toMatchObject([
        { entryTime: '2026-03-08T07:30:00.000Z', exitTime: '2026-11-01T05:30:00.000Z', result: 20 },
      ]);
    });

    it('still names a time that is not a date-time, and skips its row with skipInvalid', async () => {
      const user = await newUser(h.core());
      const text = `${FILLS}\n2026-11-02 25:00,AAPL,buy,1,100,0`;
      await expect(create(h.core(), user, text, { sourceTz: 'America/New_York' })).rejects.toThrow(
        'file.csv, line 6, column datetime: "2026-11-02 25:00" is not a valid date-time',
      );
      expect(await tradesOf(h.core(), user)).toEqual([]);
      const skipped = await create(h.core(), user, text, { sourceTz: 'America/New_York', skipInvalid: true });
      expect(skipped.counts).toMatchObject({ tradesCreated: 2, invalid: 1 });
    });
  });
}

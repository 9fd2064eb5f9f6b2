/**
 * core.bars.importFile on both databases: one transaction, re-import adds nothing, overlapping files
 * merge (held bars kept, differing ones counted), bad rows and hostile input write nothing, the
 * timeframe given or inferred, the stretch recorded and the after-bars work run once over it.
 */
import { coreDeps } from '@tj/core/internal';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import type { BarsStored } from '../../src/after-write/bars.js';
import { bars } from '../../src/bars/service.js';
import { caught, newUser, useCore } from '../support/core.js';
import { fixture, ms, textSource } from './support.js';

const HEADER = 'time,open,high,low,close,volume\n';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`bars files on ${db.name}`, () => {
    const h = useCore(db, { inputLimits: { maxBytes: 64 * 1024, maxRecordLength: 4096 } });
    const wide = useCore(db);

    it('adds nothing on a re-import, and merges an overlapping file keeping the bars held', async () => {
      const user = await newUser(h.core());
      await h.core().bars.importFile(user, fixture('generic.csv'), { instrument: 'ES' });
      const again = await h.core().bars.importFile(user, fixture('generic.csv'), { instrument: 'ES' });
      expect(again).toMatchObject({ received: 5, written: 0, conflicts: 0 });
      // generic-overlap.csv: 14:33 (same as held), 14:34 (held: high 5001.25, close 4999.00, volume 1800;
      // the file: 5001.50, 4999.25, 1850 → a conflict, the held bar kept), 14:35–14:37 new → 3 written.
      const merged = await h.core().bars.importFile(user, fixture('generic-overlap.csv'), { instrument: 'ES' });
      expect(merged).toMatchObject({
        received: 5,
        written: 3,
        conflicts: 1,
        from: '2026-11-02T14:33:00.000Z',
        to: '2026-11-02T14:37:00.000Z',
      });
      const held = await h.core().bars.range(user, 'ES', 60, 0, ms('2027-01-01T00:00:00Z'));
      expect(held).toHaveLength(8); // 14:30 … 14:37
      expect(held.find((b) => b.time === ms('2026-11-02T14:34:00Z'))).toMatchObject({ high: 5001.25, close: 4999, volume: 1800 });
      expect(await h.core().bars.list(user)).toEqual({
        series: [
          { instrument: 'ES', timeframe: '1m', count: 8, first: '2026-11-02T14:30:00.000Z', last: '2026-11-02T14:37:00.000Z' },
        ],
      });
      // Each file's stretch: its first bar's start to its last bar's end.
      const ranges = await h.storage().repos.bars.ranges(user, 'ES', 60, 0, ms('2027-01-01T00:00:00Z'));
      expect(ranges).toEqual([
        { from: ms('2026-11-02T14:30:00Z'), to: ms('2026-11-02T14:35:00Z'), source: 'file:generic-csv' },
        { from: ms('2026-11-02T14:33:00Z'), to: ms('2026-11-02T14:38:00Z'), source: 'file:generic-csv' },
      ]);
    });

    it('refuses a bad row with its line and writes nothing', async () => {
      const user = await newUser(h.core());
      const e = await caught(() => h.core().bars.importFile(user, fixture('generic-bad-row.csv'), { instrument: 'ES' }));
      expect(e.code).toBe('validation_failed');
      expect(e.errors).toEqual([{ path: 'line 4', message: 'low 5003.25 is above high 5001' }]);
      expect((await h.core().bars.list(user)).series).toEqual([]);
    });

    it('refuses a bad row in a later batch after earlier batches went in: the transaction writes nothing', async () => {
      const user = await newUser(wide.core());
      // 5,000 good minutes sent line by line, read in batches of 2,000 (the first is inserted when
      // the second arrives), then a price of 0 on line 5,002 in the third (the header is line 1).
      const start = ms('2026-11-02T00:00:00Z');
      const lines = Array.from(
        { length: 5001 },
        (_, i) => `${new Date(start + i * 60_000).toISOString()},10,11,${i === 5000 ? 0 : 9},10,1\n`,
      );
      const source = { open: () => [HEADER, ...lines].map((l) => Buffer.from(l)) };
      const e = await caught(() => wide.core().bars.importFile(user, source, { instrument: 'ES' }));
      expect(e.errors).toEqual([{ path: 'line 5002, column low', message: 'the price must be positive, not 0' }]);
      expect((await wide.core().bars.list(user)).series).toEqual([]);
      // The same lines without the bad one go in whole.
      const good = { open: () => [HEADER, ...lines.slice(0, 5000)].map((l) => Buffer.from(l)) };
      expect(await wide.core().bars.importFile(user, good, { instrument: 'ES' })).toMatchObject({
        received: 5000,
        written: 5000,
      });
    });

    it('refuses naive times without a zone, naming the line and the option', async () => {
      const user = await newUser(h.core());
      const e = await caught(() => h.core().bars.importFile(user, fixture('generic-naive.csv'), { instrument: 'ES' }));
      expect(e.errors?.[0]?.path).toBe('line 2, column time');
      expect(e.errors?.[0]?.message).toContain('sourceTz');
      expect((await h.core().bars.list(user)).series).toEqual([]);
    });

    it('refuses times out of order or closer than the timeframe', async () => {
      const user = await newUser(h.core());
      const backwards = `${HEADER}2026-11-02T14:31:00Z,10,11,9,10,1\n2026-11-02T14:32:00Z,10,11,9,10,1\n2026-11-02T14:31:00Z,10,11,9,10,1\n`;
      const e = await caught(() => h.core().bars.importFile(user, textSource(backwards), { instrument: 'ES' }));
      expect(e.errors?.[0]?.path).toBe('line 4');
      expect(e.errors?.[0]?.message).toContain('is not after the bar of line 3');
      // Given 5m, bars one minute apart overlap.
      const tight = await caught(() =>
        h.core().bars.importFile(user, fixture('generic.csv'), { instrument: 'ES', timeframe: '5m' }),
      );
      expect(tight.errors?.[0]?.message).toContain('less than one timeframe after the bar of line 2');
      expect((await h.core().bars.list(user)).series).toEqual([]);
    });

    it('infers the timeframe from the most common gap, and refuses one bar or a gap that is no timeframe', async () => {
      const user = await newUser(h.core());
      // Gaps 5m, 5m, 10m (a missing bar), 5m → 5m.
      const gappy = ['14:30', '14:35', '14:40', '14:50', '14:55'].map((t) => `2026-11-02T${t}:00Z,10,11,9,10,`).join('\n');
      expect(await h.core().bars.importFile(user, textSource(`${HEADER}${gappy}\n`), { instrument: 'NQ' })).toMatchObject({
        timeframe: '5m',
        received: 5,
      });
      const one = await caught(() =>
        h.core().bars.importFile(user, textSource(`${HEADER}2026-11-02T14:30:00Z,10,11,9,10,1\n`), { instrument: 'ES' }),
      );
      expect(one.errors?.[0]?.message).toContain('the file has one bar');
      const twoMinutes = ['14:30', '14:32', '14:34'].map((t) => `2026-11-02T${t}:00Z,10,11,9,10,1`).join('\n');
      const odd = await caught(() =>
        h.core().bars.importFile(user, textSource(`${HEADER}${twoMinutes}\n`), { instrument: 'ES' }),
      );
      expect(odd.errors?.[0]?.message).toContain('the most common gap between bars is 2m');
      // One bar is fine when the timeframe is given.
      expect(
        await h.core().bars.importFile(user, textSource(`${HEADER}2026-11-02T14:30:00Z,10,11,9,10,1\n`), {
          instrument: 'YM',
          timeframe: '1h',
        }),
      ).toMatchObject({ timeframe: '1h', written: 1 });
    });

    it('refuses an empty file, a header alone, an unknown layout and an unknown format name', async () => {
      const user = await newUser(h.core());
      const refused = async (text: string, format?: string) =>
        (
          await caught(() =>
            h.core().bars.importFile(user, textSource(text), { instrument: 'ES', ...(format !== undefined && { format }) }),
          )
        ).message;
      expect(await refused('')).toBe('the file is empty');
      expect(await refused(HEADER)).toContain('the file has no bars');
      expect(await refused('date,price\n2026-11-02,10\n')).toContain('no bars format recognises it');
      expect(await refused(HEADER, 'excel')).toContain('unknown bars format "excel"');
    });

    it('bounds hostile input: a huge line and a huge file stop with 413 and write nothing', async () => {
      const user = await newUser(h.core());
      const long = await caught(() =>
        h.core().bars.importFile(user, textSource(`${HEADER}${'9'.repeat(10_000)}\n`), { instrument: 'ES' }),
      );
      expect(long.code).toBe('payload_too_large');
      expect(long.message).toContain('maxRecordLength');
      // An endless stream of valid bars: stopped at 64 KiB, the chunks past it never read.
      let chunksRead = 0;
      const start = ms('2026-01-01T00:00:00Z');
      const endless = {
        open: function* () {
          yield Buffer.from(HEADER);
          for (let i = 0; ; i++) {
            chunksRead++;
            yield Buffer.from(`${new Date(start + i * 60_000).toISOString()},10,11,9,10,1\n`);
          }
        },
      };
      const big = await caught(() => h.core().bars.importFile(user, endless, { instrument: 'ES' }));
      expect(big.code).toBe('payload_too_large');
      expect(big.message).toContain('maxBytes');
      // A line is 38 bytes (24 of time, 14 of prices): the head stops at 65,536 characters after
      // ceil((65,536 − 32) ÷ 38) = 1,724 lines, and the reading fails on the 1,724th line that takes it
      // past 65,536 bytes: 2 × 1,724 = 3,448 lines generated, none after.
      expect(chunksRead).toBe(3448);
      expect((await h.core().bars.list(user)).series).toEqual([]);
    });

    it('runs the after-bars work once, in the transaction, over the whole file’s stretch', async () => {
      const user = await newUser(h.core());
      const seen: BarsStored[] = [];
      const service = bars(coreDeps(h.core()), [
        async (tx, stored) => {
          seen.push(stored);
          // Inside the transaction the file's bars are all there.
          expect(await tx.bars.range(stored.userId, stored.instrumentKey, stored.timeframe, stored.from, stored.to)).toHaveLength(
            5,
          );
        },
      ]);
      await service.importFile(user, fixture('generic.csv'), { instrument: 'ES' });
      expect(seen).toEqual([
        { userId: user, instrumentKey: 'ES', timeframe: 60, from: ms('2026-11-02T14:30:00Z'), to: ms('2026-11-02T14:35:00Z') },
      ]);
    });

    it('deletes one timeframe or every one of an instrument, and no other user’s bars', async () => {
      const [ann, bob] = [await newUser(h.core()), await newUser(h.core())];
      for (const user of [ann, bob]) await h.core().bars.importFile(user, fixture('generic.csv'), { instrument: 'ES' });
      await h.core().bars.importFile(ann, fixture('tradingview-unix.csv'), { instrument: 'ES' });
      expect(await h.core().bars.delete(ann, 'es', '5m')).toEqual({ deleted: 4 });
      expect((await h.core().bars.list(ann)).series.map((s) => s.timeframe)).toEqual(['1m']);
      expect(await h.core().bars.delete(ann, 'ES')).toEqual({ deleted: 5 });
      expect((await h.core().bars.list(ann)).series).toEqual([]);
      expect((await h.core().bars.list(bob)).series).toHaveLength(1);
      expect((await caught(() => h.core().bars.delete(ann, 'ES', '2m' as never))).code).toBe('validation_failed');
    });
  });
}

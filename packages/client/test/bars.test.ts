/**
 * `client.bars` against the real server on SQLite and PostgreSQL: a NinjaTrader 8 export streamed
 * from disk with progress, a generic CSV sent as a string, an overlapping file merged with its
 * conflict counted, the series listed and deleted, a bad row as a TjApiError naming the line.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { isTjApiError } from '../src/index.js';
import { openFile } from '../src/node.js';
import { useServer } from './support/server.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../core/test/fixtures/bars/${name}`, import.meta.url));

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`client.bars on ${db.name}`, () => {
    const server = useServer(db);

    it('streams a NinjaTrader 8 export from disk: UTC end stamps stored as starts', async () => {
      const { client } = await server().loggedIn();
      const file = await openFile(fixture('ninjatrader8.txt'));
      const seen: number[] = [];
      const r = await client.bars.import(file.body, { instrument: 'ES', onProgress: (n) => seen.push(n) });
      // 20261102 143100 ends the 14:30 bar; three 1-minute bars.
      expect(r).toEqual({
        format: 'ninjatrader8',
        instrument: 'ES',
        timeframe: '1m',
        received: 3,
        written: 3,
        conflicts: 0,
        from: '2026-11-02T14:30:00.000Z',
        to: '2026-11-02T14:32:00.000Z',
      });
      expect(seen.at(-1)).toBe(file.size);
    });

    it('merges an overlapping generic CSV sent as a string, keeping the held bar and counting the differing one', async () => {
      const { client } = await server().loggedIn();
      const { readFile } = await import('node:fs/promises');
      await client.bars.import(await readFile(fixture('generic.csv'), 'utf8'), { instrument: 'NQ', timeframe: '1m' });
      // 14:33 equal, 14:34 differs (kept as held), 14:35–14:37 new.
      const merged = await client.bars.import(await readFile(fixture('generic-overlap.csv'), 'utf8'), { instrument: 'NQ' });
      expect(merged).toMatchObject({ received: 5, written: 3, conflicts: 1 });
      expect(await client.bars.list()).toEqual({
        series: [
          { instrument: 'NQ', timeframe: '1m', count: 8, first: '2026-11-02T14:30:00.000Z', last: '2026-11-02T14:37:00.000Z' },
        ],
      });
      expect(await client.bars.delete('NQ')).toEqual({ deleted: 8 });
      expect((await client.bars.list()).series).toEqual([]);
    });

    it('rejects a bad row with a TjApiError naming the line', async () => {
      const { client } = await server().loggedIn();
      const { readFile } = await import('node:fs/promises');
      const e = await client.bars
        .import(await readFile(fixture('generic-bad-row.csv')), { instrument: 'YM' })
        .catch((x: unknown) => x);
      expect(isTjApiError(e)).toBe(true);
      expect(e).toMatchObject({ status: 400, code: 'validation_failed' });
      expect((e as { problem: { errors: unknown[] } }).problem.errors).toEqual([
        { path: 'line 4', message: 'low 5003.25 is above high 5001' },
      ]);
    });
  });
}

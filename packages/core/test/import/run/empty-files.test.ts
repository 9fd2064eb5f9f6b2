import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { caught, newUser, useCore } from '../../support/core.js';
import { run, tradesOf } from './support.js';

const HEADER = 'datetime,symbol,side,quantity,price,commission,exec_id';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`empty files, header-only files and data rows on ${db.name}`, () => {
    const h = useCore(db);

    it('refuses an empty file and a header-only file, each with its own message, and records no import', async () => {
      const user = await newUser(h.core());
      for (const text of ['', '\n\n  \n']) {
        expect(await caught(() => run(h.core(), user, text, {}, 'jan.csv'))).toMatchObject({
          code: 'validation_failed',
          message: 'jan.csv: the file is empty: there is nothing to import',
        });
      }
      for (const dryRun of [false, true]) {
        expect(await caught(() => run(h.core(), user, `${HEADER}\n`, { dryRun }, 'feb.csv'))).toMatchObject({
          code: 'validation_failed',
          message: 'feb.csv: no trades to import: the file has only a header (read as Trading journal Fills CSV)',
        });
      }
      expect(await tradesOf(h.core(), user)).toEqual([]);
      expect((await h.core().imports.list(user)).imports).toEqual([]);
    });

    it('counts data rows, not the header, blank lines or a statement’s title and section lines', async () => {
      const user = await newUser(h.core());
      const fills = [
        HEADER,
        '2026-11-02T14:30:00Z,AAPL,buy,100,190.00,1.00,e1',
        '',
        '2026-11-02T15:30:00Z,AAPL,sell,100,195.00,1.00,e2',
      ];
      // 4 lines: the header, two fills and a blank line: 2 data rows.
      expect((await run(h.core(), user, fills.join('\n'))).counts).toMatchObject({ rows: 2, fills: 2 });
    });

    it('says whether the source zone was used: naive times read in it, or every time with its own offset', async () => {
      const user = await newUser(h.core());
      const zoned = await run(h.core(), user, [HEADER, '2026-11-02T14:30:00Z,AAPL,buy,1,190,0,z1'].join('\n'));
      expect(zoned).toMatchObject({ sourceTz: 'America/New_York', sourceTzUsed: false });
      const naive = await run(h.core(), user, [HEADER, '2026-11-02 09:30:00,AAPL,buy,1,190,0,n1'].join('\n'));
      expect(naive).toMatchObject({ sourceTz: 'America/New_York', sourceTzUsed: true });
      // 09:30 in New York on 2 November 2026 (EST, UTC−5) is 14:30 UTC.
      expect((await tradesOf(h.core(), user)).map((t) => t.entryTime)).toContain('2026-11-02T14:30:00.000Z');
      const trades = ['instrument,direction,entryPrice,positionSize,entryTime', 'NQ,long,20000,1,2026-11-02 10:00:00'].join('\n');
      expect(await run(h.core(), user, trades)).toMatchObject({ sourceTzUsed: true });
    });
  });
}

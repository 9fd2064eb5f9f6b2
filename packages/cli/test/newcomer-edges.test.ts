import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, runJson, type Sandbox, sandboxFile, sandboxWithUser } from './support/cli.js';

/** Two trades closed in March 2024, long before the month the tests run in. */
const CSV = `instrument,direction,entryPrice,positionSize,entryTime,exitPrice,exitTime
ES,long,5000,1,2024-03-04T14:30:00Z,5010,2024-03-04T15:00:00Z
NQ,short,18000,1,2024-03-06T14:30:00Z,17990,2024-03-06T15:00:00Z
`;

let box: Sandbox;
let db: string[];
let file: string;
beforeAll(async () => {
  ({ box, db } = await sandboxWithUser());
  file = await sandboxFile(box, 'history.csv', CSV);
  await ok(box, [...db, 'import', file]);
}, 60_000);
afterAll(() => box?.cleanup());

describe('what a newcomer with an old history sees', { timeout: 120_000 }, () => {
  it('tj analytics calendar opens on the last month with trades when this month has none, and says so', async () => {
    const thisMonth = new Date().toISOString().slice(0, 7);
    const grid = await ok(box, [...db, 'analytics', 'calendar']);
    expect(grid.split('\n').slice(0, 2)).toEqual([
      `No trades in ${thisMonth}: showing 2024-03, the last month with trades (--month YYYY-MM for another).`,
      '2024-03: 2 trades, P&L 20.00',
    ]);
    expect(await runJson(box, [...db, 'analytics', 'calendar'])).toMatchObject({ month: '2024-03', trades: 2 });
    // A month asked for is shown as it is; a selection without trades stays on this month.
    expect((await ok(box, [...db, 'analytics', 'calendar', '--month', '2024-04'])).split('\n')[0]).toBe(
      '2024-04: 0 trades, P&L 0.00',
    );
    expect((await ok(box, [...db, 'analytics', 'calendar', '--instrument', 'CL'])).split('\n')[0]).toBe(
      `${thisMonth}: 0 trades, P&L 0.00`,
    );
  });

  it('tj imports list shows a re-import that added nothing as "nothing new"', async () => {
    await ok(box, [...db, 'import', file]);
    const list = await ok(box, [...db, 'imports', 'list']);
    // Created, Updated, Dupes, Net P&L and State of each row, newest first: the re-import, then the first.
    const rows = list
      .split('\n')
      .filter((l) => l.includes('history.csv'))
      .map((l) =>
        l
          .split('│')
          .slice(5, 10)
          .map((cell) => cell.trim()),
      );
    expect(rows).toEqual([
      ['0', '0', '2', '0.00', 'nothing new'],
      ['2', '0', '0', '20.00', 'standing'],
    ]);
  });
});

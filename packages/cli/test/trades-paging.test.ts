import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { initDatabase, ok, run, runJson, type Sandbox, sandbox, sandboxFile } from './support/cli.js';

/** 250 closed trades a minute apart: a trades CSV. */
function tradesCsv(): string {
  const rows = Array.from({ length: 250 }, (_, i) => {
    const entry = new Date(Date.UTC(2026, 2, 2, 14, 0) + i * 60_000).toISOString();
    return `T${i % 7},long,${100 + i},1,${entry},${101 + i},${entry}`;
  });
  return `instrument,direction,entryPrice,positionSize,entryTime,exitPrice,exitTime\n${rows.join('\n')}\n`;
}

for (const database of DATABASES) {
  describe.skipIf(!database.available)(`tj trades list beyond 100 on ${database.name}`, { timeout: 180_000 }, () => {
    let box: Sandbox;
    let db: string[];
    let cleanup = async () => {};
    beforeAll(async () => {
      box = await sandbox();
      let url = join(box.dir, 'paging.db');
      if (database.name === 'postgres') {
        const opened = await database.open();
        await opened.storage.close();
        ({ url, cleanup } = opened);
      }
      db = await initDatabase(box, url, ['--tz', 'UTC']);
      await ok(box, [...db, 'import', await sandboxFile(box, 'trades.csv', tradesCsv())]);
    });
    afterAll(async () => {
      await cleanup();
      await box?.cleanup();
    });

    it('--limit over 100 pages through the API: the same trades, in the same order, as its pages of 100', async () => {
      const pages = [];
      for (const page of ['1', '2', '3'])
        pages.push(...(await runJson(box, [...db, 'trades', 'list', '--limit', '100', '--page', page])).trades);
      expect(pages).toHaveLength(250);
      const ids = pages.map((t: { id: string }) => t.id);

      const big = await runJson(box, [...db, 'trades', 'list', '--limit', '1000']);
      expect(big.trades.map((t: { id: string }) => t.id)).toEqual(ids);
      expect(big.trades[0]).toEqual(pages[0]);
      expect(big.pagination).toEqual({ page: 1, limit: 1000, total: 250, pages: 1 });

      // Page 2 of 120: trades 121 to 240, fetched in pages of 60 (the largest that starts at 120).
      const second = await runJson(box, [...db, 'trades', 'list', '--limit', '120', '--page', '2']);
      expect(second.trades.map((t: { id: string }) => t.id)).toEqual(ids.slice(120, 240));
      expect(second.pagination).toEqual({ page: 2, limit: 120, total: 250, pages: 3 });
      const last = await runJson(box, [...db, 'trades', 'list', '--limit', '101', '--page', '3']);
      expect(last.trades.map((t: { id: string }) => t.id)).toEqual(ids.slice(202));

      const all = await runJson(box, [...db, 'trades', 'list', '--all']);
      expect(all.trades.map((t: { id: string }) => t.id)).toEqual(ids);
      expect(all.pagination).toEqual({ page: 1, limit: 250, total: 250, pages: 1 });
      const none = await runJson(box, [...db, 'trades', 'list', '--all', '--instrument', 'NOPE']);
      expect(none).toEqual({ trades: [], pagination: { page: 1, limit: 0, total: 0, pages: 0 } });
    });

    it('prints the tables page by page for people, and --all with --limit is a usage error', async () => {
      const all = await run(box, [...db, 'trades', 'list', '--all']);
      expect(all).toMatchObject({ code: 0, stderr: '' });
      expect(all.stdout.match(/ T\d /g)).toHaveLength(250);
      expect(all.stdout.match(/│ ID /g)).toHaveLength(3);
      expect(all.stdout).toMatch(/\n250 trades\n$/);
      const page = await run(box, [...db, 'trades', 'list', '--limit', '200', '--page', '2']);
      expect(page.stdout.match(/ T\d /g)).toHaveLength(50);
      expect(page.stdout).toMatch(/\nPage 2 of 2 \(250 trades; --page, --limit\)\n$/);
      expect(await run(box, [...db, 'trades', 'list', '--all', '--limit', '5'])).toEqual({
        code: 2,
        stdout: '',
        stderr: "tj: option '--all' cannot be used with option '--limit <n>' (see tj trades list --help)\n",
      });
    });
  });
}

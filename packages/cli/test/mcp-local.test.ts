import { join } from 'node:path';
import { OPERATIONS, type OperationId, type OperationSpec } from '@tj/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { initDatabase, ok, run, runJson, type Sandbox, sandbox, sandboxFile } from './support/cli.js';
import { callError, callOk, connectMcp, type McpSession } from './support/mcp.js';

/** Five trades over two months: two setups, tags, a loss, an open one. */
const TRADES = `instrument,direction,entryPrice,positionSize,entryTime,stopLoss,setupType,tags,fees,multiplier,exitPrice,exitTime
ES,long,5000,1,2026-10-05T14:30:00Z,4990,breakout,fomc;news,4.2,50,5010,2026-10-05T15:00:00Z
ES,short,5020,2,2026-10-06T14:30:00Z,5030,fade,,4.2,50,5025,2026-10-06T15:10:00Z
NQ,long,18000,1,2026-10-20T14:30:00Z,17950,breakout,news,2,20,18100,2026-10-20T16:00:00Z
AAPL,long,190,100,2026-11-03T14:30:00Z,185,pullback,,1,,188,2026-11-04T15:00:00Z
MSFT,long,400,10,2026-11-10T14:30:00Z,,,,,,,
`;

const READ_TOOLS = [
  'statistics',
  'list_trades',
  'get_trade',
  'calendar',
  'by_category',
  'performance',
  'list_journal_entries',
  'get_journal_entry',
];
const WRITE_TOOLS = ['create_journal_entry', 'update_journal_entry', 'annotate_trade'];

/** The operation each tool but annotate_trade calls, with all of its query's or body's fields. */
const OPERATION_OF: Record<string, OperationId> = {
  statistics: 'tradeStatistics',
  list_trades: 'listTrades',
  get_trade: 'getTrade',
  calendar: 'calendar',
  by_category: 'byCategory',
  performance: 'performance',
  list_journal_entries: 'listJournalEntries',
  get_journal_entry: 'getJournalEntry',
  create_journal_entry: 'createJournalEntry',
  update_journal_entry: 'updateJournalEntry',
};

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`tj mcp on a local ${db.name} journal`, { timeout: 180_000 }, () => {
    let box: Sandbox;
    let flags: string[] = [];
    let mcp: McpSession;
    let cleanup = async () => {};
    /** `tj --json <flags> args…`: the CLI's own answer to compare with. */
    const cli = (...args: string[]) => runJson(box, [...flags, ...args]);

    beforeAll(async () => {
      box = await sandbox();
      let url = join(box.dir, 'journal.db');
      if (db.name === 'postgres') {
        const opened = await db.open();
        await opened.storage.close();
        url = opened.url;
        cleanup = opened.cleanup;
      }
      flags = await initDatabase(box, url, ['--tz', 'UTC']);
      await ok(box, [...flags, 'import', await sandboxFile(box, 'trades.csv', TRADES)]);
      mcp = await connectMcp(box, flags);
    });
    afterAll(async () => {
      await mcp?.close();
      await cleanup();
      await box?.cleanup();
    });

    it('lists the read tools and three writes: journal entries and a trade’s notes, tags and setup', async () => {
      const { tools } = await mcp.client.listTools();
      expect(tools.map((t) => t.name)).toEqual([...READ_TOOLS, ...WRITE_TOOLS]);
      const writes = tools.filter((t) => t.annotations?.readOnlyHint !== true).map((t) => t.name);
      expect(writes).toEqual(WRITE_TOOLS);
      const hints = (name: string) => tools.find((t) => t.name === name)?.annotations;
      expect(hints('create_journal_entry')).toMatchObject({
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      });
      expect(hints('annotate_trade')).toMatchObject({ destructiveHint: true, idempotentHint: true, openWorldHint: false });
      const annotate = tools.find((t) => t.name === 'annotate_trade');
      expect(Object.keys(annotate?.inputSchema.properties ?? {}).sort()).toEqual(['id', 'notes', 'setupType', 'tags']);
      expect(annotate?.inputSchema.required).toEqual(['id']);
      // The arguments are the API's own, from the operation table: a field the API adds is a tool's argument too.
      for (const [name, operation] of Object.entries(OPERATION_OF)) {
        const spec: OperationSpec = OPERATIONS[operation];
        const schema = (spec.query ?? spec.body) as { shape: object } | undefined;
        const fields = Object.keys(schema?.shape ?? {});
        const args = Object.keys(tools.find((t) => t.name === name)?.inputSchema.properties ?? {});
        expect(args.filter((a) => a !== 'id').sort(), name).toEqual(fields.sort());
        expect(args.includes('id'), name).toBe(spec.path.includes(':id'));
      }
      const list = tools.find((t) => t.name === 'list_trades');
      expect(list?.inputSchema.properties?.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
      expect(list?.inputSchema.properties?.status).toMatchObject({ enum: ['open', 'closed', 'all'] });
      expect(list?.inputSchema.properties?.tz).toMatchObject({ default: 'UTC' });
    });

    it('answers each read tool with the figures the CLI shows', async () => {
      expect(await callOk(mcp, 'statistics')).toEqual(await cli('stats'));
      const breakout = await callOk(mcp, 'statistics', { setup: 'breakout', dateFrom: '2026-10-01' });
      expect(breakout).toEqual(await cli('stats', '--setup', 'breakout', '--from', '2026-10-01'));
      expect(breakout).toMatchObject({ totalTrades: 2, wins: 2 });
      const page = await callOk(mcp, 'list_trades', { status: 'closed', limit: 2, page: 2 });
      expect(page).toEqual(await cli('trades', 'list', '--status', 'closed', '--limit', '2', '--page', '2'));
      expect(page.pagination).toEqual({ page: 2, limit: 2, total: 4, pages: 2 });
      const id = page.trades[0].id as string;
      expect(await callOk(mcp, 'get_trade', { id })).toEqual(await cli('trades', 'show', id));
      expect(await callOk(mcp, 'calendar', { month: '2026-10' })).toEqual(
        await cli('analytics', 'calendar', '--month', '2026-10'),
      );
      const bySetup = await callOk(mcp, 'by_category', { category: 'setup' });
      expect(bySetup).toEqual(await cli('analytics', 'by-category', '--category', 'setup'));
      expect(bySetup.categories.map((c: { name: string }) => c.name).sort()).toEqual(['breakout', 'fade', 'pullback']);
      const monthly = await callOk(mcp, 'performance', { period: 'monthly', tag: 'news' });
      expect(monthly).toEqual(await cli('analytics', 'performance', '--period', 'monthly', '--tag', 'news'));
    });

    it('writes journal entries and reads them back, through the tools and the CLI', async () => {
      const entry = await callOk(mcp, 'create_journal_entry', {
        date: '2026-10-05',
        tradingPlan: 'Trade the FOMC breakout only',
        emotionalState: { focus: 8 },
        tags: ['fomc'],
      });
      expect(entry).toMatchObject({ date: '2026-10-05', type: 'daily', tradingPlan: 'Trade the FOMC breakout only' });
      const changed = await callOk(mcp, 'update_journal_entry', { id: entry.id, postmarketReview: 'Took it, +1R', tags: null });
      expect(await cli('journal', 'show', entry.id)).toEqual(changed);
      expect(changed).toMatchObject({ postmarketReview: 'Took it, +1R', tags: [], emotionalState: { focus: 8 } });
      expect(await callOk(mcp, 'get_journal_entry', { id: entry.id })).toEqual(changed);
      expect(await callOk(mcp, 'list_journal_entries', { dateFrom: '2026-10-01' })).toEqual(
        await cli('journal', 'list', '--from', '2026-10-01'),
      );
      expect(await callError(mcp, 'create_journal_entry', { date: '2026-10-05' })).toMatch(/exists/);
    });

    it('sets a trade’s notes, tags and setup, and nothing else', async () => {
      const [trade] = (await cli('trades', 'list', '--status', 'open')).trades;
      const annotated = await callOk(mcp, 'annotate_trade', {
        id: trade.id,
        notes: 'Held over the earnings',
        tags: ['swing', 'earnings'],
        setupType: 'breakout',
      });
      expect(annotated).toMatchObject({ notes: 'Held over the earnings', tags: ['swing', 'earnings'], setupType: 'breakout' });
      expect(await cli('trades', 'show', trade.id)).toMatchObject(annotated);
      expect(await callError(mcp, 'annotate_trade', { id: trade.id, exitPrice: 410, notes: 'closed?' })).toBe(
        'exitPrice: is not a known field',
      );
      expect(await cli('trades', 'show', trade.id)).toMatchObject({
        status: 'open',
        exitPrice: null,
        notes: 'Held over the earnings',
      });
      const cleared = await callOk(mcp, 'annotate_trade', { id: trade.id, notes: null });
      expect(cleared).toMatchObject({ notes: null, tags: ['swing', 'earnings'] });
    });

    it('answers bad input with a tool error of one line, and offers no other write', async () => {
      expect(await callError(mcp, 'list_trades', { limit: 1000, bogus: true })).toBe(
        'limit: must be at most 100; bogus: is not a known field',
      );
      expect(await callError(mcp, 'calendar', { month: '2026-13' })).toBe('month: must be a month YYYY-MM');
      expect(await callError(mcp, 'statistics', { tz: 'Mars/Olympus' })).toBe(
        'tz: must be an IANA time zone name such as Europe/London',
      );
      expect(await callError(mcp, 'get_trade', { id: '01234567-89ab-7def-8123-456789abcdef' })).toBe('trade not found');
      for (const name of ['delete_trade', 'create_trade', 'update_trade', 'delete_journal_entry', 'create_import']) {
        await expect(mcp.client.callTool({ name, arguments: { id: 'x' } })).rejects.toThrow(`no tool named ${name}`);
      }
      // Nothing but the protocol went to stdout, and nothing at all to stderr.
      expect(mcp.errors).toEqual([]);
      expect(mcp.stderr()).toBe('');
    });

    it('offers the read tools only with --read-only, and counts days in tj’s time zone', async () => {
      const newYork = [...flags, '--tz', 'America/New_York'];
      const readOnly = await connectMcp(box, newYork, { mcpFlags: ['--read-only'] });
      try {
        const { tools } = await readOnly.client.listTools();
        expect(tools.map((t) => t.name)).toEqual(READ_TOOLS);
        expect(tools.find((t) => t.name === 'calendar')?.inputSchema.properties?.tz).toMatchObject({
          default: 'America/New_York',
        });
        const calendar = await callOk(readOnly, 'calendar', { month: '2026-11' });
        expect(calendar).toEqual(await runJson(box, [...newYork, 'analytics', 'calendar', '--month', '2026-11']));
        expect(calendar).not.toEqual(await callOk(readOnly, 'calendar', { month: '2026-11', tz: 'Asia/Tokyo' }));
      } finally {
        await readOnly.close();
      }
    });

    it('ends when the client closes stdin, having printed nothing', async () => {
      expect(await run(box, [...flags, 'mcp'])).toEqual({ code: 0, stdout: '', stderr: '' });
    });
  });
}

describe('tj mcp without a journal', () => {
  it('fails before speaking the protocol, as any command does', async () => {
    const box = await sandbox();
    try {
      const missing = join(box.dir, 'missing.db');
      expect(await run(box, ['--db', missing, 'mcp'])).toEqual({
        code: 1,
        stdout: '',
        stderr: `tj: no journal database at ${missing}: run tj init first (or pass --db)\n`,
      });
    } finally {
      await box.cleanup();
    }
  });
});

/**
 * `client.imports` against the real server: a file from disk streamed with progress, a string,
 * a dry run, the history, undo (with and without force), and the errors as TjApiError.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { isTjApiError } from '../src/index.js';
import { openFile } from '../src/node.js';
import { useServer } from './support/server.js';

const FIXTURE = fileURLToPath(new URL('../../core/test/fixtures/brokers/tradovate-fills.csv', import.meta.url));
const SCHWAB = fileURLToPath(new URL('../../../../shared/fixtures/brokers/schwab-transactions.csv', import.meta.url));
const HEADER = 'datetime,symbol,side,quantity,price,commission,fees,exec_id,account,multiplier,tags,note';
const ROUND_TRIP = `${HEADER}\n2026-02-02T14:30:00Z,ES,buy,2,5000,0,0,sdk-1,SIM,50,,\n2026-02-02T14:50:00Z,ES,sell,2,5001.5,0,0,sdk-2,SIM,50,,\n`;

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`client.imports on ${db.name}`, () => {
    const server = useServer(db);

    it('streams a file from disk with progress, and re-sending it adds nothing', async () => {
      const { client } = await server().loggedIn();
      const file = await openFile(FIXTURE);
      const seen: number[] = [];
      const record = await client.imports.create(file.body, {
        ...file.options,
        sourceTz: 'America/Chicago',
        onProgress: (n) => seen.push(n),
      });
      expect(record).toMatchObject({
        fileName: 'tradovate-fills.csv',
        format: { name: 'tradovate-fills' },
        sizeBytes: file.size,
      });
      expect(seen.at(-1)).toBe(file.size);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      const again = await client.imports.create((await openFile(FIXTURE)).body, { sourceTz: 'America/Chicago' });
      expect(again.counts.tradesCreated).toBe(0);
      const { imports, pagination } = await client.imports.list();
      expect(pagination.total).toBe(2);
      expect(imports.map((i) => i.id)).toEqual([again.id, record.id]);
      expect(await client.imports.get(record.id)).toEqual(record);
    });

    it('imports a Schwab file (no account column) into a named account; sending it again adds nothing', async () => {
      const { client } = await server().loggedIn();
      const send = async () => client.imports.create((await openFile(SCHWAB)).body, { account: 'Schwab-IRA' });
      const record = await send();
      // Buy 100 AAPL at 150, sell at 155: (155 − 150) × 100 = 500.
      expect(record.groups).toEqual([expect.objectContaining({ account: 'Schwab-IRA', instrument: 'AAPL', pnl: 500 })]);
      expect((await send()).counts).toMatchObject({ tradesCreated: 0 });
      const { trades } = await client.trades.list();
      expect(trades.map((t) => [t.account, t.instrument, t.result])).toEqual([['Schwab-IRA', 'AAPL', 500]]);
    });

    it('imports into an account, reports data rows, and refuses a header-only file as a TjApiError', async () => {
      const { client } = await server().loggedIn();
      // 3 XYZ shares bought at 20, sold at 21, no costs: 3 × (21 − 20) = 3.
      const text =
        'datetime,symbol,side,quantity,price,exec_id\n2026-03-02T15:00:00Z,XYZ,buy,3,20,k1\n2026-03-02T16:00:00Z,XYZ,sell,3,21,k2\n';
      const record = await client.imports.create(text, { account: 'SDK-Acct', fileName: 'xyz.csv' });
      expect(record.counts).toMatchObject({ rows: 2, fills: 2, tradesCreated: 1 });
      expect(record.groups).toEqual([expect.objectContaining({ account: 'SDK-Acct', instrument: 'XYZ', pnl: 3 })]);
      expect(record.sourceTzUsed).toBe(false);
      const again = await client.imports.create(text, { account: 'SDK-Acct' });
      expect(again.counts).toMatchObject({ tradesCreated: 0, duplicates: 2 });
      const refused = await client.imports
        .create('datetime,symbol,side,quantity,price\n', { fileName: 'none.csv' })
        .catch((e: unknown) => e);
      expect(isTjApiError(refused) && refused.status === 400).toBe(true);
      expect((refused as Error).message).toContain(
        'none.csv: no trades to import: the file has only a header (read as Trading journal Fills CSV)',
      );
    });

    it('sends a string, dry-runs, undoes, and refuses an edited import without force', async () => {
      const { client } = await server().loggedIn();
      const dry = await client.imports.create(ROUND_TRIP, { dryRun: true, pointValues: { ES: 50 } });
      expect(dry).toMatchObject({ dryRun: true, tradeIds: [], counts: { tradesCreated: 1 } });
      expect((await client.imports.list()).imports).toEqual([]);
      const made = await client.imports.create(ROUND_TRIP, { fileName: 'mine.csv' });
      const [tradeId] = made.tradeIds as [string];
      // 2 contracts × 1.5 points × 50 = 150.
      expect(await client.trades.get(tradeId)).toMatchObject({ result: 150, importId: made.id, account: 'SIM' });
      await client.trades.update(tradeId, { notes: 'reviewed' });
      const refused = await client.imports.undo(made.id).catch((e: unknown) => e);
      expect(isTjApiError(refused) && refused.status === 409 && refused.message.includes(tradeId)).toBe(true);
      const undone = await client.imports.undo(made.id, { force: true });
      expect(undone.undoneAt).not.toBeNull();
      const gone = await client.trades.get(tradeId).catch((e: unknown) => e);
      expect(isTjApiError(gone) && gone.status === 404).toBe(true);
      const { formats } = await client.imports.formats();
      expect(formats.map((f) => f.name)).toContain('ibkr-activity');
    });

    it('imports with a mapping, saves it as a profile that reads the next file by itself, and deletes it', async () => {
      const { client } = await server().loggedIn();
      // Naive New York times (EST, UTC-5): 10 @ 20.00 in, 10 @ 20.25 out, 0.35 commission each: 2.50 - 0.70 = 1.80.
      const blotter =
        'When,Sym,Act,Qty,Px,Comm\n2026-11-03 09:45:00,F,BOT,10,20.00,0.35\n2026-11-03 11:00:00,F,SLD,10,20.25,0.35\n';
      const mapping = { columns: { time: 'When', symbol: 'Sym', side: 'Act', quantity: 'Qty', price: 'Px', commission: 'Comm' } };
      const once = await client.imports.create(blotter, { map: mapping, sourceTz: 'America/New_York', dryRun: true });
      expect(once).toMatchObject({ format: { name: 'mapped' }, counts: { tradesCreated: 1 } });
      expect(once.groups).toEqual([
        { account: '', instrument: 'F', trades: 1, open: 0, pnl: 1.8, openRealizedPnL: 0, brokerPnl: null },
      ]);
      const pairs = await client.imports.create(blotter, {
        map: 'time=When,symbol=Sym,side=Act,quantity=Qty,price=Px,commission=Comm',
        datePattern: 'yyyy-MM-dd HH:mm:ss',
        sourceTz: 'America/New_York',
        dryRun: true,
      });
      expect(pairs.groups).toEqual(once.groups);

      const saved = await client.imports.profiles.save('sdk-blotter', mapping);
      expect(saved).toMatchObject({ name: 'sdk-blotter', columns: mapping.columns });
      expect(await client.imports.profiles.list()).toEqual({ profiles: [saved] });
      expect(await client.imports.profiles.get('sdk-blotter')).toEqual(saved);
      const record = await client.imports.create(blotter, { sourceTz: 'America/New_York' });
      expect(record).toMatchObject({ format: { name: 'sdk-blotter' }, counts: { tradesCreated: 1 } });
      const trade = await client.trades.get(record.tradeIds[0] as string);
      expect(trade).toMatchObject({ result: 1.8, entryTime: '2026-11-03T14:45:00.000Z', exitTime: '2026-11-03T16:00:00.000Z' });

      await client.imports.profiles.delete('sdk-blotter');
      const gone = await client.imports.profiles.get('sdk-blotter').catch((e: unknown) => e);
      expect(isTjApiError(gone) && gone.status === 404).toBe(true);
      const bad = await client.imports.profiles.save('tj-fills', mapping).catch((e: unknown) => e);
      expect(isTjApiError(bad) && bad.status === 400 && bad.fieldErrors[0]?.path === 'name').toBe(true);
    });
  });
}

/**
 * Commission schedules (issue 27) end to end, on SQLite and PostgreSQL: set through `tj settings`
 * (the real process, remote mode), the raw HTTP API and the SDK against the real server; files
 * without fees imported into named accounts, results net of the scheduled fees, the mark shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TjClient } from '../../client/src/index.js';
import { signUp, startTestServer, type TestServer, type TestUser } from '../../http/test/support/server.js';
import { DATABASES } from '../../../test/support/databases.js';
import { ok, run, runJson, type Sandbox, sandbox, sandboxFile, stripAnsi } from './support/cli.js';

// Tradovate Orders layout, no fees and no account: 2 ES bought at 5000.00, sold at 5010.00 (times New York).
const TRADOVATE = [
  'orderId,B/S,Contract,Product,Fill Time,avgPrice,filledQty',
  '701,Buy,ESZ6,ES,11/02/2026 09:30:00,5000.00,2',
  '702,Sell,ESZ6,ES,11/02/2026 10:00:00,5010.00,2',
].join('\n');
// Our fills CSV without commission or fees columns: order A1 in two fills (150 + 50), closed by A2.
const FILLS = [
  'datetime,symbol,side,quantity,price,order_id',
  '2026-11-02T14:30:00Z,AAPL,buy,150,190.00,A1',
  '2026-11-02T14:30:01Z,AAPL,buy,50,190.20,A1',
  '2026-11-02T15:00:00Z,AAPL,sell,200,191.00,A2',
].join('\n');

for (const db of DATABASES) {
  describe.skipIf(!db.available)(
    `commission schedules through the CLI, the API and the SDK on ${db.name}`,
    { timeout: 120_000 },
    () => {
      let box: Sandbox;
      let srv: TestServer;
      let ann: TestUser;
      let client: TjClient;
      beforeAll(async () => {
        box = await sandbox();
        srv = await startTestServer(db);
        ann = await signUp(srv.url, 'ann');
        client = createClient({ baseUrl: srv.url });
        await client.auth.login({ email: ann.email, password: ann.password });
        await ok(box, ['login', '--server', srv.url, '--email', ann.email, '--password', ann.password]);
      });
      afterAll(async () => {
        await srv?.close();
        await box?.cleanup();
      });
      const api = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${srv.url}${path}`, {
          method,
          headers: { ...ann.auth, ...(body !== undefined && { 'content-type': 'application/json' }) },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        });
        return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as any };
      };

      it('declares the schedule, the mark and the count in the OpenAPI document', async () => {
        const doc = (await (await fetch(`${srv.url}/api/openapi.json`)).json()) as any;
        const schemas = doc.components.schemas;
        expect(Object.keys(schemas.CommissionSchedule.properties).sort()).toEqual([
          'minimum',
          'perContract',
          'perOrder',
          'perShare',
        ]);
        expect(schemas.Trade.properties.feesFromSchedule.type).toBe('boolean');
        expect(schemas.Trade.required).toContain('feesFromSchedule');
        expect(schemas.Import.properties.counts.properties.scheduledFees.type).toBe('integer');
      });

      it('sets a per-contract schedule with tj settings, and refuses bad flags with exit 2', async () => {
        const text = stripAnsi(
          await ok(box, [
            'settings',
            'set',
            '--account',
            'Tradovate-1',
            '--commission-per-contract',
            '1.29',
            '--commission-minimum',
            '0',
          ]),
        );
        expect(text).toMatch(/account Tradovate-1/);
        expect(text).toMatch(/Commission schedule +│ 1\.29\/contract, min 0\.00/);
        const bad = await run(box, ['settings', 'set', '--commission-per-share', '-1']);
        expect(bad).toMatchObject({
          code: 2,
          stderr: 'tj: --commission-per-share takes an amount of money (0 or more) or off, not "-1"\n',
        });
        const both = await run(box, ['settings', 'set', '--commission', 'off', '--commission-per-order', '1']);
        expect(both).toMatchObject({ code: 2, stderr: 'tj: --commission off does not go with the other --commission-… flags\n' });
        expect((await api('GET', '/api/settings')).body.accounts['Tradovate-1'].commission).toEqual({
          perShare: null,
          perContract: 1.29,
          perOrder: null,
          minimum: 0,
        });
      });

      it('imports a Tradovate Orders file with the scheduled fees, shows them as such, and re-imports nothing', async () => {
        const path = await sandboxFile(box, 'orders.csv', `${TRADOVATE}\n`);
        const args = ['import', path, '--account', 'Tradovate-1', '--source-tz', 'America/New_York'];
        const first = await run(box, args);
        expect(first.code).toBe(0);
        expect(first.stdout).toContain('Imported: 1 trade created, 0 updated; 2 fills with fees from the commission schedule.');
        expect(first.stderr).toContain('2 fills took their commission from the commission schedule (tj settings)');
        const { trades } = await api('GET', '/api/trades?account=Tradovate-1').then((r) => r.body);
        // 2 contracts × 1.29 = 2.58 per order (above the 0 minimum), 2 orders = 5.16;
        // gross (5010 − 5000) × 2 × 50 = 1,000.00; net 994.84.
        expect(trades).toMatchObject([{ instrument: 'ESZ6', fees: 5.16, result: 994.84, feesFromSchedule: true }]);
        const shown = stripAnsi(await ok(box, ['trades', 'show', trades[0].id]));
        expect(shown).toMatch(/Fees +│ 5\.16 \(commission schedule\)/);
        const list = stripAnsi(await ok(box, ['trades', 'list']));
        expect(list).toMatch(/994\.84\*/);
        expect(list).toContain('* fees from the commission schedule (the imported file stated none)');
        const again = await run(box, args);
        expect(again.stdout).toContain('Imported: 0 trades created, 0 updated; 2 already imported (skipped).');
        expect((await runJson(box, ['trades', 'list'])).trades).toHaveLength(1);
        const { imports } = (await api('GET', '/api/imports')).body;
        expect(imports.map((i: any) => i.counts.scheduledFees).sort()).toEqual([0, 2]);
      });

      it('takes a schedule PATCHed through the API and imports through the SDK, split by quantity with a minimum', async () => {
        const patched = await api('PATCH', '/api/settings', {
          accounts: { 'Schwab-IRA': { commission: { perShare: 0.003, minimum: 1 } } },
        });
        expect(patched.status).toBe(200);
        expect(patched.body.accounts['Schwab-IRA'].commission).toEqual({
          perShare: 0.003,
          perContract: null,
          perOrder: null,
          minimum: 1,
        });
        const refused = await api('PATCH', '/api/settings', { commission: { perShare: -0.01 } });
        expect(refused.status).toBe(400);
        expect(refused.type).toContain('application/problem+json');
        expect(refused.body.code).toBe('validation_failed');
        const record = await client.imports.create(FILLS, { sourceTz: 'UTC', account: 'Schwab-IRA', fileName: 'fills.csv' });
        expect(record.counts).toMatchObject({ tradesCreated: 1, scheduledFees: 3 });
        const { trades } = await client.trades.list({ account: 'Schwab-IRA' });
        // A1: 200 × 0.003 = 0.60, raised to the 1.00 minimum, split 150 : 50 → 0.75 + 0.25; A2: 0.60 → 1.00.
        // Gross 200 × 191 − (150 × 190 + 50 × 190.20) = 38,200 − 38,010 = 190; net 190 − 2.00 = 188.
        expect(trades).toMatchObject([{ instrument: 'AAPL', fees: 2, result: 188, feesFromSchedule: true }]);
        // The SDK's Trade type carries the mark (checked by the test typecheck).
        const mark: boolean | undefined = trades[0]?.feesFromSchedule;
        expect(mark).toBe(true);
        const one = await client.trades.get(trades[0]?.id as string);
        expect(one.executions?.map((e) => e.commission)).toEqual([0.75, 0.25, 1]);
        const again = await client.imports.create(FILLS, { sourceTz: 'UTC', account: 'Schwab-IRA' });
        expect(again.counts).toMatchObject({ tradesCreated: 0, duplicates: 3, scheduledFees: 0 });
        // An account without a schedule (nor one of the user): the file's fees, none.
        const plain = await client.imports.create(FILLS, { sourceTz: 'UTC', account: 'Cash' });
        expect(plain.counts.scheduledFees).toBe(0);
        const cash = await client.trades.list({ account: 'Cash' });
        expect(cash.trades).toMatchObject([{ fees: 0, result: 190, feesFromSchedule: false }]);
        // tj settings get shows the rate with its own decimals (0.003, not 0.00).
        expect(stripAnsi(await ok(box, ['settings', 'get']))).toMatch(/Commission schedule +│ 0\.003\/share, min 1\.00/);
        // Dropping the schedule through the SDK does not rewrite stored trades.
        const dropped = await client.settings.update({ accounts: { 'Schwab-IRA': { commission: null } } });
        expect(dropped.accounts['Schwab-IRA']?.commission).toBeNull();
        expect((await client.trades.list({ account: 'Schwab-IRA' })).trades).toMatchObject([
          { result: 188, feesFromSchedule: true },
        ]);
      });
    },
  );
}

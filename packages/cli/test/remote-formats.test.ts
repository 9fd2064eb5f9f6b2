/**
 * The CLI reads formats through the API like any client: against a server that embeds a format
 * of its own (`formats` of the server config, `createCore({ formats })`), `tj import --list-formats`
 * lists it and `tj import --format` takes it, in remote mode.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myBrokerFills } from '../../../test/docs/my-broker-format.js';
import { signUp, startTestServer, type TestServer } from '../../http/test/support/server.js';
import { ok, run, runJson, type Sandbox, sandbox, sandboxFile } from './support/cli.js';

let box: Sandbox;
let srv: TestServer;

beforeAll(async () => {
  box = await sandbox();
  srv = await startTestServer(undefined, { formats: [myBrokerFills] });
  const ann = await signUp(srv.url, 'ann');
  await ok(box, ['login', '--server', srv.url, '--email', ann.email, '--password', ann.password]);
});
afterAll(async () => {
  await srv?.close();
  await box?.cleanup();
});

describe('formats a server adds, from the CLI in remote mode', { timeout: 60_000 }, () => {
  it('are listed by tj import --list-formats and taken by tj import --format', async () => {
    const listed = await runJson(box, ['import', '--list-formats']);
    expect(listed.formats.map((f: { name: string }) => f.name)).toContain('mybroker-fills');
    const file = await sandboxFile(
      box,
      'fills.csv',
      'When,Ticker,Action,Shares,Fill,Commission\n2026-11-02 09:30:00,AAPL,Buy,100,190.00,1.00\n2026-11-02 10:15:00,AAPL,Sell,100,195.50,1.00\n',
    );
    const r = await run(box, ['import', file, '--format', 'mybroker-fills', '--source-tz', 'America/New_York']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('My Broker Fills');
    const trades = await runJson(box, ['trades', 'list']);
    expect(trades.trades).toHaveLength(1);
    expect(trades.trades[0]).toMatchObject({ instrument: 'AAPL', result: 548 });
    const unknown = await run(box, ['import', join(box.dir, 'fills.csv'), '--format', 'nobroker-fills']);
    expect(unknown.code).toBe(2);
  });
});

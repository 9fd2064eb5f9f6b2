import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, initDatabase, ok, run, runJson, type Sandbox, sandbox, sandboxFile } from './support/cli.js';
import { callError, callOk, connectMcp } from './support/mcp.js';

const TRADES = `instrument,direction,entryPrice,positionSize,entryTime,stopLoss,setupType,fees,multiplier,exitPrice,exitTime
ES,long,5000,1,2026-10-05T14:30:00Z,4990,breakout,4.2,50,5010,2026-10-05T15:00:00Z
NQ,short,18000,1,2026-10-20T14:30:00Z,18050,fade,2,20,18100,2026-10-20T16:00:00Z
`;

let box: Sandbox;
let local: string[] = [];
let serve: ChildProcess | undefined;
let server = '';

/** Starts `tj serve` on the sandbox's database and answers its URL once it says it serves. */
function startServe(flags: string[]): Promise<string> {
  const child = spawn(process.execPath, [BIN, ...flags, 'serve', '--port', '0'], { env: box.env, cwd: box.dir });
  serve = child;
  child.stdout.resume();
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      const m = /serving (http:\/\/\S+) on /.exec(stderr);
      if (m) resolve(m[1] as string);
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
}

/** A new API key of the journal's user with `scopes`. */
async function apiKey(scopes: string): Promise<string> {
  return (await runJson(box, [...local, 'keys', 'create', '--name', `mcp ${scopes}`, '--scopes', scopes])).key;
}

beforeAll(async () => {
  box = await sandbox();
  local = await initDatabase(box, join(box.dir, 'served.db'), ['--tz', 'UTC']);
  await ok(box, [...local, 'import', await sandboxFile(box, 'trades.csv', TRADES)]);
  server = await startServe(local);
});
afterAll(async () => {
  if (serve && serve.exitCode === null) {
    const exited = new Promise((resolve) => serve?.once('exit', resolve));
    serve.kill('SIGTERM');
    await exited;
  }
  await box?.cleanup();
});

describe('tj mcp through a real tj serve with an API key', { timeout: 120_000 }, () => {
  it('reads the server’s journal and writes notes and journal entries to it', async () => {
    const key = await apiKey('read,write');
    const mcp = await connectMcp(box, ['--tz', 'UTC'], { env: { TJ_SERVER: server, TJ_API_KEY: key } });
    try {
      expect((await mcp.client.listTools()).tools).toHaveLength(11);
      const stats = await callOk(mcp, 'statistics');
      expect(stats).toEqual(await runJson(box, [...local, 'stats']));
      expect(stats).toMatchObject({ totalTrades: 2, wins: 1, losses: 1 });
      const { trades } = await callOk(mcp, 'list_trades', { setup: 'fade' });
      expect(trades.map((t: { instrument: string }) => t.instrument)).toEqual(['NQ']);
      const annotated = await callOk(mcp, 'annotate_trade', { id: trades[0].id, notes: 'Faded too early', tags: ['early'] });
      expect(await runJson(box, [...local, 'trades', 'show', trades[0].id])).toMatchObject({
        notes: 'Faded too early',
        tags: ['early'],
        updatedAt: annotated.updatedAt,
      });
      const entry = await callOk(mcp, 'create_journal_entry', { date: '2026-10-20', postmarketReview: 'Wait for the reversal' });
      expect(await runJson(box, [...local, 'journal', 'show', entry.id])).toEqual(entry);
      expect(mcp.errors).toEqual([]);
      expect(mcp.stderr()).toBe('');
    } finally {
      await mcp.close();
    }
    // The key acts as its user for every command, not only tj mcp.
    const env = { TJ_SERVER: server, TJ_API_KEY: key };
    expect(await runJson(box, ['whoami'], env)).toMatchObject({
      mode: 'remote',
      where: server,
      user: { email: 'ann@example.com' },
    });
  });

  it('answers a write beyond the key’s scopes, and a revoked key, as tool errors', async () => {
    const readOnly = await apiKey('read');
    const mcp = await connectMcp(box, [], { env: { TJ_SERVER: server, TJ_API_KEY: readOnly } });
    try {
      const { trades } = await callOk(mcp, 'list_trades');
      const refused = await callError(mcp, 'annotate_trade', { id: trades[0].id, notes: 'no' });
      expect(refused).toMatch(/scope/);
      expect(refused).not.toContain('\n');
      const keys = await runJson(box, [...local, 'keys', 'list']);
      const id = keys.keys.find((k: { name: string }) => k.name === 'mcp read').id;
      await ok(box, [...local, 'keys', 'revoke', id]);
      const revoked = await callError(mcp, 'statistics', {});
      expect(revoked).not.toContain('\n');
      expect(revoked).not.toContain(readOnly);
      expect(revoked).not.toMatch(/tj login/);
    } finally {
      await mcp.close();
    }
  });

  it('needs TJ_SERVER beside TJ_API_KEY: a usage error before the protocol starts', async () => {
    expect(await run(box, ['mcp'], { env: { TJ_API_KEY: 'tj_live_x' } })).toEqual({
      code: 2,
      stdout: '',
      stderr: "tj: TJ_API_KEY needs TJ_SERVER, the server's http(s) URL (such as https://journal.example.com)\n",
    });
  });
});

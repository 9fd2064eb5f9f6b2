/**
 * `tj bars fetch` through a server: `tj serve` (a real process, its TJ_DATABENTO_URL pointing at a
 * local server replaying Databento's recorded answers) and the CLI in remote mode with an API key.
 * The provider key travels in the request body to the server, is used there, and appears in no
 * output and no answer.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReplayServer, startReplayServer } from '../../core/test/providers/replay-server.js';
import { BIN, initDatabase, run, runJson, type Sandbox, sandbox } from './support/cli.js';

const FIXTURES = resolve(import.meta.dirname, '../../core/test/fixtures/providers');
const KEY = 'db-REMOTESECRET0123456789abcdefgh';

let box: Sandbox;
let replay: ReplayServer;
let serve: ChildProcess | undefined;
let remote: Record<string, string> = {};
/** Everything `tj serve` wrote (its access log on stdout, its notes on stderr). */
let served = '';

/** Starts `tj serve` on the sandbox's database and answers its URL once it says it serves. */
function startServe(flags: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, [BIN, ...flags, 'serve', '--port', '0'], { env, cwd: box.dir });
  serve = child;
  child.stdout.on('data', (d: Buffer) => {
    served += d.toString();
  });
  return new Promise((done, fail) => {
    child.stderr.on('data', (d: Buffer) => {
      served += d.toString();
      const m = /serving (http:\/\/\S+) on /.exec(served);
      if (m) done(m[1] as string);
    });
    child.on('exit', (code) => fail(new Error(`serve exited ${code}: ${served}`)));
  });
}

beforeAll(async () => {
  box = await sandbox();
  replay = await startReplayServer(FIXTURES);
  const local = await initDatabase(box, join(box.dir, 'served.db'), ['--tz', 'UTC']);
  const key = (await runJson(box, [...local, 'keys', 'create', '--name', 'bars', '--scopes', 'write'])).key as string;
  const url = await startServe(local, { ...box.env, TJ_DATABENTO_URL: replay.baseUrl });
  remote = { TJ_SERVER: url, TJ_API_KEY: key };
});
afterAll(async () => {
  if (serve && serve.exitCode === null) {
    const exited = new Promise((done) => serve?.once('exit', done));
    serve.kill('SIGTERM');
    await exited;
  }
  await replay?.close();
  await box?.cleanup();
});

describe('tj bars fetch through a server', { timeout: 120_000 }, () => {
  it('fetches through the server with the key from the environment, once', async () => {
    const args = [
      'bars',
      'fetch',
      '--provider',
      'databento',
      '--instrument',
      'ESZ6',
      '--from',
      '2026-11-02T14:30:00Z',
      '--to',
      '2026-11-02T14:35:00Z',
    ];
    replay.script({ status: 200, file: 'databento/ohlcv-1m-esz6-1430.csv' });
    const first = await run(box, args, { env: { ...remote, DATABENTO_API_KEY: KEY } });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Fetched 1 stretch of 1m bars from databento: 4 bars received, 4 new.');
    expect(replay.requests).toHaveLength(1);
    expect(replay.requests[0]?.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`);
    const again = await runJson(box, args, { ...remote, DATABENTO_API_KEY: KEY });
    expect(again).toMatchObject({ stretches: [], written: 0 });
    expect(replay.requests).toHaveLength(1);

    replay.script({ status: 401, file: 'databento/unauthorized.json' });
    const refused = await run(box, [...args.slice(0, 6), '--from', '2026-11-03', '--to', '2026-11-03'], {
      env: { ...remote, DATABENTO_API_KEY: KEY },
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('bar provider databento: the service refused access (HTTP 401)');
    expect(first.stdout + first.stderr + refused.stdout + refused.stderr).not.toContain(KEY);
    // The server's log has the three requests, and nothing of the key.
    expect(served.match(/\/api\/bars\/fetch/g)?.length).toBeGreaterThanOrEqual(3);
    expect(served).not.toContain(KEY);
  });
});

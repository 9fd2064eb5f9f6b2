/**
 * `tj bars fetch` through the built CLI process on SQLite and PostgreSQL, with TJ_DATABENTO_URL /
 * TJ_POLYGON_URL pointing at a local server replaying the providers' recorded answers
 * (packages/core/test/fixtures/providers): the key from the environment only, bars stored once,
 * a refused key in one line without the key.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { type ReplayServer, startReplayServer } from '../../core/test/providers/replay-server.js';
import { describeBrokerImport } from './support/broker-import.js';
import { run, runJson } from './support/cli.js';

const FIXTURES = resolve(import.meta.dirname, '../../core/test/fixtures/providers');
const KEY = 'db-CLISECRET0123456789abcdefghijk';
const ES = [
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

let replay: ReplayServer;
beforeAll(async () => {
  replay = await startReplayServer(FIXTURES);
});
afterAll(async () => replay.close());
beforeEach(() => {
  replay.requests.length = 0;
});

describeBrokerImport('bars fetched from providers', ({ freshDb, box }) => {
  const env = (extra: Record<string, string> = {}) => ({
    ...box().env,
    TJ_DATABENTO_URL: replay.baseUrl,
    TJ_POLYGON_URL: replay.baseUrl,
    ...extra,
  });

  it('reads the key from the environment only: without it, a usage error (exit 2) saying which variable', async () => {
    const flags = await freshDb();
    const none = await run(box(), [...flags, ...ES], { env: env() });
    expect(none.code).toBe(2);
    expect(none.stderr.trim()).toBe(
      'tj: set DATABENTO_API_KEY to your databento API key (keys are read from the environment, never from a flag)',
    );
    const bad = await run(box(), [...flags, ...ES, '--key-env', 'MY KEY'], { env: env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--key-env takes the name of an environment variable');
    expect(replay.requests).toHaveLength(0);
  });

  it('fetches an instrument’s bars once; run again it fetches nothing', async () => {
    const flags = await freshDb();
    replay.script({ status: 200, file: 'databento/ohlcv-1m-esz6-1430.csv' });
    const first = await run(box(), [...flags, ...ES], { env: env({ DATABENTO_API_KEY: KEY }) });
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(
      'Fetched 1 stretch of 1m bars from databento: 4 bars received, 4 new.\n  ESZ6  2026-11-02 14:30 → 2026-11-02 14:35  4 bars\n',
    );
    expect(replay.requests[0]?.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`);
    const again = await runJson(box(), [...flags, ...ES, '--key-env', 'OTHER_KEY'], env({ OTHER_KEY: KEY }));
    expect(again).toMatchObject({ provider: 'databento', stretches: [], received: 0, written: 0 });
    expect(replay.requests).toHaveLength(1);
  });

  it('a refused key is one line naming the provider, never the key (exit 1)', async () => {
    const flags = await freshDb();
    replay.script({ status: 401, file: 'databento/unauthorized.json' });
    const refused = await run(box(), [...flags, ...ES], { env: env({ DATABENTO_API_KEY: KEY }) });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toContain('bar provider databento: the service refused access (HTTP 401): Authentication failed.');
    expect(refused.stdout + refused.stderr).not.toContain(KEY);
  });

  it('--trades with no closed trade asks nothing; flags of --trades alone are refused without it', async () => {
    const flags = await freshDb();
    const none = await run(box(), [...flags, 'bars', 'fetch', '--provider', 'polygon', '--trades', '--asset-class', 'option'], {
      env: env({ POLYGON_API_KEY: 'pk_cli' }),
    });
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('Nothing to fetch for 0 closed trades: your bars already cover it (1m).\n');
    const mixed = await run(box(), [...flags, ...ES, '--padding', '5'], { env: env({ DATABENTO_API_KEY: KEY }) });
    expect(mixed.code).toBe(2);
    expect(replay.requests).toHaveLength(0);
  });
});

/**
 * `tj bars` through the built CLI process: a local journal on SQLite and PostgreSQL (import, a
 * re-import that adds nothing, an overlapping file merged, list, delete, a bad row and bad flags
 * refused with one line), and a server after `tj login` (the same commands through the API).
 */
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer, type TestUser } from '../../http/test/support/server.js';
import { describeBrokerImport } from './support/broker-import.js';
import { ok, run, runJson, type Sandbox, sandbox } from './support/cli.js';

const fixture = (name: string) => resolve(import.meta.dirname, '../../core/test/fixtures/bars', name);

describeBrokerImport('bars', ({ freshDb, box }) => {
  it('imports a generic CSV, adds nothing the second time, merges an overlapping file, lists and deletes', async () => {
    const flags = await freshDb();
    const first = await run(box(), [...flags, 'bars', 'import', fixture('generic.csv'), '--instrument', 'ESZ6']);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      '5 bars of ESZ6 (1m, 2026-11-02T14:30:00.000Z to 2026-11-02T14:34:00.000Z) read from generic.csv as generic-csv; 5 new bars stored.',
    );
    const again = await runJson(box(), [...flags, 'bars', 'import', fixture('generic.csv'), '--instrument', 'ESZ6']);
    expect(again).toMatchObject({ received: 5, written: 0, conflicts: 0 });
    // 14:33 equal, 14:34 differs (the held bar kept), 14:35–14:37 new.
    const merged = await run(box(), [...flags, 'bars', 'import', fixture('generic-overlap.csv'), '--instrument', 'ESZ6']);
    expect(merged.stdout).toContain('3 new bars stored.');
    expect(merged.stderr).toContain('1 bar already held with other prices or volume: the held bar was kept');
    const list = await run(box(), [...flags, 'bars', 'list']);
    expect(list.stdout).toMatch(/ESZ6 +│ 1m +│ +8 │ 2026-11-02T14:30:00.000Z │ 2026-11-02T14:37:00.000Z/);
    expect(await runJson(box(), [...flags, 'bars', 'delete', '--instrument', 'ESZ6', '--timeframe', '1m'])).toEqual({
      deleted: 8,
    });
    expect((await run(box(), [...flags, 'bars', 'list'])).stdout).toContain('No bars: tj bars import FILE --instrument ES');
  });

  it('reads MetaTrader 5 server times with --source-tz, and refuses a bad row, naive times without a zone and bad flags', async () => {
    const flags = await freshDb();
    const mt5 = await runJson(box(), [
      ...flags,
      'bars',
      'import',
      fixture('metatrader5.csv'),
      '--instrument',
      'US500',
      '--source-tz',
      'Europe/Athens',
    ]);
    // 16:30 EET (UTC+2) → 14:30Z.
    expect(mt5).toMatchObject({ format: 'metatrader5', timeframe: '15m', written: 3, from: '2026-11-02T14:30:00.000Z' });
    const bad = await run(box(), [...flags, 'bars', 'import', fixture('generic-bad-row.csv'), '--instrument', 'NQ']);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('generic-bad-row.csv: line 4: low 5003.25 is above high 5001 (nothing was imported)');
    const naive = await run(box(), [...flags, 'bars', 'import', fixture('generic-naive.csv'), '--instrument', 'NQ']);
    expect(naive.code).toBe(1);
    expect(naive.stderr).toContain('--source-tz');
    const noInstrument = await run(box(), [...flags, 'bars', 'import', fixture('generic.csv')]);
    expect(noInstrument).toMatchObject({ code: 2 });
    expect(noInstrument.stderr).toContain('--instrument ES');
    expect(
      (await run(box(), [...flags, 'bars', 'import', fixture('generic.csv'), '--instrument', 'NQ', '--timeframe', '2m'])).code,
    ).toBe(2);
    // A timeframe the file contradicts (bars one minute apart given as 5m) names the line that shows it.
    const tight = await run(box(), [
      ...flags,
      'bars',
      'import',
      fixture('generic.csv'),
      '--instrument',
      'NQ',
      '--timeframe',
      '5m',
    ]);
    expect(tight.code).toBe(1);
    expect(tight.stderr).toContain('less than one timeframe after');
    const missing = await run(box(), [...flags, 'bars', 'import', join(box().dir, 'nope.csv'), '--instrument', 'NQ']);
    expect(missing.code).toBe(1);
    expect((await runJson(box(), [...flags, 'bars', 'list'])).series.map((s: { instrument: string }) => s.instrument)).toEqual([
      'US500',
    ]);
  });
});

describe('tj bars against a server', { timeout: 120_000 }, () => {
  let remote: Sandbox;
  let srv: TestServer;
  let ann: TestUser;
  beforeAll(async () => {
    remote = await sandbox();
    srv = await startTestServer();
    ann = await signUp(srv.url, 'bars-ann');
    await ok(remote, ['login', '--server', srv.url, '--email', ann.email, '--password', ann.password]);
  });
  afterAll(async () => {
    await srv?.close();
    await remote?.cleanup();
  });

  it('imports a TradingView export through the API, lists and deletes it', async () => {
    const r = await runJson(remote, ['bars', 'import', fixture('tradingview-unix.csv'), '--instrument', 'ES']);
    expect(r).toMatchObject({ format: 'tradingview', timeframe: '5m', written: 4 });
    const held = await (await fetch(`${srv.url}/api/bars`, { headers: ann.auth })).json();
    expect(held).toEqual({
      series: [
        { instrument: 'ES', timeframe: '5m', count: 4, first: '2026-11-02T14:30:00.000Z', last: '2026-11-02T14:45:00.000Z' },
      ],
    });
    expect(await runJson(remote, ['bars', 'delete', '--instrument', 'ES'])).toEqual({ deleted: 4 });
  });
});

import { spawn } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer, type TestUser } from '../../http/test/support/server.js';
import { BIN, ok, run, runJson, type Sandbox, sandbox } from './support/cli.js';

let box: Sandbox;
let srv: TestServer;
let ann: TestUser;
let credentialsFile = '';

beforeAll(async () => {
  box = await sandbox();
  srv = await startTestServer();
  ann = await signUp(srv.url, 'ann');
  credentialsFile = join(box.env.XDG_CONFIG_HOME as string, 'trading-journal', 'credentials.json');
});
afterAll(async () => {
  await srv?.close();
  await box?.cleanup();
});

const readCredentials = async () => JSON.parse(await readFile(credentialsFile, 'utf8'));

async function api(path: string): Promise<any> {
  const res = await fetch(`${srv.url}${path}`, { headers: ann.auth });
  return res.json();
}

describe('remote mode against a real server', { timeout: 120_000 }, () => {
  it('logs in, keeping the tokens in a 0600 file and printing none of them', async () => {
    const wrong = await run(box, ['login', '--server', srv.url, '--email', ann.email, '--password', 'not the password']);
    expect(wrong).toMatchObject({ code: 1, stderr: 'tj: email or password is wrong\n' });
    const r = await run(box, ['login', '--server', `${srv.url}/`, '--email', ann.email, '--password', ann.password]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Logged in to ${srv.url} as ann <${ann.email}>`);
    const saved = await readCredentials();
    expect(saved).toMatchObject({
      server: srv.url,
      email: ann.email,
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    expect(r.stdout + r.stderr).not.toContain(saved.accessToken);
    expect(r.stdout + r.stderr).not.toContain(saved.refreshToken);
    expect(r.stdout + r.stderr).not.toContain(ann.password);
    expect((await stat(credentialsFile)).mode & 0o777).toBe(0o600);
    expect(await runJson(box, ['whoami'])).toMatchObject({ mode: 'remote', where: srv.url, user: { email: ann.email } });
  });

  it('works on trades, stats, dashboard and analytics through the API', async () => {
    const t = await runJson(box, [
      'trades',
      'add',
      '--instrument',
      'ES',
      '--direction',
      'short',
      '--entry-price',
      '5000',
      '--size',
      '1',
      '--multiplier',
      '50',
      '--stop',
      '5010',
      '--entry-time',
      '2026-11-02T14:30:00Z',
    ]);
    expect((await api('/api/trades')).trades.map((x: { id: string }) => x.id)).toEqual([t.id]);
    expect(
      await runJson(box, ['trades', 'close', t.id, '--exit-price', '4990', '--exit-time', '2026-11-02T15:00:00Z']),
    ).toMatchObject({ result: 500, rMultiple: 1 });
    expect(await runJson(box, ['trades', 'edit', t.id, '--tags', 'fomc'])).toMatchObject({ tags: ['fomc'] });
    expect((await runJson(box, ['trades', 'list'])).trades).toHaveLength(1);
    expect(await ok(box, ['trades', 'show', t.id])).toMatch(/Result +│ 500\.00/);
    // Lists show short ids (the id's last 10 hex digits), which every command takes.
    const short = (await ok(box, ['trades', 'list'])).match(/│ ([0-9a-f]{10}) +│/)?.[1] as string;
    expect(t.id.endsWith(short)).toBe(true);
    expect((await runJson(box, ['trades', 'show', short])).id).toBe(t.id);
    expect(await runJson(box, ['stats'])).toMatchObject({ totalTrades: 1, totalPnL: 500 });
    expect(await runJson(box, ['accounts', 'list'])).toEqual(await api('/api/accounts'));
    expect((await api('/api/accounts')).accounts).toMatchObject([{ account: null, trades: 1, totalPnL: 500 }]);
    const d = await runJson(box, ['--tz', 'UTC', 'dashboard']);
    expect(d.equityCurve).toEqual([{ date: '2026-11-02', equity: 500 }]);
    expect((await runJson(box, ['analytics', 'by-category', '--category', 'tag'])).categories[0]).toMatchObject({
      name: 'fomc',
      totalPnL: 500,
    });
    expect((await runJson(box, ['analytics', 'r-distribution'])).count).toBe(1);
    const missing = await run(box, ['trades', 'show', '01234567-89ab-7def-8123-456789abcdef']);
    expect(missing).toMatchObject({ code: 1, stderr: 'tj: trade not found\n' });
    const invalid = await run(box, [
      'trades',
      'add',
      '--instrument',
      'ES',
      '--direction',
      'long',
      '--entry-price',
      '-1',
      '--size',
      '1',
    ]);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toBe('tj: --entry-price: must be greater than 0 (at least 0.000000000001)\n');
    expect(await runJson(box, ['trades', 'delete', t.id, '--yes'])).toEqual({ deleted: t.id });
    expect((await api('/api/trades')).trades).toEqual([]);
  });

  it('works on the journal, alerts and webhooks through the API, and exports', async () => {
    const e = await runJson(box, ['journal', 'add', '--date', '2026-11-20', '--energy', '7', '--plan', 'Fade']);
    expect((await api('/api/journal')).entries.map((x: { id: string }) => x.id)).toEqual([e.id]);
    expect((await runJson(box, ['journal', 'list'])).entries).toHaveLength(1);
    const a = await runJson(box, ['alerts', 'add', '--name', 'Tilt', '--type', 'maxConsecutiveLosses', '--threshold', '3']);
    expect((await runJson(box, ['alerts', 'list'])).alerts.map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect(await runJson(box, ['alerts', 'disable', a.id.slice(0, 8)])).toMatchObject({ id: a.id, active: false });
    expect(await runJson(box, ['alerts', 'events', a.id.slice(0, 8)])).toMatchObject({ events: [], pagination: { total: 0 } });
    const h = await runJson(box, ['webhooks', 'add', '--url', 'https://example.com/hook', '--events', 'trade.closed']);
    expect(h).toMatchObject({ url: 'https://example.com/hook', events: ['trade.closed'], secret: expect.any(String) });
    expect((await runJson(box, ['webhooks', 'list'])).webhooks).toHaveLength(1);
    expect(await runJson(box, ['webhooks', 'remove', h.id])).toEqual({ deleted: h.id });
    const csv = await ok(box, ['export', 'journal']);
    expect(csv.split('\n')).toHaveLength(3);
  });

  it('imports through the API: the server detects the broker file, re-importing adds nothing, --db still imports locally', async () => {
    const fixture = join(import.meta.dirname, '../../core/test/fixtures/brokers/tradovate-fills.csv');
    const before = (await api('/api/trades?limit=1')).pagination.total;
    const first = await runJson(box, ['import', fixture, '--source-tz', 'America/Chicago']);
    expect(first).toMatchObject({
      format: { name: 'tradovate-fills' },
      fileName: 'tradovate-fills.csv',
      sourceTz: 'America/Chicago',
    });
    expect(first.counts.tradesCreated).toBeGreaterThan(0);
    expect((await api('/api/trades?limit=1')).pagination.total).toBe(before + first.counts.tradesCreated);
    expect((await api(`/api/imports/${first.id}`)).tradeIds).toEqual(first.tradeIds);
    const again = await run(box, ['import', fixture, '--source-tz', 'America/Chicago']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^Detected: Tradovate Fills, \d+ rows/);
    expect((await api('/api/trades?limit=1')).pagination.total).toBe(before + first.counts.tradesCreated);
    const dry = await runJson(box, ['import', fixture, '--dry-run']);
    expect(dry).toMatchObject({ dryRun: true, tradeIds: [] });
    // A blotter no format knows, naive New York times (EST): 100 @ 10.00 in, 100 @ 10.40 out, 1.00
    // commission each side: 40.00 - 2.00 = 38.00.
    const blotter = join(box.dir, 'blotter.csv');
    await writeFile(
      blotter,
      'Time,Ticker,Side,Qty,Px,Fee\n2026-11-03 09:40:00,XYZ,B,100,10.00,1\n2026-11-03 09:55:00,XYZ,S,100,10.40,1\n',
    );
    const pairs = 'time=Time,symbol=Ticker,side=Side,quantity=Qty,price=Px,commission=Fee';
    const mapped = await run(box, [
      'import',
      blotter,
      '--map',
      pairs,
      '--source-tz',
      'America/New_York',
      '--save-profile',
      'xyz-blotter',
    ]);
    expect(mapped.code, mapped.stderr).toBe(0);
    expect(mapped.stdout).toMatch(/^Format \(--map\): Mapped CSV from --map, 2 rows, times in America\/New_York \(--source-tz\)/);
    expect(mapped.stderr).toContain('Saved the mapping as "xyz-blotter"');
    const profiles = await api('/api/imports/profiles');
    expect(profiles.profiles.map((p: { name: string }) => p.name)).toEqual(['xyz-blotter']);
    const byProfile = await runJson(box, ['import', blotter, '--source-tz', 'America/New_York']);
    expect(byProfile).toMatchObject({ format: { name: 'xyz-blotter' }, counts: { tradesCreated: 0, duplicates: 2 } });
    const xyz = (await api('/api/trades?instrument=XYZ')).trades;
    expect(xyz).toMatchObject([{ result: 38, entryTime: '2026-11-03T14:40:00.000Z' }]);
    expect((await runJson(box, ['imports', 'profiles', 'list'])).profiles).toHaveLength(1);
    expect(await runJson(box, ['imports', 'profiles', 'delete', 'xyz-blotter'])).toEqual({ deleted: 'xyz-blotter' });
    expect((await api('/api/imports/profiles')).profiles).toEqual([]);
    const bad = join(box.dir, 'bad.csv');
    await writeFile(bad, 'foo,bar\n1,2\n');
    const refused = await run(box, ['import', bad]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^tj: /);
    const local = await run(box, ['--db', join(box.dir, 'none.db'), 'trades', 'list']);
    expect(local.stderr).toContain('no journal database at');
  });

  it('writes rotated tokens back to the credentials file', async () => {
    const before = await readCredentials();
    await writeFile(credentialsFile, JSON.stringify({ ...before, expiresAt: Date.now() - 60_000 }), { mode: 0o600 });
    expect((await runJson(box, ['whoami'])).user.email).toBe(ann.email);
    const after = await readCredentials();
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.expiresAt).toBeGreaterThan(Date.now());
    expect((await stat(credentialsFile)).mode & 0o777).toBe(0o600);
    const reuse = await fetch(`${srv.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: before.refreshToken }),
    });
    expect(reuse.status).toBe(401);
  });

  it('lists, shows and undoes imports made through the API, by id prefix', async () => {
    const csv = [
      'datetime,symbol,side,quantity,price,commission,fees,exec_id,account,multiplier,tags,note',
      '2026-04-01T14:30:00Z,CL,buy,1,70.10,0,0,cl-1,ACC9,1000,,',
      '2026-04-01T15:00:00Z,CL,sell,1,70.35,0,0,cl-2,ACC9,1000,,',
      '',
    ].join('\n');
    const res = await fetch(`${srv.url}/api/imports?fileName=cl.csv`, {
      method: 'POST',
      headers: { ...ann.auth, 'content-type': 'text/csv' },
      body: csv,
    });
    const made = await res.json();
    expect(res.status).toBe(201);
    const listed = await runJson(box, ['imports', 'list']);
    expect(listed.imports.map((i: { id: string }) => i.id)).toContain(made.id);
    const table = await ok(box, ['imports', 'list']);
    expect(table).toMatch(/cl\.csv/);
    // A short id, as every list shows (the id's last 10 hex digits), taken by `imports show`.
    const shortId = /│ ([0-9a-f]{10}) +│/.exec(table)?.[1] as string;
    expect(made.id.endsWith(shortId)).toBe(true);
    expect((await runJson(box, ['imports', 'show', shortId])).id).toBe(made.id);
    const prefix = made.id.slice(0, 13);
    const shown = await ok(box, ['imports', 'show', prefix]);
    // 1 CL contract (1000 per point) from 70.10 to 70.35: +250.
    expect(shown).toMatch(/ACC9\s.*CL\s.*1\s.*250\.00/);
    expect(shown).toContain('1 created');
    // Every time has Z: no zone was used, none is named; 2 data rows (not the header or the blank line).
    expect(shown).toContain('Trading journal Fills CSV · cl.csv · times with their own zone\n');
    expect(shown).toContain('2 rows, 2 fills');
    const refused = await run(box, ['imports', 'undo', prefix]);
    expect(refused.code).not.toBe(0);
    expect((await api(`/api/imports/${made.id}`)).undoneAt).toBeNull();
    expect(await runJson(box, ['imports', 'undo', prefix, '--yes'])).toMatchObject({ id: made.id, undoneAt: expect.any(String) });
    expect((await api(`/api/trades/${made.tradeIds[0]}`)).status).toBe(404);
  });

  it('imports several files through the API, each its own import, into an --account; stops at a header-only one', async () => {
    const header = 'datetime,symbol,side,quantity,price,commission,exec_id';
    const jan = join(box.dir, 'remote-jan.csv');
    const feb = join(box.dir, 'remote-feb.csv');
    const mar = join(box.dir, 'remote-mar.csv');
    await writeFile(jan, `${header}\n2026-01-05T14:30:00Z,QQQ,buy,10,500.00,1.00,r1\n`);
    await writeFile(feb, `${header}\n2026-02-05T14:30:00Z,QQQ,sell,10,510.00,1.00,r2\n`);
    await writeFile(mar, `${header}\n`);
    const before = (await api('/api/imports')).pagination.total;
    const reports = await runJson(box, ['import', jan, feb, '--account', 'Remote-1']);
    expect(reports.map((r: { counts: { tradesCreated: number; tradesUpdated: number } }) => r.counts)).toEqual([
      expect.objectContaining({ rows: 1, tradesCreated: 1, tradesUpdated: 0 }),
      expect.objectContaining({ rows: 1, tradesCreated: 0, tradesUpdated: 1 }),
    ]);
    // 10 × (510 − 500) − 2 × 1.00 = 98, in Remote-1
    const { trades } = await api('/api/trades?account=Remote-1');
    expect(trades.map((t: { instrument: string; result: number }) => [t.instrument, t.result])).toEqual([['QQQ', 98]]);
    const r = await run(box, ['import', mar, jan, '--account', 'Remote-1']);
    expect(r).toMatchObject({
      code: 1,
      stderr:
        'tj: remote-mar.csv: no trades to import: the file has only a header (read as Trading journal Fills CSV) (nothing was imported)\n',
    });
    expect((await api('/api/imports')).pagination.total).toBe(before + 2);
  });

  it('logs out: revokes the session, forgets it, and returns to local mode', async () => {
    const { refreshToken } = await readCredentials();
    expect(await ok(box, ['logout'])).toBe(`Logged out of ${srv.url}\n`);
    await expect(stat(credentialsFile)).rejects.toThrow();
    const refresh = await fetch(`${srv.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    expect(refresh.status).toBe(401);
    expect((await run(box, ['trades', 'list'])).stderr).toContain('no journal database at');
    expect(await ok(box, ['logout'])).toBe('Not logged in.\n');
  });
});

describe('tj serve', { timeout: 120_000 }, () => {
  it('starts on --port 0, prints its URL, answers /api/health and a logged-in CLI, and stops on SIGTERM', async () => {
    const local = await sandbox();
    try {
      const db = join(local.dir, 'served.db');
      await ok(local, ['--db', db, 'init', '--email', 'sam@example.com', '--name', 'Sam', '--password', 'correct horse']);
      const child = spawn(process.execPath, [BIN, '--db', db, 'serve', '--port', '0'], { env: local.env });
      child.stdout.resume();
      let stderr = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.on('data', (d: Buffer) => {
          stderr += d.toString();
          const m = /serving (http:\/\/\S+) on /.exec(stderr);
          if (m) resolve(m[1] as string);
        });
        child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      expect(stderr).toContain(`on ${db} (Ctrl-C stops)`);
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      await ok(local, ['login', '--server', url, '--email', 'sam@example.com', '--password', 'correct horse']);
      const t = await runJson(local, [
        'trades',
        'add',
        '--instrument',
        'GC',
        '--direction',
        'long',
        '--entry-price',
        '2000',
        '--size',
        '1',
      ]);
      expect((await runJson(local, ['--db', db, 'trades', 'list'])).trades.map((x: { id: string }) => x.id)).toEqual([t.id]);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      await local.cleanup();
    }
  });

  it('refuses a bad port, rate limit or trusted proxy as a usage error', async () => {
    const serve = (...flags: string[]) => run(box, ['--db', join(box.dir, 'x.db'), 'serve', ...flags]);
    expect(await serve('--port', 'abc')).toMatchObject({
      code: 2,
      stderr: 'tj: the port must be an integer from 0 to 65535, not "abc"\n',
    });
    const limit = await serve('--rate-limit', 'user=fast');
    expect(limit.code).toBe(2);
    expect(limit.stderr).toMatch(/^tj: a rate limit must look like user=600\/1m/);
    const proxy = await serve('--trust-proxy', 'the internet');
    expect(proxy.code).toBe(2);
    expect(proxy.stderr).toMatch(/^tj: --trust-proxy takes addresses, CIDRs/);
    expect(await serve('--max-upload', 'huge')).toMatchObject({
      code: 2,
      stderr: 'tj: the upload limit must be a size such as 50MB, 1GB or a number of bytes, not "huge"\n',
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, run, runJson, type Sandbox, sandbox } from './support/cli.js';

let box: Sandbox;
let db: string[];
beforeAll(async () => {
  box = await sandbox();
  db = ['--db', box.db];
});
afterAll(() => box.cleanup());

describe('tj init and tj user (local mode)', { timeout: 120_000 }, () => {
  it('creates the database and the first user, refuses a second init, and lists users', async () => {
    const missing = await run(box, [...db, 'trades', 'list']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`tj: no journal database at ${box.db}: run tj init first (or pass --db)\n`);

    const init = await runJson(box, [
      ...db,
      'init',
      '--email',
      'ann@example.com',
      '--name',
      'Ann',
      '--password',
      'correct horse',
    ]);
    expect(init).toMatchObject({ database: box.db, user: { email: 'ann@example.com', name: 'Ann' } });
    const again = await run(box, [...db, 'init', '--email', 'x@example.com', '--name', 'X', '--password', 'correct horse']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^tj: .* is already set up \(1 user\): add users with tj user create\n$/);

    const bob = await runJson(box, [
      ...db,
      'user',
      'create',
      '--email',
      'bob@example.com',
      '--name',
      'Bob',
      '--password',
      'hunter2hunter2',
    ]);
    expect(bob.email).toBe('bob@example.com');
    const dup = await run(box, [
      ...db,
      'user',
      'create',
      '--email',
      'BOB@example.com',
      '--name',
      'B',
      '--password',
      'hunter2hunter2',
    ]);
    expect(dup).toMatchObject({
      code: 1,
      stderr: 'tj: an account with this email already exists: log in with it, or use another email\n',
    });
    const weak = await run(box, [...db, 'user', 'create', '--email', 'c@example.com', '--name', 'C', '--password', 'short']);
    expect(weak.code).toBe(1);
    expect(weak.stderr).toBe('tj: --password: needs at least 8 characters\n');
    expect(weak.stderr).not.toContain('short');

    const { users } = await runJson(box, [...db, 'user', 'list']);
    expect(users.map((u: { email: string }) => u.email)).toEqual(['ann@example.com', 'bob@example.com']);
    expect(await ok(box, [...db, 'user', 'list'])).toMatch(/ann@example\.com.*Ann/);
  });

  it('needs --user (or TJ_USER) once a database has several users', async () => {
    const r = await run(box, [...db, 'trades', 'list']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`tj: ${box.db} has 2 users: pass --user <email> (or set TJ_USER)\n`);
    expect((await runJson(box, [...db, '--user', 'bob@example.com', 'whoami'])).user.email).toBe('bob@example.com');
    expect((await runJson(box, [...db, 'whoami'], { TJ_USER: 'ann@example.com' })).user.email).toBe('ann@example.com');
    const unknown = await run(box, [...db, '--user', 'zed@example.com', 'stats']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no user zed@example.com');
  });

  it('changes a password without printing it', async () => {
    const r = await run(box, [...db, 'user', 'passwd', 'bob@example.com', '--password', 'new password 1']);
    expect(r).toMatchObject({ code: 0, stdout: 'Changed the password of bob@example.com\n' });
    expect(r.stdout + r.stderr).not.toContain('new password 1');
  });
});

describe('tj trades, stats, dashboard and analytics (local mode)', { timeout: 120_000 }, () => {
  const as = () => [...db, '--user', 'ann@example.com', '--tz', 'UTC'];
  const ids: string[] = [];

  it('adds trades from flags, reading times in --tz, and lists, shows, closes and edits them', async () => {
    const a = await runJson(box, [
      ...as(),
      '--tz',
      'America/New_York',
      'trades',
      'add',
      '--instrument',
      'ES',
      '--direction',
      'short',
      '--entry-price',
      '5000',
      '--size',
      '2',
      '--multiplier',
      '50',
      '--stop',
      '5010',
      '--entry-time',
      '2026-11-02 09:30',
      '--tags',
      'fomc,news',
      '--setup',
      'fade',
    ]);
    expect(a).toMatchObject({
      instrument: 'ES',
      direction: 'short',
      entryTime: '2026-11-02T14:30:00.000Z',
      status: 'open',
      tags: ['fomc', 'news'],
      setupType: 'fade',
    });
    ids.push(a.id);
    const closed = await runJson(box, [
      ...as(),
      'trades',
      'close',
      a.id,
      '--exit-price',
      '4990',
      '--exit-time',
      '2026-11-02T15:00:00Z',
    ]);
    expect(closed).toMatchObject({ status: 'closed', result: 1000, rMultiple: 1 });

    const b = await runJson(box, [
      ...as(),
      'trades',
      'add',
      '--instrument',
      'AAPL',
      '--direction',
      'long',
      '--entry-price',
      '190',
      '--size',
      '100',
      '--stop',
      '188',
      '--entry-time',
      '2026-11-03T14:30:00Z',
      '--exit-price',
      '187',
      '--exit-time',
      '2026-11-03T15:00:00Z',
      '--fees',
      '2',
    ]);
    expect(b).toMatchObject({ result: -302, status: 'closed' });
    ids.push(b.id);
    const c = await runJson(box, [
      ...as(),
      'trades',
      'add',
      '--instrument',
      'NQ',
      '--direction',
      'long',
      '--entry-price',
      '18000',
      '--size',
      '1',
      '--entry-time',
      '2026-11-04T14:30:00Z',
    ]);
    ids.push(c.id);

    const edited = await runJson(box, [...as(), 'trades', 'edit', c.id, '--stop', '17950', '--notes', 'held overnight']);
    expect(edited).toMatchObject({ stopLoss: 17950, notes: 'held overnight' });
    const cleared = await runJson(box, [...as(), 'trades', 'edit', c.id, '--clear', 'stop,notes']);
    expect(cleared).toMatchObject({ stopLoss: null, notes: null });

    const list = await runJson(box, [...as(), 'trades', 'list']);
    expect(list.trades.map((t: { id: string }) => t.id)).toEqual([c.id, b.id, a.id]);
    expect(list.pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1 });
    const open = await runJson(box, [...as(), 'trades', 'list', '--status', 'open', '--limit', '1']);
    expect(open.trades.map((t: { id: string }) => t.id)).toEqual([c.id]);
    const day = await runJson(box, [
      ...as(),
      '--tz',
      'America/New_York',
      'trades',
      'list',
      '--from',
      '2026-11-03',
      '--to',
      '2026-11-03',
    ]);
    expect(day.trades.map((t: { id: string }) => t.id)).toEqual([b.id]);

    const table = await ok(box, [...as(), 'trades', 'list']);
    const shortA = table.match(/│ ([0-9a-f]{10}) +│ 2026-11-02/)?.[1] as string;
    expect(a.id.endsWith(shortA)).toBe(true);
    expect(table).toMatch(/AAPL +│ long +│ +100 │ +190 │ +187 │ +-302\.00 │ +-1\.51R │ closed/);
    expect(table).toContain('Page 1 of 1 (3 trades; --page, --limit)');
    expect(await ok(box, [...as(), 'trades', 'show', a.id])).toMatch(/Result +│ 1,000\.00/);
  });

  it('computes statistics and draws the dashboard with its equity curve', async () => {
    const s = await runJson(box, [...as(), 'stats']);
    expect(s).toMatchObject({
      totalTrades: 2,
      wins: 1,
      losses: 1,
      winRate: 50,
      totalPnL: 698,
      profitFactor: 3.31125828,
      openTrades: 1,
      maxDrawdown: 302,
    });
    expect(await ok(box, [...as(), 'stats'])).toMatch(/Total P&L +│ 698\.00/);
    const onlyEs = await runJson(box, [...as(), 'stats', '--instrument', 'es']);
    expect(onlyEs.totalTrades).toBe(1);

    const d = await runJson(box, [...as(), 'dashboard']);
    expect(d.summary).toMatchObject({ totalTrades: 2, totalPnL: 698 });
    expect(d.equityCurve).toEqual([
      { date: '2026-11-02', equity: 1000 },
      { date: '2026-11-03', equity: 698 },
    ]);
    expect(d.recentPerformance.daily).toHaveLength(30);
    const human = await ok(box, [...as(), 'dashboard', '--period', 'monthly', '--rows', '3']);
    expect(human).toContain('Summary');
    expect(human).toContain('Recent performance (monthly, UTC)');
    expect(human).toMatch(/1,000\.00 │.*█/);
    expect(human).toMatch(/ {2}698\.00 │/);
    expect(human).toContain('2026-11-02');
  });

  it('answers the four analytics, the R distribution drawn as bars', async () => {
    const perf = await runJson(box, [...as(), 'analytics', 'performance', '--period', 'daily']);
    expect(perf).toMatchObject({ period: 'daily', dateFrom: '2026-11-02', dateTo: '2026-11-03' });
    expect(perf.data.map((p: { cumulativePnL: number }) => p.cumulativePnL)).toEqual([1000, 698]);
    expect(await ok(box, [...as(), 'analytics', 'performance', '--period', 'monthly'])).toMatch(
      /2026-11 +│ +2 │ +1 │ +1 │ +50\.0% │ +698\.00 │ +698\.00/,
    );

    const cat = await runJson(box, [...as(), 'analytics', 'by-category', '--category', 'setup']);
    expect(cat.categories.map((c: { name: string; totalPnL: number }) => [c.name, c.totalPnL])).toEqual([
      ['fade', 1000],
      ['(none)', -302],
    ]);
    const missing = await run(box, [...as(), 'analytics', 'by-category']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '--category <category>' not specified");

    const eq = await runJson(box, [...as(), 'analytics', 'equity', '--starting-balance', '10000']);
    expect(eq.dataPoints.map((p: { equity: number }) => p.equity)).toEqual([11000, 10698]);

    const r = await runJson(box, [...as(), 'analytics', 'r-distribution', '--bucket-size', '1']);
    expect(r).toMatchObject({ count: 2, bucketSize: 1 });
    const bars = await ok(box, [...as(), 'analytics', 'r-distribution', '--bucket-size', '1']);
    expect(bars).toContain('2 trades with an R multiple');
    expect(bars).toMatch(/\[ *-2\.00R, *-1\.00R\) │█+ 1/);
    expect(bars).toMatch(/\[ *1\.00R, *2\.00R\) │█+ 1/);
  });

  it('fails clearly: usage errors exit 2, missing records and invalid input exit 1, one line on stderr', async () => {
    const usage = await run(box, [...as(), 'trades', 'list', '--bogus']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe("tj: unknown option '--bogus' (see tj trades list --help)\n");
    const badNumber = await run(box, [...as(), 'trades', 'list', '--limit', 'ten']);
    expect(badNumber.code).toBe(2);
    const badTz = await run(box, [...db, '--tz', 'Mars/Olympus', 'stats']);
    expect(badTz).toMatchObject({
      code: 2,
      stderr: 'tj: --tz: "Mars/Olympus" is not an IANA time zone name (such as Europe/London)\n',
    });
    const none = await run(box, [...as(), 'trades', 'show', '01234567-89ab-7def-8123-456789abcdef']);
    expect(none).toMatchObject({ code: 1, stdout: '', stderr: 'tj: trade not found\n' });
    const invalid = await run(box, [
      ...as(),
      'trades',
      'add',
      '--instrument',
      'ES',
      '--direction',
      'long',
      '--entry-price',
      '100',
      '--size',
      '1',
      '--stop',
      '101',
    ]);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toBe('tj: --stop: must be below the entry price for a long trade\n');
    const noPrompt = await run(box, [...as(), 'trades', 'add', '--instrument', 'ES']);
    expect(noPrompt).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'tj: the direction is needed and stdin is not a terminal (or --no-input), so tj cannot ask: pass --direction <long|short>\n',
    });
    const noConfirm = await run(box, [...as(), 'trades', 'delete', ids[2] as string]);
    expect(noConfirm.code).toBe(2);
    expect(noConfirm.stderr).toContain('pass --yes');
    const nothing = await run(box, [...as(), 'trades', 'edit', ids[2] as string]);
    expect(nothing.code).toBe(2);
  });

  it('records account, asset class and option details, and selects trades by them in lists, stats and analytics', async () => {
    const option = await runJson(box, [
      ...as(),
      'trades',
      'add',
      '--instrument',
      'SPY 260320C570',
      '--direction',
      'long',
      '--entry-price',
      '2.5',
      '--size',
      '2',
      '--multiplier',
      '100',
      '--entry-time',
      '2026-03-02 10:00',
      '--exit-price',
      '3.1',
      '--exit-time',
      '2026-03-02 11:00',
      '--account',
      'IRA',
      '--asset-class',
      'option',
      '--underlying',
      'SPY',
      '--expiry',
      '2026-03-20',
      '--strike',
      '570',
      '--right',
      'call',
      '--tags',
      'lotto',
    ]);
    expect(option).toMatchObject({ account: 'IRA', assetClass: 'option', strike: 570, right: 'call', result: 120 });
    const shown = await ok(box, [...as(), 'trades', 'show', option.id]);
    expect(shown).toMatch(/Account\W+IRA/);
    expect(shown).toMatch(/Strike\W+570/);
    const { accounts } = await runJson(box, [...as(), 'accounts', 'list']);
    expect(accounts.find((a: { account: string | null }) => a.account === 'IRA')).toEqual({
      account: 'IRA',
      trades: 1,
      openTrades: 0,
      totalPnL: 120,
      firstEntryTime: option.entryTime,
      lastTradeTime: option.exitTime,
    });
    expect(await ok(box, [...as(), 'accounts', 'list'])).toMatch(/IRA\s.*\s1\s.*\s0\s.*120\.00/);
    const listed = await runJson(box, [
      ...as(),
      'trades',
      'list',
      '--account',
      'IRA',
      '--asset-class',
      'option',
      '--tag',
      'lotto',
    ]);
    expect(listed.trades.map((t: { id: string }) => t.id)).toEqual([option.id]);
    expect(await runJson(box, [...as(), 'stats', '--account', 'IRA'])).toMatchObject({ totalTrades: 1, totalPnL: 120 });
    const cats = await runJson(box, [...as(), 'analytics', 'by-category', '--category', 'instrument', '--tag', 'lotto']);
    expect(cats.categories.map((c: { name: string }) => c.name)).toEqual(['SPY 260320C570']);
    const dash = await runJson(box, [...as(), 'dashboard', '--account', 'nobody']);
    expect(dash.summary.totalTrades).toBe(0);
    const bad = await run(box, [...as(), 'trades', 'list', '--asset-class', 'bond']);
    expect(bad.code).toBe(2);
    const cleared = await runJson(box, [...as(), 'trades', 'edit', option.id, '--clear', 'account']);
    expect(cleared.account).toBeNull();
    expect(await runJson(box, [...as(), 'trades', 'delete', option.id, '--yes'])).toEqual({ deleted: option.id });
    // An account whose trades are all open has no realised P&L yet: '-', not 0.00.
    const add = 'trades add --instrument ES --direction long --entry-price 5000 --size 1 --account ROTH';
    const held = await runJson(box, [...as(), ...add.split(' ')]);
    expect(await ok(box, [...as(), 'accounts', 'list'])).toMatch(/│ ROTH +│ +1 │ +1 │ +- │/);
    expect(await runJson(box, [...as(), 'trades', 'delete', held.id, '--yes'])).toEqual({ deleted: held.id });
  });

  it("writes one instrument's prices with the same decimals, so a column of them lines up", async () => {
    const nq = (entry: string) => `trades add --instrument NQ --direction long --entry-price ${entry} --size 1`.split(' ');
    const add = (entry: string, extra: string[]) => runJson(box, [...as(), ...nq(entry), ...extra]);
    const closed = await add('25072', ['--stop', '25060', '--exit-price', '25073.25']);
    const open = await add('25080.5', []);
    const list = await ok(box, [...as(), 'trades', 'list', '--instrument', 'NQ']);
    expect(list).toMatch(/│ +25,072\.00 │ +25,073\.25 │/);
    expect(list).toMatch(/│ +25,080\.50 │ +- │/);
    const shown = await ok(box, [...as(), 'trades', 'show', closed.id]);
    expect(shown).toMatch(/│ Entry price │ 25,072\.00 +│/);
    expect(shown).toMatch(/│ Stop loss +│ 25,060\.00 +│/);
    expect(shown).toMatch(/│ Exit price +│ 25,073\.25 +│/);
    // Another instrument keeps its own decimals: ES here has whole prices only.
    expect(await ok(box, [...as(), 'trades', 'list', '--instrument', 'ES'])).not.toMatch(/5,000\.0/);
    for (const t of [closed, open]) await runJson(box, [...as(), 'trades', 'delete', t.id, '--yes']);
  });

  it('deletes with --yes', async () => {
    expect(await runJson(box, [...as(), 'trades', 'delete', ids[2] as string, '--yes'])).toEqual({ deleted: ids[2] });
    const r = await run(box, [...as(), 'trades', 'show', ids[2] as string]);
    expect(r.code).toBe(1);
  });
});

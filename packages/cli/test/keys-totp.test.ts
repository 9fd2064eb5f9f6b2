import { totpCode } from '@tj/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer, type TestUser } from '../../http/test/support/server.js';
import { run, runJson, runPty, type Sandbox, sandbox } from './support/cli.js';

const ENTER = '\r';

describe('tj keys on a local database', { timeout: 120_000 }, () => {
  let box: Sandbox;
  let db: string[];
  beforeAll(async () => {
    box = await sandbox();
    db = ['--db', box.db, '--tz', 'UTC'];
    await runJson(box, [...db, 'init', '--email', 'ann@example.com', '--name', 'Ann', '--password', 'correct horse battery']);
  });
  afterAll(() => box?.cleanup());

  it('creates a key shown once, lists it without the key, and revokes it', async () => {
    const created = await runJson(box, [
      ...db,
      'keys',
      'create',
      '--name',
      'export',
      '--scopes',
      'read,write',
      '--expires',
      '30d',
    ]);
    expect(created.key).toMatch(/^tj_live_/);
    expect(created.scopes).toEqual(['read', 'write']);
    expect(Date.parse(created.expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const listed = (await runJson(box, [...db, 'keys', 'list'])).keys;
    expect(listed).toEqual([expect.objectContaining({ id: created.id, prefix: created.prefix, revokedAt: null })]);
    const table = await run(box, [...db, 'keys', 'list']);
    expect(table.stdout).toContain('active');
    expect(table.stdout).not.toContain(created.key);
    const revoked = await run(box, [...db, 'keys', 'revoke', created.id]);
    expect(revoked.stdout).toBe(`Revoked API key ${created.id}\n`);
    expect((await run(box, [...db, 'keys', 'list'])).stdout).toContain('revoked');
  });

  it('needs --scopes (exit 2) and refuses an unknown scope with the server’s rule (exit 1)', async () => {
    const missing = await run(box, [...db, 'keys', 'create', '--name', 'x']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('tj: --scopes is needed: a comma-separated list of read, write, import, webhooks, admin\n');
    const unknown = await run(box, [...db, 'keys', 'create', '--name', 'x', '--scopes', 'root']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('tj: scopes (item 1): must be one of read, write, import, webhooks, admin\n');
  });
});

describe('tj keys, tj totp and a two-step tj login against a server', { timeout: 120_000 }, () => {
  let box: Sandbox;
  let srv: TestServer;
  let ann: TestUser;
  beforeAll(async () => {
    box = await sandbox();
    srv = await startTestServer();
    ann = await signUp(srv.url, 'ann');
    const login = await run(box, ['login', '--server', srv.url, '--email', ann.email, '--password', ann.password]);
    expect(login.code).toBe(0);
  });
  afterAll(async () => {
    await srv?.close();
    await box?.cleanup();
  });

  it('creates a key through the API that then works as a bearer token, until revoked', async () => {
    const created = await runJson(box, ['keys', 'create', '--name', 'bot', '--scopes', 'read']);
    const get = () => fetch(`${srv.url}/api/trades`, { headers: { authorization: `Bearer ${created.key}` } });
    expect((await get()).status).toBe(200);
    expect((await run(box, ['keys', 'revoke', created.id])).code).toBe(0);
    expect((await get()).status).toBe(401);
  });

  it('turns two-factor login on without a terminal in two steps, then tj login asks for the code', async () => {
    const enrolment = await runJson(box, ['totp', 'enable']);
    expect(enrolment).toMatchObject({
      pending: true,
      secret: expect.any(String),
      otpauthUri: expect.stringMatching(/^otpauth:\/\/totp\//),
    });
    const enabled = await runJson(box, ['totp', 'confirm', '--code', totpCode(enrolment.secret, Date.now())]);
    expect(enabled.recoveryCodes).toHaveLength(10);
    expect(await runJson(box, ['totp', 'status'])).toEqual({ enabled: true, pending: false, recoveryCodesLeft: 10 });
    expect((await run(box, ['logout'])).code).toBe(0);

    const r = await runPty(
      box,
      ['login', '--server', srv.url, '--email', ann.email, '--password', ann.password],
      [{ expect: /One-time code/, send: `${totpCode(enrolment.secret, Date.now() + 30_000)}${ENTER}` }],
    );
    expect(r.code).toBe(0);
    expect(r.answered).toBe(1);
    expect(r.text).toContain(`Logged in to ${srv.url} as ann <${ann.email}>`);
    expect((await runJson(box, ['whoami'])).user.email).toBe(ann.email);

    // Without a terminal: --otp gives the code (a recovery code here); without it, tj names the flag.
    await run(box, ['logout']);
    const asked = await run(box, ['login', '--server', srv.url, '--email', ann.email, '--password', ann.password]);
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain('pass --otp <code>');
    const withFlag = await run(box, [
      'login',
      '--server',
      srv.url,
      '--email',
      ann.email,
      '--password',
      ann.password,
      '--otp',
      enabled.recoveryCodes[0],
    ]);
    expect(withFlag.code).toBe(0);
    const wrong = await run(box, ['totp', 'disable', '--code', enabled.recoveryCodes[0]]);
    expect(wrong).toMatchObject({ code: 1, stderr: 'tj: the code is wrong or was already used\n' });
    expect((await run(box, ['totp', 'disable', '--code', enabled.recoveryCodes[1]])).code).toBe(0);
    expect((await runJson(box, ['totp', 'status'])).enabled).toBe(false);
  });

  it('tj totp enable at a terminal shows the secret and asks for the first code', async () => {
    const r = await runPty(
      box,
      ['totp', 'enable'],
      [
        {
          expect: /The six digits/,
          send: (output) => `${totpCode(/secret: ([A-Z2-7]+)/.exec(output)?.[1] ?? '', Date.now())}${ENTER}`,
        },
      ],
    );
    expect(r.code).toBe(0);
    expect(r.text).toContain('Two-factor login is on');
    expect(r.text.match(/^ {2}[a-z2-7]{4}(-[a-z2-7]{4}){3}$/gm)).toHaveLength(10);
  });
});

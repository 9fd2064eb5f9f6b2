import { totpCode } from '@tj/core/internal';
import { describe, expect, it } from 'vitest';
import { createClient, isTjApiError, type TjApiError } from '../src/index.js';
import { PASSWORD, useServer } from './support/server.js';
import { startStub } from './support/stub.js';

const trade = {
  instrument: 'ES',
  direction: 'long' as const,
  entryPrice: 5000,
  positionSize: 1,
  entryTime: '2026-11-20T14:30:00Z',
};
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: TjApiError) => e,
  );

describe('API keys through the SDK', () => {
  const server = useServer();

  it('creates, lists, uses (apiKey option) and revokes a key', async () => {
    const { client } = await server().loggedIn();
    const created = await client.keys.create({ name: 'script', scopes: ['read', 'write'] });
    expect(created.key).toMatch(/^tj_live_/);
    expect((await client.keys.list()).keys.map((k) => k.id)).toContain(created.id);
    expect((await client.keys.get(created.id)).prefix).toBe(`tj_live_…${created.key.slice(-4)}`);
    const script = createClient({ baseUrl: server().url, apiKey: created.key });
    expect((await script.trades.create(trade)).instrument).toBe('ES');
    expect((await script.trades.list()).pagination.total).toBe(1);
    expect(await rejection(script.keys.list())).toMatchObject({ status: 403, code: 'insufficient_scope' });
    await client.keys.revoke(created.id);
    expect(await rejection(script.trades.list())).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(script.getTokens()).toBeUndefined();
  });
});

describe('the second factor through the SDK', () => {
  const server = useServer();

  it('enrols, then login answers otp_required and loginOtp completes it; disable turns it off', async () => {
    const { client, email } = await server().loggedIn();
    const { secret, otpauthUri } = await client.auth.totp.enrol();
    expect(otpauthUri).toContain(`secret=${secret}`);
    const { recoveryCodes } = await client.auth.totp.confirm(totpCode(secret, Date.now()));
    expect(recoveryCodes).toHaveLength(10);
    expect(await client.auth.totp.status()).toEqual({ enabled: true, pending: false, recoveryCodesLeft: 10 });

    const fresh = server().client();
    const e = await rejection(fresh.auth.login({ email, password: PASSWORD }));
    expect(isTjApiError(e, 'otp_required')).toBe(true);
    expect(fresh.getTokens()).toBeUndefined();
    const otpToken = e?.problem?.otpToken as string;
    const pair = await fresh.auth.loginOtp({ otpToken, code: totpCode(secret, Date.now() + 30_000) });
    expect(pair.user.email).toBe(email);
    expect(fresh.getTokens()?.accessToken).toBe(pair.accessToken);
    expect((await fresh.auth.me()).email).toBe(email);

    await fresh.auth.totp.disable(recoveryCodes[0] as string);
    expect((await server().client().auth.login({ email, password: PASSWORD })).user.email).toBe(email);
  });
});

describe('Idempotency-Key on the SDK’s creating calls', () => {
  const server = useServer();

  it('a create whose answer was lost is retried with the same key and creates once', async () => {
    const { client: logged } = await server().loggedIn();
    const stub = await startStub(server().url, ['lose']);
    try {
      const client = createClient({ baseUrl: stub.url, tokens: logged.getTokens()!, retry: { baseDelayMs: 10 } });
      const made = await client.trades.create(trade);
      expect(stub.seen.map((s) => s.path)).toEqual(['/api/trades', '/api/trades']);
      const [first, second] = stub.seen;
      expect(first?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
      const { trades } = await logged.trades.list();
      expect(trades.map((t) => t.id)).toEqual([made.id]);
    } finally {
      await stub.close();
    }
  });

  it('each call has its own key unless the caller gives one, and a busy key is retried', async () => {
    const { client: logged } = await server().loggedIn();
    const busy = { status: 409, headers: { 'retry-after': '0' }, body: { code: 'idempotency_key_in_use', status: 409 } };
    const stub = await startStub(server().url, ['proxy', 'proxy', busy, 'proxy']);
    try {
      const client = createClient({ baseUrl: stub.url, tokens: logged.getTokens()!, retry: { baseDelayMs: 10 } });
      await client.alerts.create({ name: 'a', type: 'missingStopLoss' });
      await client.alerts.create({ name: 'b', type: 'missingStopLoss' });
      expect(stub.seen[0]?.idempotencyKey).not.toBe(stub.seen[1]?.idempotencyKey);
      await client.journal.create({ date: '2026-11-20' }, { idempotencyKey: 'my-own-key-1' });
      expect(stub.seen.slice(2).map((s) => s.idempotencyKey)).toEqual(['my-own-key-1', 'my-own-key-1']);
      expect((await logged.journal.list()).pagination.total).toBe(1);
      // Reads and updates carry no key.
      await client.trades.list();
      expect(stub.seen.at(-1)?.idempotencyKey).toBeUndefined();
    } finally {
      await stub.close();
    }
  });
});

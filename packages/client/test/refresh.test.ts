import { describe, expect, it } from 'vitest';
import type { Tokens } from '../src/index.js';
import { countingFetch, expiredAccessToken, useServer } from './support/server.js';

const REFRESH = '/api/auth/refresh';

describe('automatic token refresh against the real server', () => {
  const server = useServer();

  it('20 concurrent calls with an access token the client knows has expired cause exactly one refresh', async () => {
    const { client: loginClient, userId } = await server().loggedIn();
    const held = loginClient.getTokens() as Tokens;
    const counter = countingFetch();
    const seen: (Tokens | null)[] = [];
    const client = server().client({
      fetch: counter.fetch,
      tokens: { accessToken: expiredAccessToken(userId), refreshToken: held.refreshToken, expiresAt: Date.now() - 1000 },
      onTokens: (t) => void seen.push(t),
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.auth.me()));
    expect(answers.every((u) => u.id === userId)).toBe(true);
    expect(counter.count('POST', REFRESH)).toBe(1);
    expect(counter.count('GET', '/api/auth/me')).toBe(20);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.refreshToken).not.toBe(held.refreshToken);
    expect(client.getTokens()).toEqual(seen[0]);
  });

  it('20 concurrent calls answered 401 token_expired by the server share one refresh and are each retried once', async () => {
    const { client: loginClient, userId } = await server().loggedIn();
    const held = loginClient.getTokens() as Tokens;
    const counter = countingFetch();
    const seen: (Tokens | null)[] = [];
    const client = server().client({
      fetch: counter.fetch,
      // The client believes the token is good for an hour; only the server knows it has expired.
      tokens: { accessToken: expiredAccessToken(userId), refreshToken: held.refreshToken, expiresAt: Date.now() + 3_600_000 },
      onTokens: (t) => void seen.push(t),
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.trades.list()));
    expect(answers.every((a) => a.pagination.total === 0)).toBe(true);
    expect(counter.count('POST', REFRESH)).toBe(1);
    expect(counter.count('GET', '/api/trades')).toBe(40);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.accessToken).not.toBe(held.accessToken);
  });

  it('reads the expiry from the JWT when the saved tokens carry no expiresAt', async () => {
    const { client: loginClient, userId } = await server().loggedIn();
    const counter = countingFetch();
    const client = server().client({
      fetch: counter.fetch,
      tokens: { accessToken: expiredAccessToken(userId), refreshToken: (loginClient.getTokens() as Tokens).refreshToken },
    });
    expect((await client.auth.me()).id).toBe(userId);
    expect(counter.log.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/auth/refresh', 'GET /api/auth/me']);
  });

  it('a refused refresh fails the calls with invalid_refresh_token and forgets the tokens (onTokens hears null)', async () => {
    const { client: loginClient, userId } = await server().loggedIn();
    const held = loginClient.getTokens() as Tokens;
    await loginClient.auth.refresh(); // rotates: `held.refreshToken` is now revoked
    const seen: (Tokens | null)[] = [];
    const client = server().client({
      tokens: { accessToken: expiredAccessToken(userId), refreshToken: held.refreshToken, expiresAt: 0 },
      onTokens: (t) => void seen.push(t),
    });
    const results = await Promise.allSettled([client.auth.me(), client.trades.list()]);
    expect(results.map((r) => r.status === 'rejected' && (r.reason as { code: string }).code)).toEqual([
      'invalid_refresh_token',
      'invalid_refresh_token',
    ]);
    expect(seen).toEqual([null]);
    expect(client.getTokens()).toBeUndefined();
  });

  it('a call answered token_expired again after the refresh is not retried a second time', async () => {
    const { client: loginClient, userId } = await server().loggedIn();
    const counter = countingFetch();
    let refreshes = 0;
    // A fetch that rewrites every bearer into an expired one: the server always says token_expired.
    const stubborn: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      if (headers.has('authorization')) headers.set('authorization', `Bearer ${expiredAccessToken(userId)}`);
      if (String(input).endsWith(REFRESH)) refreshes++;
      return counter.fetch(input, { ...init, headers });
    };
    const client = server().client({
      fetch: stubborn,
      tokens: { ...(loginClient.getTokens() as Tokens), expiresAt: Date.now() + 3_600_000 },
    });
    await expect(client.auth.me()).rejects.toMatchObject({ status: 401, code: 'token_expired' });
    expect(refreshes).toBe(1);
    expect(counter.count('GET', '/api/auth/me')).toBe(2);
  });
});

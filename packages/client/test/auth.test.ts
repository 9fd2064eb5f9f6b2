import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { isTjApiError, type Tokens, TjApiError } from '../src/index.js';
import { PASSWORD, useServer } from './support/server.js';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`auth and health round trips on ${db.name}`, () => {
    const server = useServer(db, { openRegistration: true });

    it('health answers ok without a login', async () => {
      expect(await server().client().health()).toEqual({ status: 'ok' });
    });

    it('registers, logs in, tells who is logged in, and hands the pair to onTokens', async () => {
      const seen: (Tokens | null)[] = [];
      const client = server().client({ onTokens: (t) => void seen.push(t) });
      const email = `reg-${Date.now()}@example.com`;
      const user = await client.auth.register({ email, name: 'Reggie', password: PASSWORD });
      expect(user).toMatchObject({ email, name: 'Reggie' });
      const pair = await client.auth.login({ email: email.toUpperCase(), password: PASSWORD });
      expect(pair).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600, user: { id: user.id, email } });
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ accessToken: pair.accessToken, refreshToken: pair.refreshToken });
      expect(client.getTokens()?.accessToken).toBe(pair.accessToken);
      expect(await client.auth.me()).toEqual(user);
    });

    it('refresh rotates the pair: the new one works and the old refresh token is refused', async () => {
      const { client } = await server().loggedIn();
      const before = client.getTokens() as Tokens;
      const pair = await client.auth.refresh();
      expect(pair.refreshToken).not.toBe(before.refreshToken);
      expect(client.getTokens()?.refreshToken).toBe(pair.refreshToken);
      expect((await client.auth.me()).id).toBe(pair.user.id);
      const stale = server().client({ tokens: before });
      const error = await stale.auth.refresh().catch((e: unknown) => e);
      expect(isTjApiError(error, 'invalid_refresh_token')).toBe(true);
      expect((error as TjApiError).status).toBe(401);
      expect(stale.getTokens()).toBeUndefined();
    });

    it('logout revokes the refresh token on the server and forgets the tokens (onTokens hears null)', async () => {
      const seen: (Tokens | null)[] = [];
      const { client } = await server().loggedIn({ onTokens: (t) => void seen.push(t) });
      const held = client.getTokens() as Tokens;
      await client.auth.logout();
      expect(client.getTokens()).toBeUndefined();
      expect(seen.at(-1)).toBeNull();
      const again = server().client({ tokens: held });
      await expect(again.auth.refresh()).rejects.toMatchObject({ status: 401, code: 'invalid_refresh_token' });
    });

    it('answers wrong credentials with 401 invalid_credentials and keeps no tokens', async () => {
      const { email } = await server().createUser();
      const client = server().client();
      await expect(client.auth.login({ email, password: 'wrong password' })).rejects.toMatchObject({
        status: 401,
        code: 'invalid_credentials',
        method: 'POST',
        url: `${server().url}/api/auth/login`,
      });
      expect(client.getTokens()).toBeUndefined();
    });

    it('a call without a login answers 401 unauthorized', async () => {
      const error = await server()
        .client()
        .trades.list()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TjApiError);
      expect(error).toMatchObject({ status: 401, code: 'unauthorized', method: 'GET' });
    });
  });
}

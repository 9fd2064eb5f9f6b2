import { totpCode } from '@tj/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call } from './support/http.js';
import { signUp, startTestServer, type TestServer, type TestUser } from './support/server.js';

const STEP_MS = 30_000;

describe.each(DATABASES)('TOTP second factor on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startTestServer(db, {
        rateLimit: { user: false, ip: false, login: { limit: 5, windowSeconds: 900 } },
      });
    });
    afterAll(() => srv?.close());
    const login = (u: TestUser) => call(srv.url, 'POST', '/api/auth/login', { json: { email: u.email, password: u.password } });
    const second = (otpToken: string, code: string) => call(srv.url, 'POST', '/api/auth/login/otp', { json: { otpToken, code } });

    /** Signs up a user and turns TOTP on; answers the secret and recovery codes (the confirming code used the current step). */
    async function enrolled(name: string) {
      const u = await signUp(srv.url, name);
      const api = (method: string, path: string, json?: unknown) => call(srv.url, method, path, { headers: u.auth, json });
      expect((await api('GET', '/api/auth/totp')).body).toEqual({ enabled: false, pending: false, recoveryCodesLeft: 0 });
      const enrol = await api('POST', '/api/auth/totp');
      expect(enrol.status).toBe(200);
      const { secret, otpauthUri } = enrol.body;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauthUri).toBe(
        `otpauth://totp/Trading%20Journal:${encodeURIComponent(u.email)}?issuer=Trading%20Journal&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
      );
      expect((await api('GET', '/api/auth/totp')).body).toMatchObject({ enabled: false, pending: true });
      const wrong = await api('POST', '/api/auth/totp/confirm', {
        code: '000000' === totpCode(secret, Date.now()) ? '111111' : '000000',
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body.code).toBe('invalid_otp');
      const confirm = await api('POST', '/api/auth/totp/confirm', { code: totpCode(secret, Date.now()) });
      expect(confirm.status).toBe(200);
      expect(confirm.body.enabled).toBe(true);
      expect(confirm.body.recoveryCodes).toHaveLength(10);
      for (const c of confirm.body.recoveryCodes) expect(c).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
      expect((await api('GET', '/api/auth/totp')).body).toEqual({ enabled: true, pending: false, recoveryCodesLeft: 10 });
      return { u, api, secret: secret as string, recoveryCodes: confirm.body.recoveryCodes as string[] };
    }

    it('an account without TOTP logs in exactly as before: one step, 200 and the token pair', async () => {
      const u = await signUp(srv.url, 'plain');
      const r = await login(u);
      expect(r.status).toBe(200);
      expect(Object.keys(r.body).sort()).toEqual(['accessToken', 'expiresIn', 'refreshToken', 'tokenType', 'user']);
    });

    it('once enabled, the right password answers 401 otp_required with an otpToken; the code completes the login', async () => {
      const { u, secret } = await enrolled('two-step');
      const first = await login(u);
      expect(first.status).toBe(401);
      expect(first.body).toMatchObject({ code: 'otp_required', otpToken: expect.any(String) });
      expect(first.body.accessToken).toBeUndefined();
      expect(first.headers.get('www-authenticate')).toBe('Bearer realm="trading-journal"');
      // The next time step: the confirming code used this one, and a code is never accepted twice.
      const code = totpCode(secret, Date.now() + STEP_MS);
      const done = await second(first.body.otpToken, code);
      expect(done.status).toBe(200);
      expect(done.body.user.email).toBe(u.email);
      const me = await call(srv.url, 'GET', '/api/auth/me', { headers: { authorization: `Bearer ${done.body.accessToken}` } });
      expect(me.status).toBe(200);
      const replay = await second(first.body.otpToken, code);
      expect(replay.status).toBe(401);
      expect(replay.body.code).toBe('invalid_otp');
      // The challenge is no access token.
      expect(
        (await call(srv.url, 'GET', '/api/auth/me', { headers: { authorization: `Bearer ${first.body.otpToken}` } })).status,
      ).toBe(401);
    });

    it('a recovery code works once, in any case and with or without dashes', async () => {
      const { u, api, recoveryCodes } = await enrolled('recovery');
      const code = recoveryCodes[0] as string;
      const challenge = (await login(u)).body.otpToken;
      expect((await second(challenge, code.toUpperCase().replaceAll('-', ''))).status).toBe(200);
      expect((await second(challenge, code)).body.code).toBe('invalid_otp');
      expect((await api('GET', '/api/auth/totp')).body.recoveryCodesLeft).toBe(9);
    });

    it('wrong codes count as failed logins: the account locks out like for passwords', async () => {
      const { u } = await enrolled('guessed');
      const challenge = (await login(u)).body.otpToken;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await second(challenge, String(100000 + i))).status);
      // The limit is 5 here, and the wrong code tried at enrolment counted as the first failure.
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
      expect((await login(u)).status).toBe(429);
    });

    it('an expired or forged otpToken is refused', async () => {
      for (const token of ['nope', `${'a'.repeat(20)}.${'b'.repeat(20)}.${'c'.repeat(20)}`]) {
        const r = await second(token, '123456');
        expect(r.status).toBe(401);
        expect(r.body).toMatchObject({ code: 'invalid_otp', detail: 'this login step has expired or is invalid: log in again' });
      }
    });

    it('disables with a code (a wrong one is refused), after which login is one step again', async () => {
      const { u, api, secret, recoveryCodes } = await enrolled('disable');
      expect((await api('POST', '/api/auth/totp/disable', { code: '12345' })).status).toBe(401);
      expect((await api('POST', '/api/auth/totp')).status).toBe(409);
      expect((await api('POST', '/api/auth/totp/disable', { code: recoveryCodes[3] })).status).toBe(204);
      expect((await api('GET', '/api/auth/totp')).body).toEqual({ enabled: false, pending: false, recoveryCodesLeft: 0 });
      expect((await login(u)).status).toBe(200);
      expect((await api('POST', '/api/auth/totp/disable', { code: totpCode(secret, Date.now()) })).status).toBe(409);
    });

    it('the TOTP endpoints need the admin scope from an API key', async () => {
      const u = await signUp(srv.url, 'scoped');
      const key = (await call(srv.url, 'POST', '/api/keys', { headers: u.auth, json: { name: 'r', scopes: ['read'] } })).body.key;
      const r = await call(srv.url, 'POST', '/api/auth/totp', { headers: { authorization: `Bearer ${key}` } });
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('insufficient_scope');
    });
  });
});

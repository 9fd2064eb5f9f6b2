import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { caught, useCore } from '../support/core.js';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`auth on ${db.name}`, () => {
    const h = useCore(db);
    const password = 'correct horse battery';

    it('keeps emails unique ignoring case and never returns the password hash', async () => {
      const u = await h.core().auth.createUser({ email: 'Case@Example.com', name: 'Case', password });
      expect(Object.keys(u).sort()).toEqual(['createdAt', 'email', 'id', 'name']);
      expect((await caught(() => h.core().auth.createUser({ email: 'case@example.COM', name: 'X', password }))).code).toBe(
        'conflict',
      );
    });

    it('refuses registration while closed', async () => {
      const e = await caught(() => h.core().auth.register({ email: 'r@example.com', name: 'R', password }, false));
      expect(e.code).toBe('registration_closed');
    });

    it('answers invalid_credentials alike for a wrong password and an unknown email', async () => {
      await h.core().auth.createUser({ email: 'login@example.com', name: 'L', password });
      const ok = await h.core().auth.login({ email: 'LOGIN@example.com', password });
      expect(ok).toMatchObject({ expiresIn: 3600, tokenType: 'Bearer', user: { email: 'login@example.com' } });
      const wrong = await caught(() => h.core().auth.login({ email: 'login@example.com', password: 'nope-nope' }));
      const unknown = await caught(() => h.core().auth.login({ email: 'ghost@example.com', password }));
      expect([wrong.code, wrong.message]).toEqual([unknown.code, unknown.message]);
      expect(wrong.code).toBe('invalid_credentials');
    });

    it('throttles an account after 10 failed logins in the window, even for the right password', async () => {
      await h.core().auth.createUser({ email: 'throttle@example.com', name: 'T', password });
      for (let i = 0; i < 10; i++)
        await caught(() => h.core().auth.login({ email: 'throttle@example.com', password: 'wrong-guess' }));
      const e = await caught(() => h.core().auth.login({ email: 'throttle@example.com', password }));
      expect(e.code).toBe('rate_limited');
      h.clock.set('2026-11-20T12:30:00.000Z');
      expect((await h.core().auth.login({ email: 'throttle@example.com', password })).user.email).toBe('throttle@example.com');
    });

    it('rotates refresh tokens and revokes the whole chain when a rotated one is reused', async () => {
      await h.core().auth.createUser({ email: 'rotate@example.com', name: 'R', password });
      const first = await h.core().auth.login({ email: 'rotate@example.com', password });
      const second = await h.core().auth.refresh({ refreshToken: first.refreshToken });
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect((await caught(() => h.core().auth.refresh({ refreshToken: first.refreshToken }))).code).toBe(
        'invalid_refresh_token',
      );
      expect((await caught(() => h.core().auth.refresh({ refreshToken: second.refreshToken }))).code).toBe(
        'invalid_refresh_token',
      );
      const other = await h.core().auth.login({ email: 'rotate@example.com', password });
      expect((await h.core().auth.refresh({ refreshToken: other.refreshToken })).user.email).toBe('rotate@example.com');
    });

    it('refuses malformed and expired refresh tokens, and logout revokes', async () => {
      await h.core().auth.createUser({ email: 'expire@example.com', name: 'E', password });
      for (const refreshToken of ['nonsense', 'tjr_AAAA', 'access-token-looking.thing.here']) {
        expect((await caught(() => h.core().auth.refresh({ refreshToken }))).code).toBe('invalid_refresh_token');
      }
      const pair = await h.core().auth.login({ email: 'expire@example.com', password });
      await h.core().auth.logout({ refreshToken: pair.refreshToken });
      expect((await caught(() => h.core().auth.refresh({ refreshToken: pair.refreshToken }))).code).toBe('invalid_refresh_token');
      const late = await h.core().auth.login({ email: 'expire@example.com', password });
      h.clock.set('2026-12-31T00:00:00.000Z');
      expect((await caught(() => h.core().auth.refresh({ refreshToken: late.refreshToken }))).code).toBe('invalid_refresh_token');
    });

    it('refuses a disabled account at login and authentication', async () => {
      const u = await h.core().auth.createUser({ email: 'off@example.com', name: 'O', password });
      await h.core().auth.setDisabled(u.id, true);
      expect((await caught(() => h.core().auth.login({ email: 'off@example.com', password }))).code).toBe('forbidden');
      expect((await caught(() => h.core().auth.authenticate(u.id))).code).toBe('forbidden');
    });
  });
}

import type { authOperations } from '@tj/core';
import { noContent, ok, type HandlersOf } from './route.js';

/** Login, refresh (rotation with reuse detection), logout, the current user, open registration. */
export const authHandlers: HandlersOf<typeof authOperations> = {
  login: async ({ core, body }) => ok(await core.auth.login(body)),
  refresh: async ({ core, body }) => ok(await core.auth.refresh(body)),
  logout: async ({ core, body }) => {
    await core.auth.logout(body);
    return noContent();
  },
  me: async ({ core, userId }) => ok(await core.auth.authenticate(userId)),
  register: async ({ core, body, settings }) => ({
    status: 201,
    body: await core.auth.register(body, settings.openRegistration),
    headers: { location: '/api/auth/me' },
  }),
};

import { CoreError, ErrorCode, isCoreError, type authOperations } from '@tj/core';
import { noContent, ok, type HandlersOf } from './route.js';

/**
 * How a closed registration opens, in the server's own settings (core knows only that it is
 * closed): the operator starts the server with it open, or creates the account directly.
 */
const HOW_TO_OPEN =
  'its operator can open it (tj serve --open-registration, or TJ_OPEN_REGISTRATION=true) or create your account (tj user create)';

/** Registration, its refusal saying how registration opens. */
async function openOrRefused<T>(register: () => Promise<T>): Promise<T> {
  try {
    return await register();
  } catch (e) {
    if (!isCoreError(e, ErrorCode.registrationClosed)) throw e;
    throw new CoreError(ErrorCode.registrationClosed, `${e.message}; ${HOW_TO_OPEN}`);
  }
}

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
    body: await openOrRefused(() => core.auth.register(body, settings.openRegistration)),
    headers: { location: '/api/auth/me' },
  }),
};

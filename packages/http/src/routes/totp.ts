import type { totpOperations } from '@tj/core';
import { noContent, ok, type HandlersOf } from './route.js';

/** The optional TOTP second factor: the login's second step, enrolment, status and removal. */
export const totpHandlers: HandlersOf<typeof totpOperations> = {
  loginOtp: async ({ core, body }) => ok(await core.auth.loginOtp(body)),
  totpStatus: async ({ core, userId }) => ok(await core.auth.totp.status(userId)),
  enrolTotp: async ({ core, userId }) => ok(await core.auth.totp.enrol(userId)),
  confirmTotp: async ({ core, userId, body }) => ok(await core.auth.totp.confirm(userId, body)),
  disableTotp: async ({ core, userId, body }) => {
    await core.auth.totp.disable(userId, body);
    return noContent();
  },
};

import { tokenPairSchema } from '../auth.js';
import { otpCodeSchema, otpLoginSchema, totpEnabledSchema, totpEnrolmentSchema, totpStatusSchema } from '../totp.js';
import type { OperationTable } from './spec.js';

const BASE = '/api/auth/totp';

/** The optional TOTP second factor, the login’s second step, enrolment, status and removal. */
export const totpOperations = {
  loginOtp: {
    method: 'POST',
    path: '/api/auth/login/otp',
    summary: 'Second step of a login answered 401 otp_required: its otpToken and a TOTP or recovery code give the token pair',
    tag: 'auth',
    auth: false,
    body: otpLoginSchema,
    response: { status: 200, description: 'A new access and refresh token', schema: tokenPairSchema },
    errors: [400, 401, 403, 413, 415],
  },
  totpStatus: {
    method: 'GET',
    path: BASE,
    summary: 'Whether the second factor is on, and how many recovery codes are left',
    tag: 'auth',
    auth: true,
    scope: 'admin',
    response: { status: 200, description: 'The second factor status', schema: totpStatusSchema },
    errors: [401, 403],
  },
  enrolTotp: {
    method: 'POST',
    path: BASE,
    summary: 'Start enrolling the second factor: a new secret and its otpauth URI (409 when it is already on)',
    tag: 'auth',
    auth: true,
    scope: 'admin',
    response: { status: 200, description: 'The secret to put into an authenticator app', schema: totpEnrolmentSchema },
    errors: [401, 403, 409],
  },
  confirmTotp: {
    method: 'POST',
    path: `${BASE}/confirm`,
    summary: 'Turn the second factor on with a first code; answers the ten recovery codes, shown only here',
    tag: 'auth',
    auth: true,
    scope: 'admin',
    body: otpCodeSchema,
    response: { status: 200, description: 'On, with recovery codes', schema: totpEnabledSchema },
    errors: [401, 403, 409, 413, 415],
  },
  disableTotp: {
    method: 'POST',
    path: `${BASE}/disable`,
    summary: 'Turn the second factor off with a current code or a recovery code',
    tag: 'auth',
    auth: true,
    scope: 'admin',
    body: otpCodeSchema,
    response: { status: 204, description: 'Off' },
    errors: [401, 403, 409, 413, 415],
  },
} as const satisfies OperationTable;

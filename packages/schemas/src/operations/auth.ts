import { loginSchema, refreshSchema, registerSchema, tokenPairSchema, userSchema } from '../auth.js';
import type { OperationTable } from './spec.js';

/** Login, refresh (rotation with reuse detection), logout, the current user, open registration. */
export const authOperations = {
  login: {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Log in with email and password; wrong either way is 401, too many failures for an account 429',
    tag: 'auth',
    auth: false,
    body: loginSchema,
    response: { status: 200, description: 'A new access and refresh token', schema: tokenPairSchema },
    errors: [400, 401, 403, 413, 415],
  },
  refresh: {
    method: 'POST',
    path: '/api/auth/refresh',
    summary: 'Trade a refresh token for a new pair; the old one is revoked, and reusing it revokes the whole chain',
    tag: 'auth',
    auth: false,
    body: refreshSchema,
    response: { status: 200, description: 'A new access and refresh token', schema: tokenPairSchema },
    errors: [400, 401, 403, 413, 415],
  },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Revoke a refresh token and every token of its login chain',
    tag: 'auth',
    auth: false,
    body: refreshSchema,
    response: { status: 204, description: 'Logged out' },
    errors: [400, 413, 415],
  },
  me: {
    method: 'GET',
    path: '/api/auth/me',
    summary: 'The user of the access token',
    tag: 'auth',
    auth: true,
    scope: 'read',
    response: { status: 200, description: 'The current user', schema: userSchema },
    errors: [401, 403],
  },
  register: {
    method: 'POST',
    path: '/api/auth/register',
    summary: 'Create an account (403 registration_closed unless the server opens registration)',
    tag: 'auth',
    auth: false,
    body: registerSchema,
    response: { status: 201, description: 'The new user', schema: userSchema },
    errors: [400, 403, 409, 413, 415],
    // The account's own resource is GET /api/auth/me (after logging in): Location names it.
  },
} as const satisfies OperationTable;

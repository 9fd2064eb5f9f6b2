import { loginSchema, refreshSchema, registerSchema, tokenPairSchema, userSchema } from '@tj/core';
import { noContent, ok, type Route } from './route.js';

/** Login, refresh (rotation with reuse detection), logout, the current user, open registration. */
export const authRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/auth/login',
    operationId: 'login',
    summary: 'Log in with email and password; wrong either way is 401, too many failures for an account 429',
    tag: 'auth',
    auth: false,
    body: loginSchema,
    response: { status: 200, description: 'A new access and refresh token', schema: tokenPairSchema },
    errors: [400, 401, 403, 413, 415],
    handle: async ({ core, body }) => ok(await core.auth.login(body)),
  },
  {
    method: 'POST',
    path: '/api/auth/refresh',
    operationId: 'refresh',
    summary: 'Trade a refresh token for a new pair; the old one is revoked, and reusing it revokes the whole chain',
    tag: 'auth',
    auth: false,
    body: refreshSchema,
    response: { status: 200, description: 'A new access and refresh token', schema: tokenPairSchema },
    errors: [400, 401, 403, 413, 415],
    handle: async ({ core, body }) => ok(await core.auth.refresh(body)),
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    operationId: 'logout',
    summary: 'Revoke a refresh token and every token of its login chain',
    tag: 'auth',
    auth: false,
    body: refreshSchema,
    response: { status: 204, description: 'Logged out' },
    errors: [400, 413, 415],
    handle: async ({ core, body }) => {
      await core.auth.logout(body);
      return noContent();
    },
  },
  {
    method: 'GET',
    path: '/api/auth/me',
    operationId: 'me',
    summary: 'The user of the access token',
    tag: 'auth',
    auth: true,
    scope: 'read',
    response: { status: 200, description: 'The current user', schema: userSchema },
    errors: [401, 403],
    handle: async ({ core, userId }) => ok(await core.auth.authenticate(userId)),
  },
  {
    method: 'POST',
    path: '/api/auth/register',
    operationId: 'register',
    summary: 'Create an account (403 registration_closed unless the server opens registration)',
    tag: 'auth',
    auth: false,
    body: registerSchema,
    response: { status: 201, description: 'The new user', schema: userSchema },
    errors: [400, 403, 409, 413, 415],
    // The account's own resource is GET /api/auth/me (after logging in): Location names it.
    handle: async ({ core, body, settings }) => ({
      status: 201,
      body: await core.auth.register(body, settings.openRegistration),
      headers: { location: '/api/auth/me' },
    }),
  },
];

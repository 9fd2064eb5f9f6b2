import { raceSignal } from '../call-scope.js';
import { ClientErrorCode, TjApiError } from '../errors.js';
import type { Session } from '../session.js';
import type { CallOptions, Send } from '../transport.js';
import type { LoginInput, RegisterInput, TokenPair, User } from '../types.js';

/** Login, registration, refresh, logout and the current user. */
export function authApi(send: Send, session: Session, refreshUrl: string) {
  return {
    /**
     * Logs in and keeps the token pair (later calls send it and refresh it); `onTokens` hears of it.
     *
     * @example const { user } = await client.auth.login({ email: 'ann@example.com', password: 'correct horse' });
     */
    async login(body: LoginInput, options?: CallOptions): Promise<TokenPair> {
      const pair = await send<TokenPair>({ method: 'POST', path: '/auth/login', body, auth: false }, options);
      session.accept(pair);
      return pair;
    },

    /**
     * Creates an account (the server must have open registration, else 403 `registration_closed`).
     *
     * @example const user = await client.auth.register({ email: 'ann@example.com', name: 'Ann', password: 'correct horse' });
     */
    register(body: RegisterInput, options?: CallOptions): Promise<User> {
      return send<User>({ method: 'POST', path: '/auth/register', body, auth: false }, options);
    },

    /**
     * Exchanges the held refresh token for a new pair now (calls do this by themselves when needed);
     * concurrent refreshes share one request.
     *
     * @example const { expiresIn } = await client.auth.refresh();
     */
    refresh(options?: CallOptions): Promise<TokenPair> {
      return options?.signal ? raceAbort(session.refresh(), options.signal, refreshUrl) : session.refresh();
    },

    /**
     * Revokes the held refresh token (and its login chain) on the server and forgets both tokens (`onTokens(null)`).
     *
     * @example await client.auth.logout();
     */
    async logout(options?: CallOptions): Promise<void> {
      const held = session.current();
      if (!held) return;
      try {
        await send<void>(
          { method: 'POST', path: '/auth/logout', body: { refreshToken: held.refreshToken }, auth: false },
          options,
        );
      } finally {
        session.replace(undefined);
      }
    },

    /**
     * The logged-in user.
     *
     * @example const me = await client.auth.me(); console.log(me.email);
     */
    me(options?: CallOptions): Promise<User> {
      return send<User>({ method: 'GET', path: '/auth/me' }, options);
    },
  };
}

/** Waits for the shared refresh unless the caller aborts (the refresh itself goes on for the other callers). */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal, url: string): Promise<T> {
  return raceSignal(promise, signal).catch((cause: unknown) => {
    if (!signal.aborted) throw cause;
    throw new TjApiError({
      status: 0,
      code: ClientErrorCode.aborted,
      message: `POST ${url} was aborted`,
      method: 'POST',
      url,
      cause,
    });
  });
}

import { raceSignal } from '../call-scope.js';
import { ClientErrorCode, TjApiError } from '../errors.js';
import type { Session } from '../session.js';
import type { Call } from '../operation.js';
import type { CallOptions } from '../transport.js';
import type {
  LoginInput,
  OtpLoginInput,
  RegisterInput,
  TokenPair,
  TotpEnabled,
  TotpEnrolment,
  TotpStatus,
  User,
} from '../types.js';

/** Login, registration, refresh, logout and the current user. */
export function authApi(call: Call, session: Session, refreshUrl: string) {
  return {
    /**
     * Logs in and keeps the token pair (later calls send it and refresh it); `onTokens` hears of it.
     * An account with the second factor on rejects with a TjApiError of code `otp_required` whose
     * `problem.otpToken` goes to {@link loginOtp} with the user's code.
     *
     * @example const { user } = await client.auth.login({ email: 'ann@example.com', password: 'correct horse' });
     */
    async login(body: LoginInput, options?: CallOptions): Promise<TokenPair> {
      const pair = await call('login', { body }, options);
      session.accept(pair);
      return pair;
    },

    /**
     * The second step of a login that answered `otp_required`: its `otpToken` and a TOTP code (or a
     * recovery code) → the token pair, kept like `login`'s.
     *
     * @example
     * try { await client.auth.login(credentials); }
     * catch (e) { if (isTjApiError(e, 'otp_required')) await client.auth.loginOtp({ otpToken: e.problem!.otpToken!, code: await ask() }); }
     */
    async loginOtp(body: OtpLoginInput, options?: CallOptions): Promise<TokenPair> {
      const pair = await call('loginOtp', { body }, options);
      session.accept(pair);
      return pair;
    },

    /** The optional TOTP second factor of the logged-in user. */
    totp: {
      /**
       * Whether it is on, and how many recovery codes are left.
       *
       * @example const { enabled } = await client.auth.totp.status();
       */
      status(options?: CallOptions): Promise<TotpStatus> {
        return call('totpStatus', {}, options);
      },
      /**
       * Starts enrolling: a new secret and its otpauth URI (show it as a QR code).
       *
       * @example const { otpauthUri } = await client.auth.totp.enrol();
       */
      enrol(options?: CallOptions): Promise<TotpEnrolment> {
        return call('enrolTotp', {}, options);
      },
      /**
       * Turns it on with a first code from the app; answers the ten recovery codes, shown only now.
       *
       * @example const { recoveryCodes } = await client.auth.totp.confirm('123456');
       */
      confirm(code: string, options?: CallOptions): Promise<TotpEnabled> {
        return call('confirmTotp', { body: { code } }, options);
      },
      /**
       * Turns it off with a current code or a recovery code.
       *
       * @example await client.auth.totp.disable('123456');
       */
      async disable(code: string, options?: CallOptions): Promise<void> {
        await call('disableTotp', { body: { code } }, options);
      },
    },

    /**
     * Creates an account (the server must have open registration, else 403 `registration_closed`).
     *
     * @example const user = await client.auth.register({ email: 'ann@example.com', name: 'Ann', password: 'correct horse' });
     */
    register(body: RegisterInput, options?: CallOptions): Promise<User> {
      return call('register', { body }, options);
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
        await call('logout', { body: { refreshToken: held.refreshToken } }, options);
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
      return call('me', {}, options);
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

import { DEFAULTS } from '../defaults.js';
import { CoreError, ErrorCode } from '../shared/errors.js';
import { gcraStatus, type RateSpec, rateInterval } from '../shared/gcra.js';
import type { Clock } from '../shared/ports.js';
import type { StateRepo } from '../storage/ports.js';

/** The default lockout: 10 failures per account per 15 minutes (GCRA: then one more try every 90 s). */
export const DEFAULT_FAILED_LOGINS: RateSpec = {
  limit: DEFAULTS.rateLimits.login.limit,
  windowMs: DEFAULTS.rateLimits.login.windowSeconds * 1000,
};

/**
 * Counts an account's failed logins and second-factor codes in the shared rate-limit state, so the
 * lockout holds across server processes: once `limit` failures fall within the window the account
 * answers 429, even with the right password, until enough time has passed. `false` turns it off.
 */
export function loginThrottle(state: StateRepo, clock: Clock, spec: RateSpec | false) {
  const interval = spec === false ? 0 : rateInterval(spec);
  const key = (email: string) => `login:${email.toLowerCase()}`;
  return {
    /** Throws 429 `rate_limited` while the account is locked out. */
    async check(email: string): Promise<void> {
      if (spec === false) return;
      const tat = await state.rateTat(key(email));
      const now = clock.now();
      if (tat === undefined || tat + interval - now <= spec.windowMs) return;
      const { retryAfterSeconds } = gcraStatus(tat, now, interval, spec.windowMs);
      throw new CoreError(
        ErrorCode.rateLimited,
        'too many failed logins for this account, try again later',
        undefined,
        retryAfterSeconds,
      );
    },
    /** Counts one failure. */
    async fail(email: string): Promise<void> {
      if (spec !== false) await state.rateHit(key(email), clock.now(), interval, spec.windowMs);
    },
    /** Forgets the failures after a complete login. */
    async clear(email: string): Promise<void> {
      if (spec !== false) await state.rateClear(key(email));
    },
  };
}

/** A lockout. */
export type LoginThrottle = ReturnType<typeof loginThrottle>;

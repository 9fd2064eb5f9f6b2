import type { TargetGuard } from '@tj/core';
import { hostOf, literalTargetRefusal, parseIpAddress } from '@tj/core/internal';
import { PRIVATE_TARGET, type Resolver, resolveChecked, systemResolver } from './guarded-lookup.js';

/** Options of the registration guard. */
export interface TargetGuardOptions {
  /** Accept private, loopback and link-local targets; default false. */
  allowPrivateTargets?: boolean;
  /** Name resolution; default the system resolver. */
  resolve?: Resolver;
}

/**
 * Checks a webhook URL at registration: literal private addresses and localhost names are
 * refused, and so is a name that resolves to a private address. A name that does not resolve
 * (yet) is accepted: every delivery checks again.
 *
 * @example const core = createCore({ storage, webhooks: { sender, guard: createTargetGuard({ allowPrivateTargets: false }) } });
 */
export function createTargetGuard(options: TargetGuardOptions = {}): TargetGuard {
  const resolve = options.resolve ?? systemResolver;
  return {
    async refusal(url) {
      if (options.allowPrivateTargets) return null;
      const literal = literalTargetRefusal(url);
      const host = hostOf(url);
      if (literal !== null || host === null || parseIpAddress(host) !== null) return literal;
      try {
        await resolveChecked(resolve, host, false);
        return null;
      } catch (e) {
        const err = e as NodeJS.ErrnoException;
        return err.code === PRIVATE_TARGET ? err.message.replace(/^refused: /, '') : null;
      }
    },
  };
}

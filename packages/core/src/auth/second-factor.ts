import { otpCodeSchema, type TotpEnabled, type TotpEnrolment, type TotpStatus } from '@tj/schemas';
import type { CoreDeps } from '../shared/deps.js';
import { CoreError, ErrorCode } from '../shared/errors.js';
import { parseInput } from '../shared/validate.js';
import type { UserRow } from '../storage/rows.js';
import type { LoginThrottle } from './login-throttle.js';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep, totpUri } from './totp.js';

const invalidOtp = () => new CoreError(ErrorCode.invalidOtp, 'the code is wrong or was already used');

/**
 * The optional TOTP second factor: enrolment (a secret and an otpauth URI, confirmed by a first
 * code, which yields ten single-use recovery codes), the check of a code at login, and removal.
 * Wrong codes count as failed logins of the account, so guessing is locked out like passwords.
 */
export function secondFactor(deps: CoreDeps, throttle: LoginThrottle, loadUser: (userId: string) => Promise<UserRow>) {
  const { storage, clock } = deps;
  const repo = storage.repos.totp;

  /** True when `code` is a valid, unused TOTP code or recovery code of the user (and uses it up). */
  async function accepts(userId: string, secret: string, code: string): Promise<boolean> {
    const step = totpStep(secret, code, clock.now());
    if (step !== undefined) return repo.useStep(userId, step);
    const hash = recoveryCodeHash(code);
    return hash !== undefined && repo.useRecoveryCode(userId, hash, clock.now());
  }

  /** Checks a code against the user's enabled second factor; a wrong one counts as a failed login. */
  async function verify(user: UserRow, code: string): Promise<void> {
    await throttle.check(user.email);
    const totp = await repo.get(user.id);
    if (!totp?.enabledAt || !(await accepts(user.id, totp.secret, code.trim()))) {
      await throttle.fail(user.email);
      throw invalidOtp();
    }
  }

  return {
    verify,
    /** True when the user must give a code at login. */
    async enabled(userId: string): Promise<boolean> {
      return Boolean((await repo.get(userId))?.enabledAt);
    },
    /** Whether the second factor is on, being enrolled, and how many recovery codes are left. */
    async status(userId: string): Promise<TotpStatus> {
      const totp = await repo.get(userId);
      const enabled = Boolean(totp?.enabledAt);
      return {
        enabled,
        pending: totp !== undefined && !enabled,
        recoveryCodesLeft: enabled ? await repo.countRecoveryCodes(userId) : 0,
      };
    },
    /** Starts (or restarts) an enrolment: a new secret; 409 when the second factor is already on. */
    async enrol(userId: string): Promise<TotpEnrolment> {
      const user = await loadUser(userId);
      const secret = newTotpSecret(deps.random);
      const stored = await repo.putPending({ userId, secret, enabledAt: null, lastStep: null, createdAt: clock.now() });
      if (!stored) throw new CoreError(ErrorCode.conflict, 'the second factor is already on; disable it first to enrol again');
      return { secret, otpauthUri: totpUri(secret, user.email) };
    },
    /** Confirms the enrolment with a first code → the recovery codes (shown only here). */
    async confirm(userId: string, input: unknown): Promise<TotpEnabled> {
      const { code } = parseInput(otpCodeSchema, input);
      const user = await loadUser(userId);
      await throttle.check(user.email);
      const totp = await repo.get(userId);
      if (!totp || totp.enabledAt) throw new CoreError(ErrorCode.conflict, 'no enrolment to confirm: start one first');
      const step = totpStep(totp.secret, code, clock.now());
      if (step === undefined) {
        await throttle.fail(user.email);
        throw invalidOtp();
      }
      const recoveryCodes = newRecoveryCodes(deps.random);
      const hashes = recoveryCodes.map((c) => recoveryCodeHash(c) as string);
      const enabled = await storage.transaction(async (tx) => {
        if (!(await tx.totp.enable(userId, clock.now(), step))) return false;
        await tx.totp.replaceRecoveryCodes(userId, hashes);
        return true;
      });
      if (!enabled) throw new CoreError(ErrorCode.conflict, 'no enrolment to confirm: start one first');
      return { enabled: true, recoveryCodes };
    },
    /** Turns the second factor off, given a current code or a recovery code (or cancels an unconfirmed enrolment). */
    async disable(userId: string, input: unknown): Promise<void> {
      const { code } = parseInput(otpCodeSchema, input);
      const user = await loadUser(userId);
      const totp = await repo.get(userId);
      if (!totp) throw new CoreError(ErrorCode.conflict, 'the second factor is not on');
      // An unconfirmed enrolment protects nothing yet: cancelling it needs no valid code.
      if (totp.enabledAt) await verify(user, code);
      await storage.transaction((tx) => tx.totp.delete(userId));
    },
  };
}

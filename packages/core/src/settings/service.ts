import { type CommissionSchedule, type ScopeSettings, type Settings, type SettingsPatch, settingsPatchSchema } from '@tj/schemas';
import type { CoreDeps } from '../shared/deps.js';
import { parseInput } from '../shared/validate.js';
import type { Repositories } from '../storage/ports.js';
import { DEFAULTS, readSettings, USER_SCOPE } from './read.js';

type ScopePatch = Omit<SettingsPatch, 'accounts'>;

/** A scope after a patch: fields left out keep their value; instruments merge by root (null drops one). */
function patched(before: ScopeSettings, change: ScopePatch): ScopeSettings {
  const next: ScopeSettings = { ...before, instruments: { ...before.instruments } };
  if (change.tradingDayStart !== undefined) next.tradingDayStart = change.tradingDayStart;
  if (change.defaultRisk !== undefined) next.defaultRisk = change.defaultRisk;
  if (change.baseCurrency !== undefined) next.baseCurrency = change.baseCurrency;
  if (change.commission !== undefined) next.commission = commissionPatched(before.commission, change.commission);
  for (const [root, risk] of Object.entries(change.instruments ?? {})) {
    if (risk === null) delete next.instruments[root];
    else {
      const was = next.instruments[root] ?? { risk: null, stopPoints: null };
      next.instruments[root] = {
        risk: risk.risk ?? (risk.risk === null ? null : was.risk),
        stopPoints: risk.stopPoints ?? (risk.stopPoints === null ? null : was.stopPoints),
      };
    }
  }
  return next;
}

/** A commission schedule after a patch: null drops it; fields left out keep their value; none left: null. */
function commissionPatched(before: CommissionSchedule | null, change: ScopePatch['commission']): CommissionSchedule | null {
  if (change === null || change === undefined) return null;
  const was = before ?? { perShare: null, perContract: null, perOrder: null, minimum: null };
  const next: CommissionSchedule = {
    perShare: change.perShare === undefined ? was.perShare : change.perShare,
    perContract: change.perContract === undefined ? was.perContract : change.perContract,
    perOrder: change.perOrder === undefined ? was.perOrder : change.perOrder,
    minimum: change.minimum === undefined ? was.minimum : change.minimum,
  };
  return Object.values(next).every((v) => v === null) ? null : next;
}

/** What runs in a settings change's transaction once it is written (`after-write/settings.ts`, which core wires in). */
export type SettingsWritten = (tx: Repositories, userId: string, before: Settings, after: Settings) => Promise<void>;

/**
 * User settings (`GET/PATCH /api/settings`): the trading day start of the user and of each
 * account. A change bumps the user's data version, since analytics answers depend on it.
 *
 * @example await settings(deps, settingsWritten).update(userId, { tradingDayStart: { time: '17:00', timeZone: 'America/Chicago' } });
 */
export function settings(deps: CoreDeps, written: SettingsWritten) {
  const { storage } = deps;
  return {
    /** The user's settings. */
    get: (userId: string): Promise<Settings> => readSettings(storage.repos, userId),
    /** Applies a partial update (null clears a field; an account set to null drops its settings) and returns the settings. */
    async update(userId: string, input: unknown): Promise<Settings> {
      const patch = parseInput(settingsPatchSchema, input ?? {});
      const now = deps.clock.now();
      return storage.transaction(async (tx) => {
        const before = await readSettings(tx, userId);
        const { accounts, ...own } = patch;
        if (Object.keys(own).length > 0) {
          await tx.settings.put(userId, USER_SCOPE, JSON.stringify(patched(scopeWithout(before), own)), now);
        }
        for (const [account, change] of Object.entries(accounts ?? {})) {
          if (change === null) await tx.settings.delete(userId, account);
          else await tx.settings.put(userId, account, JSON.stringify(patched(before.accounts[account] ?? DEFAULTS, change)), now);
        }
        const after = await readSettings(tx, userId);
        await written(tx, userId, before, after);
        await tx.trades.bumpDataVersion(userId);
        return after;
      });
    },
  };
}

/** The user's own scope of a settings object. */
function scopeWithout(s: Settings): ScopeSettings {
  const { accounts: _accounts, ...own } = s;
  return own;
}

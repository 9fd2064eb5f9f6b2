/** The commission plan of an import run: the user's schedules read, and the file's first pass when one applies. */
import type { ImportWarning } from '@tj/schemas';
import { readSettings } from '../../settings/read.js';
import type { CoreDeps } from '../../shared/deps.js';
import { type InputLimits, MemoryBudget } from '../../shared/input-limits.js';
import { type CommissionPlan, planCommissions, scheduleLookup } from './commission.js';
import { type BrokerFileOptions, openBrokerFile } from './pipeline.js';
import type { ImportSource } from './run-options.js';

/**
 * The plan of an import: undefined when the user has no commission schedule (the file is read
 * once, as before) or when the file states a commission or fee. The first pass reports nothing
 * (no progress, no skipped rows: the import's own pass does) and holds its own memory budget.
 */
export async function commissionPlan(
  deps: CoreDeps,
  userId: string,
  source: ImportSource,
  options: BrokerFileOptions,
  limits: InputLimits,
): Promise<CommissionPlan | undefined> {
  const scheduleOf = scheduleLookup(await readSettings(deps.storage.repos, userId));
  if (scheduleOf === undefined) return undefined;
  const { onRows: _rows, onInvalid, budget, ...rest } = options;
  const firstPass: BrokerFileOptions = {
    ...rest,
    budget: new MemoryBudget(limits.maxMemoryBytes),
    ...(onInvalid !== undefined && { onInvalid: () => {} }),
  };
  return planCommissions(() => openBrokerFile(source.open, firstPass), scheduleOf, budget);
}

/** Whether the user has a commission schedule, their own or an account's (an import then reads its file once more). */
export async function hasCommissionSchedule(deps: CoreDeps, userId: string): Promise<boolean> {
  return scheduleLookup(await readSettings(deps.storage.repos, userId)) !== undefined;
}

/** The report's line on fills whose fees came from a commission schedule. */
export function scheduledFeesWarning(fills: number): ImportWarning {
  return {
    code: 'scheduled_fees',
    message: `${fills} fill${fills === 1 ? '' : 's'} took ${fills === 1 ? 'its' : 'their'} commission from the commission schedule (tj settings): the file states no commission or fee`,
  };
}

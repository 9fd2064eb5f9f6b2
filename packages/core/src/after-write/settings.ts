/**
 * What follows a settings change, in its transaction: when the default risk changed, the R of
 * the trades without a stop is computed anew. Above settings and trades: core wires it into the
 * settings service (core.ts), so settings/ does not import trades/.
 */
import type { Settings } from '@tj/schemas';
import type { Repositories } from '../storage/ports.js';
import { recomputeDefaultRisk, riskChanged } from '../trades/default-risk.js';

/** After a user's settings changed from `before` to `after`: recomputes R by default risk when that risk changed. */
export async function settingsWritten(tx: Repositories, userId: string, before: Settings, after: Settings): Promise<void> {
  if (riskChanged(before, after)) await recomputeDefaultRisk(tx, userId, after);
}

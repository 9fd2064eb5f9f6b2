import type { Repositories } from '../storage/ports.js';
import type { Bar } from './types.js';

/** A batch of bars of one series as a source delivered it, with the stretch the source vouches for. */
export interface BarBatch {
  instrumentKey: string;
  timeframe: number;
  bars: readonly Bar[];
  /** The stretch the bars are complete over ([from, to) in ms), and where they came from. */
  range: { from: number; to: number; source: string };
}

/**
 * Stores a batch inside the caller's transaction: the bars not already held (overlapping files
 * merge, a re-import adds nothing) and the stretch they cover. Answers how many bars were new.
 */
export async function storeBars(tx: Repositories, userId: string, batch: BarBatch): Promise<number> {
  const written = await tx.bars.insert(userId, batch.instrumentKey, batch.timeframe, batch.bars);
  if (batch.range.to > batch.range.from) await tx.bars.addRange(userId, batch.instrumentKey, batch.timeframe, batch.range);
  return written;
}

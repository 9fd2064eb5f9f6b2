import type { AfterBars } from '../after-write/bars.js';
import type { Repositories } from '../storage/ports.js';
import type { Bar } from '../market/bar.js';

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
 * merge, a re-import adds nothing) and the stretch they cover, then runs the after-bars work
 * (excursions, intraday alert marks) over that stretch. Answers how many bars were new.
 */
export async function storeBars(tx: Repositories, userId: string, batch: BarBatch, after: readonly AfterBars[]): Promise<number> {
  const { instrumentKey, timeframe, range } = batch;
  const written = await tx.bars.insert(userId, instrumentKey, timeframe, batch.bars);
  if (range.to > range.from) await tx.bars.addRange(userId, instrumentKey, timeframe, range);
  for (const run of after) await run(tx, { userId, instrumentKey, timeframe, from: range.from, to: range.to });
  return written;
}

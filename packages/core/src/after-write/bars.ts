import type { Repositories } from '../storage/ports.js';

/** What changed when bars were stored: one series over [from, to) (ms). */
export interface BarsStored {
  userId: string;
  instrumentKey: string;
  timeframe: number;
  from: number;
  to: number;
}

/** Work done in the storing transaction after bars arrive (excursions, intraday alert marks). */
export type AfterBars = (tx: Repositories, stored: BarsStored) => Promise<void>;

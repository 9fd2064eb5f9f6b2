/**
 * What analytics read of a closed trade. Storage yields these ordered by exitTime, then id;
 * money is integer micro-units so sums never drift.
 */
export interface ClosedTradeFact {
  id: string;
  instrument: string;
  setupType: string | null;
  tags: readonly string[];
  /** Entry time, ms since epoch. */
  entryTime: number;
  /** Exit time, ms since epoch. */
  exitTime: number;
  /** Realised P&L in micro-units of money. */
  resultMicros: number;
  /** result ÷ initial risk, or null without a stop. */
  rMultiple: number | null;
}

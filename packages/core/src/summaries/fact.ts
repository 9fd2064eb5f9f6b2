/**
 * What analytics read of a closed trade. Storage yields these ordered by exitTime, then id;
 * money is integer micro-units so sums never drift.
 */
export interface ClosedTradeFact {
  id: string;
  instrument: string;
  setupType: string | null;
  tags: readonly string[];
  /** The trade's broker account, or null. */
  account: string | null;
  /** stock, option, future, forex, crypto, or null. */
  assetClass: string | null;
  /** The option strategy of a position of several legs, or null. */
  strategy: string | null;
  /** Entry time, ms since epoch. */
  entryTime: number;
  /** Exit time, ms since epoch. */
  exitTime: number;
  /** Realised P&L in micro-units of money. */
  resultMicros: number;
  /** Commissions and fees in micro-units of money (≥ 0). */
  feesMicros: number;
  /** result ÷ initial risk, or null without a stop. */
  rMultiple: number | null;
  /** The trade's currency as stated (null: its account's base currency, else unstated); read by `closedFacts` only. */
  currency?: string | null;
  /** The broker's rate to the account's base currency (decimal text), and that base when the file named it. */
  fxRate?: string | null;
  fxBase?: string | null;
  /** The excursion's money (micros) and R figures (null: none); read by `closedFacts` only. */
  maeMicros?: number | null;
  mfeMicros?: number | null;
  maeR?: number | null;
  mfeR?: number | null;
}

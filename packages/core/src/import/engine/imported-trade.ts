import type { Strategy } from '@tj/schemas';
import type { PartialExitRow } from '../../storage/rows.js';
import type { Fill } from '../formats/own/fills-csv.js';
import type { TradeImportInput } from '../formats/trade-input.js';

/** A trade built from fills, ready to create, with its dedup key and source lines. */
export interface ImportedTrade {
  /** Stable across re-imports of the same fills; see `matchFills`. */
  importKey: string;
  /** The fills' account ('' when none): the trade record has no such field. */
  account: string;
  /** First and last line of the fills that made it. */
  lines: [number, number];
  input: TradeImportInput;
  /**
   * The partial exits it booked before its close (all of them while it is open), oldest first,
   * one per instant (docs/analytics.md, "Partial exits").
   */
  partialExits: PartialExitRow[];
  /** The option strategy of a position of several legs; null for one instrument. */
  strategy: Strategy | null;
  /** The executions it was built from, in order (a fill split at flat gives each trade its share). */
  executions: TradePiece[];
  /** The broker's net P&L of its fills, in micros, when the file states it. */
  brokerPnlMicros?: number;
}

/** One execution's share in a trade. */
export interface TradePiece {
  fill: Fill;
  /** Its quantity in this trade, in 1e-8 units. */
  units: number;
  commissionMicros: number;
  feesMicros: number;
  /** The dedup key of this piece: the fill's, suffixed `#2` for the second part of a fill split at flat. */
  key: string;
  /** Whether it opened (or added to) its leg, or closed (part of) it. */
  role: 'open' | 'close';
  /** A replayed execution a corporate action of this import changed: its stored row is rewritten. */
  rewrite?: true;
}

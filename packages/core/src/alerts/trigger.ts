import type { AlertRow, TradeRow } from '../storage/rows.js';

/** A trade change that alerts look at: `before` is undefined for a new trade. */
export interface TradeChange {
  trade: TradeRow;
  before: TradeRow | undefined;
  /** Active alerts of the user, when the caller already has them (bulk imports). */
  alerts?: AlertRow[];
}

/** When and how much an alert fired for. */
export interface Trigger {
  periodKey: string;
  value: number;
  /** The trade it fired for, when not the trade of the change (a mark of another open position). */
  tradeId?: string;
  /** A breach between two closes: the start of the bar (or the fill) whose price breached the rule, that price and its series. */
  breach?: { time: number; price: number; instrument: string };
}

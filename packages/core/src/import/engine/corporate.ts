import type { Fill } from '../formats/own/fills-csv.js';
import type { Position } from './position.js';

/** A split or symbol change as the engine applies it to the positions it builds. */
export interface CorporateActionEvent {
  /** Identifies the action across imports. */
  key: string;
  kind: 'split' | 'symbolChange';
  /** null: every account. */
  account: string | null;
  instrument: string;
  /** Effective at (epoch ms): fills before it are in the old terms. */
  time: number;
  /** A split's new units per old unit (4 for 4:1, 0.1 for 1:10). */
  ratio?: number;
  /** A symbol change's new symbol. */
  newInstrument?: string;
  /** Stored before this import: executions replayed from storage were adjusted by it already. */
  stored: boolean;
}

/** True when the action concerns fills of `account` and `symbol`. */
export function concerns(action: CorporateActionEvent, account: string, symbol: string): boolean {
  return action.instrument === symbol && (action.account === null || action.account === account);
}

/**
 * Applies a split to the leg `symbol` of an open position: its lots and its pieces before the
 * action (replayed ones only when the action is new to storage) hold `ratio` times the units
 * at 1/ratio of the price; money does not change.
 */
export function splitLeg(position: Position, symbol: string, action: CorporateActionEvent): void {
  const leg = position.legs.get(symbol);
  const ratio = action.ratio;
  if (leg === undefined || ratio === undefined) return;
  leg.lots.split(ratio, action.time, !action.stored);
  leg.units = leg.lots.total();
  for (const piece of position.pieces) {
    const f = piece.fill;
    if (f.symbol !== symbol || f.datetime >= action.time || (f.seed !== undefined && action.stored)) continue;
    piece.fill = { ...f, price: f.price / ratio, quantity: f.quantity * ratio };
    piece.units = Math.round(piece.units * ratio);
  }
}

/** Renames the leg `symbol` of an open position to the action's new symbol, its pieces with it. */
export function renameLeg(position: Position, symbol: string, action: CorporateActionEvent): void {
  const leg = position.legs.get(symbol);
  const to = action.newInstrument;
  if (leg === undefined || to === undefined) return;
  position.legs.delete(symbol);
  leg.symbol = to;
  position.legs.set(to, leg);
  const opened = position.opening.get(symbol);
  if (opened !== undefined) {
    position.opening.delete(symbol);
    position.opening.set(to, opened);
  }
  for (const piece of position.pieces) {
    if (piece.fill.symbol === symbol) piece.fill = renamed(piece.fill, to);
  }
}

const renamed = (f: Fill, symbol: string): Fill => ({ ...f, symbol });

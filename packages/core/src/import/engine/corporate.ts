import type { SplitRatio } from '@tj/schemas';
import { splitPrice, splitQuantity } from '../../corporate-actions/adjust.js';
import { type CorporateActionFields, corporateActionKey, ratioOf } from '../../corporate-actions/record.js';
import type { CorporateActionRow } from '../../storage/rows.js';
import type { Fill } from '../formats/own/fills-csv.js';
import type { Position } from './position.js';

/** A split or symbol change as the engine applies it to the positions it builds. */
export interface CorporateActionEvent {
  /** Identifies the action across imports (its stored key). */
  key: string;
  kind: 'split' | 'symbolChange';
  /** null: every account. */
  account: string | null;
  instrument: string;
  /** Effective at (epoch ms): fills before it are in the old terms. */
  time: number;
  /** A split's new:old. */
  ratio?: SplitRatio;
  /** A symbol change's new symbol. */
  newInstrument?: string;
  /** Stored before this import: executions replayed from storage were adjusted by it already. */
  stored: boolean;
}

/** The event of an action a file states (new to storage unless its key is stored). */
export function fileActionEvent(a: CorporateActionFields): CorporateActionEvent {
  const event: CorporateActionEvent = {
    key: corporateActionKey(a),
    kind: a.kind,
    account: a.account,
    instrument: a.instrument,
    time: a.effectiveAt,
    stored: false,
  };
  if (a.ratio !== undefined) event.ratio = a.ratio;
  if (a.newInstrument !== undefined) event.newInstrument = a.newInstrument;
  return event;
}

/** The event of a stored action. */
export function storedActionEvent(row: CorporateActionRow): CorporateActionEvent {
  const event: CorporateActionEvent = {
    key: row.actionKey,
    kind: row.kind,
    account: row.account,
    instrument: row.instrument,
    time: row.effectiveAt,
    stored: true,
  };
  const ratio = ratioOf(row);
  if (ratio !== undefined) event.ratio = ratio;
  if (row.newInstrument !== null) event.newInstrument = row.newInstrument;
  return event;
}

/** True when the action concerns fills of `account` and `symbol`. */
export function concerns(action: CorporateActionEvent, account: string, symbol: string): boolean {
  return action.instrument === symbol && (action.account === null || action.account === account);
}

/**
 * Applies a split to the leg `symbol` of an open position: its lots and its pieces before the
 * action (replayed ones only when the action is new to storage) hold new ÷ old times the units
 * at old ÷ new of the price (exact decimals, as stored trades are split); money does not change.
 * A replayed piece it changes is marked, so the import rewrites the stored executions.
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
    piece.fill = { ...f, price: splitPrice(f.price, ratio), quantity: splitQuantity(f.quantity, ratio) };
    piece.units = Math.round((piece.units * ratio.new) / ratio.old);
    if (f.seed !== undefined) piece.rewrite = true;
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
    if (piece.fill.symbol !== symbol) continue;
    piece.fill = renamed(piece.fill, to);
    if (piece.fill.seed !== undefined) piece.rewrite = true;
  }
}

const renamed = (f: Fill, symbol: string): Fill => ({ ...f, symbol });

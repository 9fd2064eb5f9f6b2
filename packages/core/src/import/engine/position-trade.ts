import { fromMicros, toMicros } from '../../shared/money.js';
import type { PartialExitRow } from '../../storage/rows.js';
import { type LegShape, strategyOf } from '../../positions/strategy.js';
import type { TradeImportInput } from '../formats/trade-input.js';
import { formatDateTime, round10 } from '../values/plain.js';
import { QUANTITY_SCALE } from '../values/quantity.js';
import type { ImportedTrade, TradePiece } from './imported-trade.js';
import type { Position } from './position.js';

/**
 * The trade of a position: closed when flat, else open. One instrument gives the trade it always
 * did (VWAP entry and exit, size opened, fees); the legs of a strategy give one trade on the
 * underlying (see {@link strategyInput}). Partial exits are the bookings before the close (all of
 * them while open), one per instant.
 */
export function positionTrade(p: Position, account: string): ImportedTrade {
  const closed = p.flat;
  const strategy = p.legs.size > 1 ? (strategyOf(shapesOf(p)) ?? 'custom') : null;
  const input = strategy === null ? singleInput(p, closed) : strategyInput(p, closed);
  if (p.notes.length > 0) input.notes = p.notes.join(' | ');
  if (p.tags.size > 0) input.tags = [...p.tags];
  input.fees = fromMicros(p.feeMicros);
  if (account !== '') input.account = account;
  const partialExits: PartialExitRow[] = p.bookings
    .filter((b) => !closed || b.time < p.exitTime)
    .map((b) => ({ time: b.time, pnlMicros: b.micros }));
  const trade: ImportedTrade = {
    importKey: p.importKey,
    account,
    lines: [p.firstLine, p.lastLine],
    input,
    partialExits,
    strategy,
    executions: p.pieces,
  };
  if (p.brokerSeen) trade.brokerPnlMicros = p.brokerNet + p.brokerGross - (p.grossSeen ? p.feeMicros : 0);
  return trade;
}

/** Units and Σ price × units of the pieces of one role. */
function sums(pieces: readonly TradePiece[], role: TradePiece['role']): { units: number; notional: number } {
  let units = 0;
  let notional = 0;
  for (const piece of pieces) {
    if (piece.role !== role) continue;
    units += piece.units;
    notional += piece.fill.price * piece.units;
  }
  return { units, notional };
}

/** One instrument: the trade as a round trip from flat to flat, at the VWAPs of its fills. */
function singleInput(p: Position, closed: boolean): TradeImportInput {
  const first = p.pieces[0] as TradePiece;
  const leg = p.legs.get(first.fill.symbol);
  const opened = sums(p.pieces, 'open');
  const input: TradeImportInput = {
    instrument: first.fill.symbol,
    direction: first.fill.side === 'buy' ? 'long' : 'short',
    entryPrice: round10(opened.notional / opened.units),
    positionSize: (closed ? opened.units : (leg?.units ?? 0)) / QUANTITY_SCALE,
    entryTime: formatDateTime(p.entryTime),
  };
  input.multiplier = first.fill.multiplier;
  if (first.fill.details !== undefined) Object.assign(input, first.fill.details);
  if (closed) {
    const exits = sums(p.pieces, 'close');
    input.exitPrice = round10(exits.notional / exits.units);
    input.exitTime = formatDateTime(p.exitTime);
  }
  return input;
}

/** The cash of a piece: a sale brings price × quantity × multiplier in, a purchase pays it out. */
const cashOf = (piece: TradePiece): number =>
  ((piece.fill.side === 'sell' ? 1 : -1) * piece.fill.price * piece.units * piece.fill.multiplier) / QUANTITY_SCALE;

/**
 * The legs of a strategy as one trade on the underlying: positionSize is the number of spreads
 * (the smallest quantity opened among its option legs), multiplier the options' multiplier,
 * entryPrice the net premium per unit at the open (|opening cash| ÷ (size × multiplier)), long for
 * a net debit and short for a net credit, exitPrice the net premium per unit of the closing
 * fills (expiries at 0, the stock of an assignment at its strike), never below 0; the result is
 * the exact net cash of every leg less the fees, so it holds whatever the prices show.
 */
function strategyInput(p: Position, closed: boolean): TradeImportInput {
  const legs = [...p.legs.values()];
  const options = legs.filter((l) => l.isOption);
  const multiplier = options[0]?.multiplier ?? legs[0]?.multiplier ?? 1;
  const openedBy = new Map<string, number>();
  let openCash = 0;
  let closeCash = 0;
  let gross = 0;
  for (const piece of p.pieces) {
    const cash = cashOf(piece);
    gross += cash;
    if (piece.role === 'open') {
      openCash += cash;
      openedBy.set(piece.fill.symbol, (openedBy.get(piece.fill.symbol) ?? 0) + piece.units);
    } else closeCash += cash;
  }
  const sized = options.length > 0 ? options : legs;
  const units = Math.min(...sized.map((l) => openedBy.get(l.symbol) ?? 0)) / QUANTITY_SCALE;
  const per = units * multiplier;
  const direction = openCash <= 0 ? 'long' : 'short';
  const grossPremium = p.pieces.filter((x) => x.role === 'open').reduce((s, x) => s + Math.abs(cashOf(x)), 0);
  const input: TradeImportInput = {
    instrument: p.underlying,
    direction,
    entryPrice: round10((openCash === 0 ? grossPremium : Math.abs(openCash)) / per),
    positionSize: units,
    entryTime: formatDateTime(p.entryTime),
    multiplier,
    assetClass: 'option',
    underlying: p.underlying,
  };
  const expiries = options.flatMap((l) => l.details?.expiry ?? []).sort();
  if (expiries[0] !== undefined) input.expiry = expiries[0];
  const currency = legs.find((l) => l.details?.currency !== undefined)?.details?.currency;
  if (currency !== undefined) input.currency = currency;
  if (closed) {
    const exit = (direction === 'long' ? closeCash : -closeCash) / per;
    input.exitPrice = round10(Math.max(0, exit));
    input.exitTime = formatDateTime(p.exitTime);
    input.result = fromMicros(toMicros(gross) - p.feeMicros);
  }
  return input;
}

/** The legs as the position opened them (its first instant), for the strategy's name. */
function shapesOf(p: Position): LegShape[] {
  const shapes: LegShape[] = [];
  for (const [symbol, units] of p.opening) {
    const leg = p.legs.get(symbol);
    if (leg === undefined || units === 0) continue;
    const d = leg.details;
    shapes.push({
      assetClass: d?.assetClass ?? null,
      right: d?.right ?? null,
      strike: d?.strike ?? null,
      expiry: d?.expiry ?? null,
      quantity: units / QUANTITY_SCALE,
      multiplier: leg.multiplier,
    });
  }
  return shapes;
}

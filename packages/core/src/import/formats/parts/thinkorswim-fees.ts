/**
 * thinkorswim writes fees only in its cash sections (Cash Balance, Futures Statements): one
 * TRD row per execution, `BOT +2 VERTICAL SPY 100 (Weeklys) 17 APR 26 570/575 CALL @2.10`, a
 * second or two after the fill. This module attaches each such row to the execution it
 * belongs to and shares its fees among the execution's legs.
 *
 * The rule: a fee row belongs to an execution of the same side (BOT = the first leg buys), the
 * same quantity (the first leg's), whose symbol (`AAPL`, `SPY`, `/ESM26`) is a word of the
 * description, within ±3 seconds. Fee rows are taken in time order; each takes, among the
 * executions still without fees, one whose price (first leg or net price) is the row's
 * `@price` if any, else any, the earliest first. So identical executions take identical-looking
 * fee rows in time order (the k-th fee row goes to the k-th execution). Fees are shared among
 * the legs by quantity, exactly in micro-units. A fee row that matches no execution is reported.
 */
import { fromMicros, toMicros } from '../../../shared/money.js';
import { cellError } from '../../read/cell-error.js';
import { parseAmount, parseWallClock } from '../../values/broker.js';
import type { HeaderRow } from '../../read/csv-records.js';
import { optionalAmountCell } from './cells.js';
import type { BrokerFill, FormatWarning, WallClock } from '../types.js';

/** How far apart (either way) a fee row's time and its execution's may be. */
export const FEE_WINDOW_MS = 3000;

/** A wall-clock time as a number, to compare two times of one file (no zone involved). */
export function wallMs(w: WallClock): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);
}

/** The fees of one execution, as a cash section states them. */
export interface FeeRow {
  line: number;
  at: number;
  side: 'buy' | 'sell';
  quantity: number;
  price: number | undefined;
  words: string[];
  description: string;
  /** ≥ 0: Misc Fees (regulatory, exchange). */
  fees: number;
  /** ≥ 0: Commissions & Fees. */
  commission: number;
}

/** An execution of Account Trade History: the first leg's time and symbol, and all its legs. */
export interface Execution {
  wall: WallClock;
  /** `wall` as a number ({@link wallMs}). */
  at: number;
  side: 'buy' | 'sell';
  quantity: number;
  /** The Symbol cell of the first leg: a stock, an option's underlying, a futures contract. */
  symbol: string;
  /** Prices a fee row may show: the first leg's price and the order's net price. */
  prices: number[];
  legs: BrokerFill[];
  /** The order reference its legs share (the first leg's time and line). */
  orderId: string;
}

const DESCRIPTION = /^(BOT|SOLD)\s+([+-]?[\d,]*\.?\d+)\s+(.*?)(?:\s+@\s*(\S+))?\s*$/i;

/**
 * The fee row of a cash-section record (Cash Balance `DATE,TIME,…` or Futures Statements
 * `Exec Date,Exec Time,…`): undefined for rows that are not trades (TYPE other than TRD).
 */
export function parseFeeRow(row: HeaderRow): FeeRow | undefined {
  if (row.get('TYPE').toUpperCase() !== 'TRD') return undefined;
  const dateColumn = row.has('Exec Date') ? 'Exec Date' : 'DATE';
  const timeColumn = row.has('Exec Time') ? 'Exec Time' : 'TIME';
  const when = parseWallClock(`${row.get(dateColumn)} ${row.get(timeColumn)}`, 'M/d/yy HH:mm:ss');
  if (!when.ok) throw cellError(row.line, dateColumn, when.message);
  const description = row.get('DESCRIPTION');
  const m = DESCRIPTION.exec(description);
  if (m === null)
    throw cellError(row.line, 'DESCRIPTION', `"${description}" is not a trade description (BOT/SOLD qty symbol @price)`);
  const quantity = parseAmount(m[2] as string);
  if (!quantity.ok) throw cellError(row.line, 'DESCRIPTION', quantity.message);
  const price = m[4] === undefined ? undefined : parseAmount(m[4]);
  return {
    line: row.line,
    at: wallMs(when.value),
    side: (m[1] as string).toUpperCase() === 'BOT' ? 'buy' : 'sell',
    quantity: Math.abs(quantity.value),
    price: price?.ok ? Math.abs(price.value) : undefined,
    words: (m[3] as string).toUpperCase().split(/\s+/),
    description,
    fees: Math.abs(optionalAmountCell(row, 'Misc Fees')),
    commission: Math.abs(optionalAmountCell(row, 'Commissions & Fees')),
  };
}

/** Shares `amount` among `weights` in proportion, exactly: the shares add up to it in micro-units. */
function share(amount: number, weights: readonly number[]): number[] {
  const micros = toMicros(amount);
  const total = weights.reduce((a, b) => a + b, 0);
  let given = 0;
  return weights.map((w, i) => {
    const part = i === weights.length - 1 ? micros - given : Math.round((micros * w) / total);
    given += part;
    return fromMicros(part);
  });
}

function fits(fee: FeeRow, e: Execution): boolean {
  return (
    e.side === fee.side &&
    e.quantity === fee.quantity &&
    Math.abs(e.at - fee.at) <= FEE_WINDOW_MS &&
    fee.words.includes(e.symbol.toUpperCase())
  );
}

/**
 * Attaches every fee row to its execution (see the module's rule) and shares its fees among
 * the legs by quantity; returns a warning per fee row that fits no execution.
 * `executions` must be oldest first.
 */
export function attachFees(executions: readonly Execution[], fees: readonly FeeRow[]): FormatWarning[] {
  const taken = new Set<Execution>();
  const warnings: FormatWarning[] = [];
  const byTime = [...fees].sort((a, b) => a.at - b.at || a.line - b.line);
  for (const fee of byTime) {
    const candidates = executions.filter((e) => !taken.has(e) && fits(fee, e));
    const match = candidates.find((e) => fee.price !== undefined && e.prices.includes(fee.price)) ?? candidates[0];
    if (match === undefined) {
      warnings.push({
        line: fee.line,
        message: `the fees of "${fee.description}" fit no execution of Account Trade History: not counted`,
      });
      continue;
    }
    taken.add(match);
    const weights = match.legs.map((l) => l.quantity);
    const feeShares = share(fee.fees, weights);
    const commissionShares = share(fee.commission, weights);
    match.legs.forEach((leg, i) => {
      leg.fees = fromMicros(toMicros(leg.fees ?? 0) + toMicros(feeShares[i] as number));
      leg.commission = fromMicros(toMicros(leg.commission ?? 0) + toMicros(commissionShares[i] as number));
    });
  }
  return warnings;
}

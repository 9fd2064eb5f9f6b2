/**
 * What the Interactive Brokers exports share: their date-time spellings, asset classes, trade
 * codes, the sign of commissions, and the option details and multipliers a row states.
 */
import type { AssetClass } from '@tj/schemas';
import type { Parsed } from '../../values/plain.js';
import { parseWallClock } from '../../values/broker.js';
import { atDateOnlyHour } from './time-order.js';
import { FUTURES, occSymbol, parseIbkrOptionSymbol } from '../../../instruments/catalogue.js';
import type { BrokerTime, InstrumentHints, PositionEffect } from '../types.js';

const ISO = /^(\d{4})-?(\d{2})-?(\d{2})(?:\s*[;,T ]\s*(\d{2}):?(\d{2}):?(\d{2}))?$/;
const US = /^(\d{2})\/(\d{2})\/(\d{4}|\d{2})(?:\s*[;, ]\s*(\d{2}):?(\d{2}):?(\d{2}))?$/;

/**
 * Reads an IBKR date-time as a wall-clock time (IBKR writes them in the zone the account is set
 * to, without saying which). Statements write `2021-01-27, 13:31:38`; Flex queries write their
 * configured date (yyyyMMdd, yyyy-MM-dd, MM/dd/yyyy, MM/dd/yy) and time (HHmmss, HH:mm:ss) joined
 * by `;`, `,` or a blank. A date alone reads as noon of that day ({@link atDateOnlyHour}).
 *
 * @example parseIbkrTime('20260323;122919') // { ok: true, value: { wall: 2026-03-23 12:29:19 } }
 */
export function parseIbkrTime(raw: string): Parsed<BrokerTime> {
  const s = raw.trim();
  let parts = ISO.exec(s)?.slice(1);
  if (parts === undefined) {
    const us = US.exec(s);
    if (us !== null) parts = [us[3]!.length === 2 ? `20${us[3]}` : us[3]!, us[1]!, us[2]!, us[4]!, us[5]!, us[6]!];
  }
  if (parts === undefined) {
    return { ok: false, message: `"${s}" is not an IBKR date-time (e.g. "2021-01-27, 13:31:38" or 20210127;133138)` };
  }
  const [y, mo, d, h, mi, se] = parts;
  const dateOnly = h === undefined;
  const wall = parseWallClock(`${y}-${mo}-${d} ${h ?? '00'}:${mi ?? '00'}:${se ?? '00'}`, 'yyyy-MM-dd HH:mm:ss');
  if (!wall.ok) return { ok: false, message: `"${s}" is not a valid date-time` };
  return { ok: true, value: { wall: dateOnly ? atDateOnlyHour(wall.value) : wall.value } };
}

/** Statement asset categories and Flex asset classes; `null` marks the ones not imported. */
const ASSET_CLASSES: Record<string, AssetClass | null> = {
  stocks: 'stock',
  stk: 'stock',
  'equity and index options': 'option',
  opt: 'option',
  futures: 'future',
  fut: 'future',
  'options on futures': 'option',
  fop: 'option',
  crypto: 'crypto',
  cryptocurrency: 'crypto',
  forex: null,
  cash: null,
};

/**
 * The asset class of an IBKR category (`Stocks`, `Equity and Index Options`, `Futures`, `Options
 * On Futures`) or Flex class (STK, OPT, FUT, FOP, CRYPTO): `undefined` when blank, `null` for the
 * ones not imported (Forex / CASH are currency conversions; bonds, CFDs, warrants, funds).
 */
export function ibkrAssetClass(raw: string): AssetClass | null | undefined {
  const key = raw.trim().toLowerCase();
  if (key === '') return undefined;
  const known = ASSET_CLASSES[key];
  return known === undefined ? null : known;
}

/** True for options on futures (their multiplier is the future's point value, not 100). */
export function isFuturesOption(raw: string): boolean {
  const key = raw.trim().toLowerCase();
  return key === 'fop' || key === 'options on futures';
}

/** The codes of a row (`C;Ep`, `A;O`, `O,P`), upper-cased. */
export function ibkrCodes(raw: string): Set<string> {
  return new Set(
    raw
      .toUpperCase()
      .split(/[;,\s]+/)
      .filter((c) => c !== ''),
  );
}

/**
 * The position effect of IBKR codes (statement `Code`, Flex `Notes/Codes` plus
 * `Open/CloseIndicator`): on an option's row, Ep expired, A assigned and Ex exercised (the row
 * that closes the option); else O open or C close (the stock row of an assignment or exercise, a
 * future's expiry at its settlement); undefined for a row that both closes and opens (a flip) or
 * says neither.
 */
export function ibkrEffect(codes: ReadonlySet<string>, option: boolean): PositionEffect | undefined {
  const closes = codes.has('C');
  const opens = codes.has('O');
  if (option && codes.has('EP')) return 'expired';
  if (option && closes && codes.has('A')) return 'assigned';
  if (option && closes && codes.has('EX')) return 'exercised';
  if (opens !== closes) return opens ? 'open' : 'close';
  // An expiry row may carry Ep alone: it closes.
  return codes.has('EP') ? 'close' : undefined;
}

/**
 * An IBKR order id as a fill's order reference: '' for none, and for 0, which IBKR writes on
 * rows no order made (expiries, assignments and exercises booked by IBKR).
 */
export function ibkrOrderId(raw: string): string {
  return /^0+$/.test(raw.trim()) ? '' : raw.trim();
}

/**
 * IBKR's commission (written negative) as a cost ≥ 0. A positive one is a rebate: fills carry
 * costs ≥ 0, so it is carried as positive financing, and the row's sum is kept.
 *
 * @example ibkrCommission(-1.02) // { commission: 1.02 }; ibkrCommission(0.12) // { commission: 0, financing: 0.12 }
 */
export function ibkrCommission(value: number): { commission: number; financing?: number } {
  return value <= 0 ? { commission: -value } : { commission: 0, financing: value };
}

/**
 * The contract multiplier a row implies: |proceeds| / (|quantity| × price), when that is a whole
 * number within 0.1% (IBKR rounds proceeds to cents); undefined when it cannot be told.
 */
export function multiplierFromProceeds(proceeds: number, quantity: number, price: number): number | undefined {
  if (proceeds === 0 || quantity === 0 || !(price > 0)) return undefined;
  const ratio = Math.abs(proceeds) / (Math.abs(quantity) * price);
  const whole = Math.round(ratio);
  return whole >= 1 && Math.abs(ratio - whole) <= whole * 1e-3 ? whole : undefined;
}

/** Option details stated in columns, where the export has them. */
export interface StatedOption {
  underlying?: string;
  expiry?: string;
  strike?: number;
  right?: 'call' | 'put';
}

/**
 * An option row's symbol and hints: the details its columns state, else those its symbol spells
 * (`CLOV 16JUL21 20.0 C`, `CLOV  210716C00020000`). An option on stocks or an index takes the
 * compact OCC symbol (`CLOV210716C00020000`), the one spelling every format gives options, so
 * statements and Flex files of one account name a contract alike; an option on futures keeps
 * IBKR's symbol, as does a contract the row does not spell out in full.
 *
 * @example ibkrOption('CLOV 16JUL21 20.0 C').symbol // 'CLOV210716C00020000'
 */
export function ibkrOption(symbol: string, stated: StatedOption = {}, onFutures = false): { symbol: string } & InstrumentHints {
  const parsed = parseIbkrOptionSymbol(symbol);
  const hints: InstrumentHints = { assetClass: 'option' };
  const underlying = stated.underlying || parsed?.underlying;
  const expiry = stated.expiry ?? parsed?.expiry;
  const strike = stated.strike ?? parsed?.strike;
  const right = stated.right ?? parsed?.right;
  if (underlying) hints.underlying = underlying;
  if (expiry !== undefined) hints.expiry = expiry;
  if (strike !== undefined) hints.strike = strike;
  if (right !== undefined) hints.right = right;
  const contract =
    parsed ??
    (underlying && expiry !== undefined && strike !== undefined && right !== undefined
      ? { underlying, expiry, strike, right }
      : undefined);
  return { symbol: contract === undefined || onFutures ? symbol : occSymbol(contract), ...hints };
}

/** The point value of a future option's underlying root, from the catalogue (`ES` → 50). */
export function futuresOptionMultiplier(underlying: string | undefined): number | undefined {
  return underlying === undefined ? undefined : FUTURES.get(underlying.toUpperCase())?.pointValue;
}

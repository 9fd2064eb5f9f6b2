/**
 * The rows of IBKR Flex exports (Flex Query Trades in CSV or XML, Trade Confirmation Flex) and
 * what each one is: an execution, or the cancellation of one. CSV columns and XML attributes
 * share their names once case and `/` are ignored (`Buy/Sell` = `buySell`, `IBCommission` =
 * `ibCommission`), so one mapping serves both.
 */
import { cellError } from '../../read/cell-error.js';
import { parseAmount, parseOptionalAmount, sideOf } from '../../values/broker.js';
import { columnKey, type HeaderRow, headerRow } from '../../read/csv-records.js';
import type { BrokerFill, CsvLine, XmlElement } from '../types.js';
import * as ibkr from './ibkr-values.js';
import type { StatedOption } from './ibkr-values.js';
import { cellValue } from './cells.js';

/** A Flex row seen by field name: a CSV record through its header, or an XML element. */
export interface FlexRow extends HeaderRow {
  /** The field's name as the file writes it (`Date/Time`, `dateTime`), for messages; `name` when absent. */
  nameOf(name: string): string;
}

/** An XML element's attributes as a {@link FlexRow}. */
export function xmlFlexRow(element: XmlElement): FlexRow {
  const byKey = new Map<string, [string, string]>();
  for (const [name, value] of Object.entries(element.attributes)) byKey.set(columnKey(name), [name, value.trim()]);
  return {
    line: element.line,
    get: (name) => byKey.get(columnKey(name))?.[1] ?? '',
    has: (name) => byKey.has(columnKey(name)),
    nameOf: (name) => byKey.get(columnKey(name))?.[0] ?? name,
  };
}

/** A CSV record as a {@link FlexRow} under the header `cells` (indexed as `index`). */
export function csvFlexRow(cells: readonly string[], index: Map<string, number>, record: CsvLine): FlexRow {
  return {
    ...headerRow(index, record),
    nameOf: (name) => {
      const i = index.get(columnKey(name));
      return i === undefined ? name : (cells[i] as string).trim();
    },
  };
}

/** The first non-empty field among `names`, and the name to blame when it is wrong. */
function pick(row: FlexRow, names: readonly string[]): { value: string; column: string } {
  for (const name of names) {
    const value = row.get(name);
    if (value !== '') return { value, column: row.nameOf(name) };
  }
  return { value: '', column: row.nameOf(names.find((n) => row.has(n)) ?? (names[0] as string)) };
}

/** The amount of the first non-empty field among `names`. */
function amountOf(row: FlexRow, names: readonly string[]): number {
  const { value, column } = pick(row, names);
  return cellValue(row, column, parseAmount(value));
}

/** Like {@link amountOf}, 0 when every field is blank. */
function optionalAmountOf(row: FlexRow, names: readonly string[]): number {
  const { value, column } = pick(row, names);
  return cellValue(row, column, parseOptionalAmount(value, 0));
}

const TIME = ['DateTime', 'Date/Time'];
const CODES = ['Notes/Codes', 'Notes', 'Code'];

function timeOf(row: FlexRow): BrokerFill['time'] {
  let { value, column } = pick(row, TIME);
  if (value === '') {
    ({ value, column } = pick(row, ['TradeDate']));
    const time = row.get('TradeTime');
    if (time !== '') value = `${value};${time}`;
  }
  const r = ibkr.parseIbkrTime(value);
  if (!r.ok) throw cellError(row.line, column, r.message);
  return r.value;
}

function statedDetails(row: FlexRow): StatedOption {
  const stated: StatedOption = {};
  const underlying = row.get('UnderlyingSymbol');
  if (underlying !== '') stated.underlying = underlying;
  const expiry = row.get('Expiry');
  if (expiry !== '') {
    const r = ibkr.parseIbkrTime(expiry);
    if (!r.ok || !('wall' in r.value))
      throw cellError(row.line, row.nameOf('Expiry'), r.ok ? `"${expiry}" is not a date` : r.message);
    const { year, month, day } = r.value.wall;
    stated.expiry = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }
  const strike = optionalAmountOf(row, ['Strike']);
  if (strike > 0) stated.strike = strike;
  const right = row.get('Put/Call').toUpperCase();
  if (right === 'C' || right === 'CALL') stated.right = 'call';
  else if (right === 'P' || right === 'PUT') stated.right = 'put';
  return stated;
}

/** The row's account, else `fallback` (an XML statement's accountId). */
function accountOf(row: FlexRow, fallback: string): string {
  return pick(row, ['ClientAccountID', 'AccountId', 'Account']).value || fallback;
}

/** The broker's id of the execution: IBExecID, else ExecID, TradeID, TransactionID; '' when none. */
function execIdOf(row: FlexRow): string {
  return pick(row, ['IBExecID', 'ExecID', 'TradeID', 'TransactionID']).value;
}

/** The level of detail of a row (`EXECUTION`, `ORDER`, `CLOSED_LOT`, …; '' when not stated). */
export function levelOf(row: FlexRow): string {
  return row.get('LevelOfDetail').toUpperCase();
}

/** The asset class or category as written (`STK`, `OPT`, `FUT`, `CASH`). */
export function categoryOf(row: FlexRow): string {
  return pick(row, ['AssetClass', 'AssetCategory']).value;
}

/** What a cancellation row names of the execution it cancels. */
export interface Cancelled {
  account: string;
  execId: string;
  symbol: string;
  /** The time as JSON, to compare. */
  time: string;
  quantity: number;
  price: number;
}

/** The execution a cancellation row cancels. */
export function cancelledBy(row: FlexRow, account: string): Cancelled {
  return {
    account: accountOf(row, account),
    execId: execIdOf(row),
    symbol: row.get('Symbol'),
    time: JSON.stringify(timeOf(row)),
    quantity: Math.abs(amountOf(row, ['Quantity'])),
    price: amountOf(row, ['TradePrice', 'Price']),
  };
}

/** True for a cancellation row: TransactionType TradeCancel, `BUY (Ca.)`, or code Ca. */
export function isCancellation(row: FlexRow): boolean {
  return (
    row.get('TransactionType').toLowerCase() === 'tradecancel' ||
    /\(ca\.?\)/i.test(row.get('Buy/Sell')) ||
    ibkr.ibkrCodes(pick(row, CODES).value).has('CA')
  );
}

/** The execution of one Flex row (not a cancellation, of an imported asset class). */
export function flexFill(row: FlexRow, account: string, category: string): BrokerFill {
  const quantity = amountOf(row, ['Quantity']);
  if (quantity === 0) throw cellError(row.line, row.nameOf('Quantity'), `"${row.get('Quantity')}": a trade of quantity 0`);
  const sideText = row.get('Buy/Sell');
  const side = sideText === '' ? (quantity < 0 ? 'sell' : 'buy') : sideOf(sideText);
  if (side === undefined) throw cellError(row.line, row.nameOf('Buy/Sell'), `"${sideText}" is not BUY or SELL`);
  const symbol = row.get('Symbol');
  if (symbol === '') throw cellError(row.line, row.nameOf('Symbol'), 'is empty');
  const fill: BrokerFill = {
    kind: 'fill',
    line: row.line,
    time: timeOf(row),
    account: accountOf(row, account),
    symbol,
    side,
    quantity: Math.abs(quantity),
    price: amountOf(row, ['TradePrice', 'Price']),
    ...ibkr.ibkrCommission(optionalAmountOf(row, ['IBCommission', 'Commission'])),
  };
  const fees = Math.abs(optionalAmountOf(row, ['Taxes', 'Tax']));
  if (fees > 0) fill.fees = fees;
  const execId = execIdOf(row);
  if (execId !== '') fill.execId = execId;
  const orderId = ibkr.ibkrOrderId(pick(row, ['IBOrderID', 'OrderID']).value);
  if (orderId !== '') fill.orderId = orderId;
  const currency = pick(row, ['CurrencyPrimary', 'Currency']).value;
  if (currency !== '') fill.currency = currency;
  // The rate to the account's base currency; 1 (or blank) for a trade in the base currency itself.
  const toBase = pick(row, ['FXRateToBase']).value;
  if (/^\d{1,12}(\.\d{1,12})?$/.test(toBase) && /[1-9]/.test(toBase)) fill.fxRateToBase = toBase;
  const assetClass = ibkr.ibkrAssetClass(category);
  if (assetClass === 'option') Object.assign(fill, ibkr.ibkrOption(symbol, statedDetails(row), ibkr.isFuturesOption(category)));
  else if (assetClass === 'future') {
    const { underlying, expiry } = statedDetails(row);
    Object.assign(fill, { assetClass, ...(underlying !== undefined && { underlying }), ...(expiry !== undefined && { expiry }) });
  } else if (assetClass !== undefined && assetClass !== null) fill.assetClass = assetClass;
  const multiplier = optionalAmountOf(row, ['Multiplier']);
  if (multiplier > 0) fill.multiplier = multiplier;
  else if (ibkr.isFuturesOption(category)) {
    const pointValue = ibkr.futuresOptionMultiplier(fill.underlying);
    if (pointValue === undefined)
      throw cellError(row.line, row.nameOf('Multiplier'), `cannot tell the multiplier of the option on futures "${symbol}"`);
    fill.multiplier = pointValue;
  }
  const effect = ibkr.ibkrEffect(
    new Set([...ibkr.ibkrCodes(pick(row, CODES).value), ...ibkr.ibkrCodes(row.get('Open/CloseIndicator'))]),
    assetClass === 'option',
  );
  if (effect !== undefined) fill.effect = effect;
  if (row.has('FifoPnlRealized')) {
    const realized = optionalAmountOf(row, ['FifoPnlRealized']);
    if (realized !== 0 || (effect !== undefined && effect !== 'open')) fill.brokerPnl = { amount: realized, basis: 'net' };
  }
  return fill;
}

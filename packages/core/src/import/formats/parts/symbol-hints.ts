/**
 * What a bare symbol says of its instrument, for exports that mix stocks with options (and
 * futures) in one symbol column without an asset-class column.
 */
import { cellError } from '../../read/cell-error.js';
import type { HeaderRow } from '../../read/csv-records.js';
import {
  type OptionContract,
  occSymbol,
  parseFuturesContract,
  parseOccSymbol,
  parseShortOptionSymbol,
} from '../../../instruments/catalogue.js';
import type { InstrumentHints } from '../types.js';

/** A symbol as fills carry it, and the hints it gives. */
export interface SymbolHints {
  symbol: string;
  hints: InstrumentHints;
}

/** The hints of an option contract (multiplier left to the pipeline's default of 100 unless given). */
export function optionHints(option: OptionContract, multiplier?: number): SymbolHints {
  const hints: InstrumentHints = {
    assetClass: 'option',
    underlying: option.underlying,
    expiry: option.expiry,
    strike: option.strike,
    right: option.right,
  };
  if (multiplier !== undefined) hints.multiplier = multiplier;
  return { symbol: occSymbol(option), hints };
}

/**
 * An option symbol (OCC, or the short `SPY 250321C570`) is an option in the compact OCC
 * spelling; with `futures`, a futures contract spelling (`ESZ24`, `/ESZ4`) is a future (the
 * pipeline's catalogue gives its point value, or names the unknown root); a symbol with a blank
 * and a digit (a contract spelling not known here) is undefined, so that no option or future is
 * taken for a stock; anything else is a stock.
 *
 * @example symbolHints('SPY   250321C00570000')?.symbol // 'SPY250321C00570000'
 */
export function symbolHints(raw: string, options: { futures?: boolean } = {}): SymbolHints | undefined {
  const symbol = raw.trim();
  const option = parseOccSymbol(symbol) ?? parseShortOptionSymbol(symbol);
  if (option !== undefined) return optionHints(option);
  if (options.futures === true && parseFuturesContract(symbol) !== undefined) return { symbol, hints: { assetClass: 'future' } };
  if (/\s/.test(symbol) && /\d/.test(symbol)) return undefined;
  return { symbol, hints: { assetClass: 'stock' } };
}

/** The symbol in `column` with its hints ({@link symbolHints}); blank or unreadable is an error naming the cell. */
export function symbolCell(row: HeaderRow, column: string, options: { futures?: boolean } = {}): SymbolHints {
  const raw = row.get(column);
  if (raw === '') throw cellError(row.line, column, 'is blank');
  const read = symbolHints(raw, options);
  if (read === undefined) {
    throw cellError(
      row.line,
      column,
      `"${raw}" looks like an option or futures contract in a spelling this format does not read`,
    );
  }
  return read;
}

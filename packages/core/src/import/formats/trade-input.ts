import { createHash } from 'node:crypto';
import { type AssetClass, type OptionRight, TRADE_CREATE_FIELDS } from '@tj/schemas';

/** Trade direction, as in the trade record. */
export type Direction = 'long' | 'short';

/**
 * The create fields of a trade, as an importer sends them to the trade service (date-times
 * are UTC ISO strings; absent optional fields are omitted, never undefined).
 */
export interface TradeImportInput {
  instrument: string;
  direction: Direction;
  entryPrice: number;
  positionSize: number;
  entryTime: string;
  stopLoss?: number;
  takeProfit?: number;
  setupType?: string;
  notes?: string;
  tags?: string[];
  fees?: number;
  multiplier?: number;
  exitPrice?: number;
  exitTime?: string;
  result?: number;
  account?: string;
  assetClass?: AssetClass;
  currency?: string;
  underlying?: string;
  /** YYYY-MM-DD. */
  expiry?: string;
  strike?: number;
  right?: OptionRight;
}

/** The fields of {@link TradeImportInput} in their canonical (hash and CSV) order: the trade create schema's fields. */
export const TRADE_INPUT_FIELDS: readonly (keyof TradeImportInput)[] = TRADE_CREATE_FIELDS;

/** Hex SHA-256 of a string (a pure computation: no I/O). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * A canonical text of a trade input: parsed values in a fixed field order, tags sorted, so
 * `1.50` and `1.5`, or `a;b` and `b;a`, give the same text.
 */
export function canonicalTradeInput(input: TradeImportInput): string {
  const pairs: [string, unknown][] = [];
  for (const key of TRADE_INPUT_FIELDS) {
    const value = input[key];
    if (value === undefined) continue;
    pairs.push([key, Array.isArray(value) ? [...value].sort() : value]);
  }
  return JSON.stringify(pairs);
}

/** One trade to write, from any reader (our trades CSV, matched fills, a broker format). */
export interface ImportItem {
  /** The line (or first and last lines) it came from, for error messages. */
  line?: number;
  lines?: [number, number];
  importKey: string;
  id?: string;
  input: TradeImportInput;
}

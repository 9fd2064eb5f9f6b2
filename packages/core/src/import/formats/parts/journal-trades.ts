/**
 * Pieces of the formats that read another journal's export: files that state whole trades
 * (entry, exit, the journal's P&L, notes, tags), imported as trade records, not fills.
 */
import { cellError } from '../../read/cell-error.js';
import type { HeaderRow } from '../../read/csv-records.js';
import { parseFuturesContract } from '../../../instruments/catalogue.js';
import { formatDateTime, MAX_TAG_LENGTH, MAX_TAGS, parseTags } from '../../values/plain.js';
import { canonicalTradeInput, sha256Hex, type TradeImportInput } from '../trade-input.js';
import type { TradeRecord } from '../types.js';
import { cellValue } from './cells.js';

/**
 * Import keys from a row's content, stable across re-imports of the same file: `<prefix>:<sha256
 * of the trade's fields>`, and `#2`, `#3`… for the second and later trades with the same fields in
 * one file (two identical trades on one day stay two trades).
 */
export function contentKeys(prefix: string): (input: TradeImportInput) => string {
  const seen = new Map<string, number>();
  return (input) => {
    const hash = sha256Hex(canonicalTradeInput(input));
    const n = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, n);
    return n === 1 ? `${prefix}:${hash}` : `${prefix}:${hash}#${n}`;
  };
}

/** A trade record of `row`. */
export function journalTrade(row: HeaderRow, importKey: string, input: TradeImportInput): TradeRecord {
  return { kind: 'trade', line: row.line, importKey, input };
}

/** A long/short cell as the trade's direction. */
export function directionCell(row: HeaderRow, column: string): 'long' | 'short' {
  const s = row.get(column).toLowerCase();
  if (s === 'long' || s === 'short') return s;
  throw cellError(row.line, column, `"${row.get(column)}" is not long or short`);
}

/** A tags cell (`;`-separated), plus `extra` tags, without duplicates; over-long tags are an error naming the cell. */
export function tagsCell(row: HeaderRow, column: string, extra: readonly string[] = []): string[] {
  const tags = cellValue(row, column, parseTags([row.get(column), ...extra].join(';')));
  if (tags.length > MAX_TAGS) throw cellError(row.line, column, `at most ${MAX_TAGS} tags, found ${tags.length}`);
  return tags.filter((t) => t.length <= MAX_TAG_LENGTH);
}

/** A Unix time in seconds (`1710596112`) as a UTC ISO date-time. */
export function unixSecondsCell(row: HeaderRow, column: string): string {
  const raw = row.get(column);
  if (!/^\d{9,11}(\.\d+)?$/.test(raw)) throw cellError(row.line, column, `"${raw}" is not a Unix time in seconds`);
  return formatDateTime(Math.round(Number(raw) * 1000));
}

/** The instrument fields a journal's asset type implies: options count 100 a contract, futures their catalogue point value. */
export function assetFields(type: string, symbol: string): Partial<TradeImportInput> {
  const t = type.toLowerCase();
  if (t === 'stock' || t === 'stocks' || t === 'equity') return { assetClass: 'stock', multiplier: 1 };
  if (t === 'option' || t === 'options') return { assetClass: 'option', multiplier: 100 };
  if (t === 'future' || t === 'futures') {
    const contract = parseFuturesContract(symbol);
    const out: Partial<TradeImportInput> = { assetClass: 'future' };
    if (contract !== undefined) out.underlying = contract.root;
    if (contract?.spec !== undefined) out.multiplier = contract.spec.pointValue;
    return out;
  }
  if (t === 'forex') return { assetClass: 'forex' };
  if (t === 'crypto') return { assetClass: 'crypto' };
  return {};
}

/** Sets `key` of `input` when `value` is neither undefined nor ''. */
export function setIfGiven<K extends keyof TradeImportInput>(
  input: TradeImportInput,
  key: K,
  value: TradeImportInput[K] | '' | undefined,
): void {
  if (value !== undefined && value !== '') input[key] = value as TradeImportInput[K];
}

/**
 * Telling the two IBKR Flex CSV layouts apart. Both are trades tables in IBKR's vocabulary;
 * Activity Flex names its columns `TradePrice`, `IBCommission`, `IBExecID`, … while Trade
 * Confirmation Flex names them `Price`, `Commission`, `ExecID`, and always has a time.
 */
import { columnKey, headerIndex } from '../../read/csv-records.js';
import type { FileHead } from '../types.js';
import { flexHeaderOf } from './ibkr-flex-csv-rows.js';

const IBKR_VOCABULARY = ['ClientAccountID', 'AssetClass', 'CurrencyPrimary', 'LevelOfDetail', 'UnderlyingSymbol', 'Put/Call'];
const FLEX_ONLY = [
  'TradePrice',
  'IBCommission',
  'IBExecID',
  'IBOrderID',
  'NetCash',
  'FifoPnlRealized',
  'Open/CloseIndicator',
  'Notes/Codes',
  'TradeMoney',
  'IBCommissionCurrency',
];
const CONFIRM_ONLY = ['ExecID', 'OrderID', 'Code', 'Price', 'Commission', 'Amount', 'CommissionCurrency', 'AllocatedTo'];

/** How strongly the head's trades header looks like Activity Flex (`flex`) or Trade Confirmation (`confirm`). */
export function flexScores(head: FileHead): { flex: number; confirm: number } {
  const header = flexHeaderOf(head);
  if (header === undefined) return { flex: 0, confirm: 0 };
  const index = headerIndex(header);
  const has = (name: string) => index.has(columnKey(name));
  if (!IBKR_VOCABULARY.some(has) || !(has('DateTime') || has('TradeDate'))) return { flex: 0, confirm: 0 };
  const f = FLEX_ONLY.filter(has).length;
  const c = CONFIRM_ONLY.filter(has).length;
  if (f + c === 0) return { flex: 0.62, confirm: has('DateTime') ? 0.6 : 0 };
  return { flex: 0.6 + (0.35 * f) / (f + c), confirm: has('DateTime') ? 0.6 + (0.35 * c) / (f + c) : 0 };
}

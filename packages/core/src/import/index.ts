/**
 * Import of trades CSV and fills CSV files: streaming readers (no I/O: they take chunks or
 * lines), the trades CSV export format, and FIFO matching of fills into trades.
 */
export { cellError, cellIssue, lineError } from './read/cell-error.js';
export type { CsvChunks } from './read/chunks.js';
export {
  type CsvReadOptions,
  type NumberedLine,
  readCsv,
  readCsvBatches,
  readCsvHeader,
  readCsvReversed,
} from './read/csv-rows.js';
export { type CsvHeader, type CsvRecord, type CsvRow, defaultNormalizeName, looseColumnName } from './read/csv-columns.js';
export { type CsvRecordsOptions, DEFAULT_MAX_RECORD_LENGTH } from './read/csv-records.js';
export {
  detectFillOrder,
  FILL_ORDER_SAMPLE,
  type FillOrder,
  type FillsFile,
  type OpenedFills,
  openFillsCsv,
} from './formats/own/fill-order.js';
export {
  type Fill,
  type FillSide,
  type FillsCsvOptions,
  parseFillRow,
  readFillsCsv,
  readFillsCsvReversed,
} from './formats/own/fills-csv.js';
export { canonicalFill, matchFills } from './match-fills.js';
export type { ImportedTrade } from './round-trip.js';
export { MAX_FILL_QUANTITY, QUANTITY_SCALE } from './values/quantity.js';
export { canonicalTradeInput, type Direction, TRADE_INPUT_FIELDS, type TradeImportInput } from './formats/trade-input.js';
export { parseTradeRow, readTradesCsv, type TradeCsvItem } from './formats/own/trades-csv-read.js';
export {
  type DateLike,
  formatTradeCsvRow,
  formatTradesCsvHeader,
  neutralizeCsvCell,
  quoteCsvCell,
  restoreCsvCell,
  TRADES_CSV_COLUMNS,
  type TradeCsvRecord,
} from './formats/own/trades-csv-write.js';
export { parseDateTime, parseDecimal } from './values/plain.js';
export type { ImportItem } from './formats/trade-input.js';
export * from './formats/index.js';
export {
  type ImportDetection,
  type ImportRunOptions,
  type ImportSource,
  type Imports,
  type SkippedRow,
  formatInfo,
  imports,
} from './imports.js';
export { type ImportCreateOptions, importHistory } from './history.js';
export { type ImportProfiles, importProfiles, MAX_IMPORT_PROFILES } from './profiles.js';

/**
 * Import of any trade file, in layers from the bottom: `read/` turns bytes into records (CSV
 * records and rows, XML elements; no I/O: they take chunks or lines), `values/` a cell's text
 * into a value (numbers, times, instruments), `formats/` records into fills or trades (the
 * registry, the built-in brokers, our own CSVs, saved mappings), `engine/` fills into trades
 * and writes them (the pipeline, dedup, FIFO matching, the writer, one run), and the services
 * on top (`core.imports`: run, history, profiles). See docs/architecture.md.
 */

// read/: bytes to records.
export { cellError, cellIssue, lineError } from './read/cell-error.js';
export type { CsvChunks } from './read/chunks.js';
export {
  columnKey,
  type CsvRecordsOptions,
  DEFAULT_MAX_RECORD_LENGTH,
  type HeaderRow,
  headerIndex,
  headerRow,
  headerScore,
  readCsvRecords,
  readFileHead,
  sniffDelimiter,
} from './read/csv-records.js';
export { type CsvHeader, type CsvRecord, type CsvRow, defaultNormalizeName, looseColumnName } from './read/csv-columns.js';
export {
  type CsvReadOptions,
  type NumberedLine,
  readCsv,
  readCsvBatches,
  readCsvHeader,
  readCsvReversed,
} from './read/csv-rows.js';
export { readXmlElements } from './read/xml-elements.js';

// values/: a cell's text to a value.
export { parseDateTime, parseDecimal } from './values/plain.js';
export { type NumberLocale, parseAmount, parseOptionalAmount, parseWallClock, sideOf } from './values/broker.js';
export { wallClockToInstant, type ZonedInstant } from './values/zoned-time.js';
export {
  FUTURES,
  type FuturesContract,
  type FuturesSpec,
  type OptionContract,
  occSymbol,
  parseFuturesContract,
  parseIbkrOptionSymbol,
  parseOccSymbol,
  parseSchwabOptionSymbol,
  parseShortOptionSymbol,
  parseThinkorswimExpiry,
  parseThinkorswimOption,
} from '../instruments/catalogue.js';
export { MAX_FILL_QUANTITY, QUANTITY_SCALE } from './values/quantity.js';

// formats/: records to fills or trades.
export * from './formats/index.js';
export {
  canonicalTradeInput,
  type Direction,
  type ImportItem,
  TRADE_INPUT_FIELDS,
  type TradeImportInput,
} from './formats/trade-input.js';
export {
  type Fill,
  type FillSide,
  type FillsCsvOptions,
  parseFillRow,
  readFillsCsv,
  readFillsCsvReversed,
} from './formats/own/fills-csv.js';
export {
  detectFillOrder,
  FILL_ORDER_SAMPLE,
  type FillOrder,
  type FillsFile,
  type OpenedFills,
  openFillsCsv,
} from './formats/own/fill-order.js';
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

// engine/: fills to trades, written.
export {
  type BrokerFileOptions,
  type BrokerFileReport,
  MAX_FILE_WARNINGS,
  type OpenedBrokerFile,
  openBrokerFile,
} from './engine/pipeline.js';
export { MAX_SKIPPED_LINES, type SkippedRecord } from './engine/invalid-rows.js';
export { canonicalFill, matchFills } from './engine/match-fills.js';
export type { ImportedTrade } from './engine/imported-trade.js';
export type { ImportRunOptions, ImportSource, SkippedRow } from './engine/run-options.js';

// The services: core.imports.
export { type ImportDetection, type Imports, imports } from './service.js';
export { type ImportCreateOptions, importHistory } from './history.js';
export { type ImportProfiles, importProfiles, MAX_IMPORT_PROFILES } from './profiles.js';

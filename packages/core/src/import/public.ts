/**
 * What an application needs to add its own broker format: `defineFormat`, the record types a
 * reader yields, and the cell helpers that make a bad cell name its line and column.
 */
export type {
  BrokerFill,
  BrokerFormat,
  BrokerPnl,
  BrokerRecord,
  BrokerTime,
  CsvLine,
  FileHead,
  FileOrderName,
  FileOrderRule,
  FormatInput,
  FormatRecord,
  FormatWarning,
  InstrumentHints,
  PositionEffect,
  ReadOptions,
  TradeRecord,
  WallClock,
  XmlElement,
} from './formats/types.js';
export { defineFormat } from './formats/registry.js';
export { parseAmount, parseOptionalAmount, parseWallClock, sideOf } from './values/broker.js';
export { type HeaderRow, headerIndex, headerRow, headerScore } from './read/csv-records.js';
export { cellError } from './read/cell-error.js';
export { parseFuturesContract, parseOccSymbol } from '../instruments/catalogue.js';
export { type BrokerFileOptions, type BrokerFileReport, type OpenedBrokerFile, openBrokerFile } from './engine/pipeline.js';
export { formatRegistry } from './formats/index.js';
export { type MappingProfile, mappingFromText, parseColumnMap } from './formats/mapped-format.js';

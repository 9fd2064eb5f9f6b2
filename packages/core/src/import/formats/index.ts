/**
 * Broker export formats: the registry, the format type for adding your own, and the pipeline
 * that turns a broker file into trades to import.
 */
import { BUILTIN_FORMATS } from './builtin/index.js';
import { OWN_FORMATS } from './own/index.js';
import { FormatRegistry } from './registry.js';
import type { BrokerFormat } from './types.js';

export * from './types.js';
export { defineFormat, type Detection, FormatRegistry } from './registry.js';
export { parseAmount, parseOptionalAmount, parseWallClock, sideOf, type NumberLocale } from '../values/broker.js';
export {
  columnKey,
  type HeaderRow,
  headerIndex,
  headerRow,
  headerScore,
  readCsvRecords,
  readFileHead,
  sniffDelimiter,
} from '../read/csv-records.js';
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
} from '../values/instruments.js';
export {
  type BrokerFileOptions,
  type BrokerFileReport,
  MAX_FILE_WARNINGS,
  type OpenedBrokerFile,
  openBrokerFile,
} from './pipeline.js';
export { DATE_ONLY_HOUR, type FileOrder, inTimeOrder } from './parts/time-order.js';
export { MAX_SKIPPED_LINES, type SkippedRecord } from './invalid-rows.js';
export { readXmlElements } from '../read/xml-elements.js';
export { wallClockToInstant, type ZonedInstant } from '../values/zoned-time.js';
export { BUILTIN_FORMATS };

export { OWN_FORMATS, tjFillsCsv, tjTradesCsv } from './own/index.js';

/**
 * A registry of our own CSV formats, the built-in broker formats, plus `extra` ones (an
 * embedding application's own).
 *
 * @example const registry = formatRegistry([defineFormat({ name: 'my-broker', … })]);
 */
export function formatRegistry(extra: Iterable<BrokerFormat> = []): FormatRegistry {
  return new FormatRegistry([...OWN_FORMATS, ...BUILTIN_FORMATS, ...extra]);
}

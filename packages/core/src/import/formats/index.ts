/**
 * Broker export formats: the format type for adding your own, the registry, and the formats
 * themselves (the built-in brokers' and our own CSVs).
 */
import { BUILTIN_FORMATS } from './builtin/index.js';
import { OWN_FORMATS } from './own/index.js';
import { FormatRegistry } from './registry.js';
import type { BrokerFormat } from './types.js';

export * from './types.js';
export { defineFormat, type Detection, FormatRegistry, formatInfo } from './registry.js';
export { DATE_ONLY_HOUR, type FileOrder, inTimeOrder } from './parts/time-order.js';
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

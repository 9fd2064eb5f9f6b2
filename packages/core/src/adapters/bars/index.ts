/**
 * Bar providers (adapters of core's `BarProvider` port, `bars/providers.ts`): Databento for
 * futures, Polygon for stocks and options. They make network requests with the user's key, so
 * they live with the adapters.
 */
export {
  DATABENTO_BASE_URL,
  DATABENTO_DATASET,
  DATABENTO_PROVIDER,
  type DatabentoOptions,
  databentoBars,
  databentoSymbol,
} from './databento.js';
export { fixedPrice, readDatabentoCsv } from './databento-csv.js';
export {
  POLYGON_BASE_URL,
  POLYGON_PROVIDER,
  type PolygonOptions,
  polygonBars,
  polygonTicker,
  readPolygonAggs,
} from './polygon.js';

/**
 * FX rate providers (adapters of core's `FxRateProvider` port, `fx/ports.ts`): the European
 * Central Bank's reference rates. They make network requests, so they live with the adapters.
 */
export { ECB_BASE_URL, ECB_PROVIDER, type EcbOptions, ecbRates } from './ecb.js';

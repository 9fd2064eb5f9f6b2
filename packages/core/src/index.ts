/**
 * @tj/core, the trading journal's domain: what an application embedding it imports. Build it
 * with `createCore` over a storage adapter (`@tj/core/storage`, `/sqlite`, `/postgres`); every
 * operation takes the acting user's id first. Listed export by export in docs/core-api.md.
 *
 * The toolkit's own packages also use `@tj/core/internal`: building blocks with no stability
 * promise (see docs/architecture.md).
 */

// The entry point and its options.
export { createCore, type Core, type CoreOptions } from './core.js';
export { DEFAULTS } from './defaults.js';

// Errors: every failure of an operation is a CoreError with a stable code.
export { CoreError, ErrorCode, type FieldError, isCoreError } from './shared/errors.js';
// Bounds on reading untrusted input (imports, JSON bodies), and the error of one exceeded.
export { type InputLimitName, type InputLimits, inputLimits, limitError } from './shared/input-limits.js';

// Shapes: the zod schema of every input and result, and the type derived from each (`@tj/schemas`).
export * from '@tj/schemas';

// Ports an application provides or replaces.
export type { Clock, IdGenerator, RandomSource } from './shared/ports.js';
export type * from './storage/ports.js';
export type * from './storage/rows.js';
export type { ClosedTradeFact } from './summaries/fact.js';
export type { SendRequest, SendResult, TargetGuard, WebhookSender } from './webhooks/ports.js';
export type { AccessTokenIssuer, AuthOptions } from './auth/service.js';
export type { PasswordCost } from './auth/password.js';
export type { RateSpec } from './shared/gcra.js';
export type { WebhookOptions } from './webhooks/service.js';

// Currencies: FX rate providers (the port), and the reader of a rates CSV (date,pair,rate).
export type { FxRate as PublishedFxRate, FxRateProvider, FxRateRequest } from './fx/ports.js';
export { parsePair, readRatesCsv } from './fx/rates-csv.js';
// Price bars: bar providers (the port) that `bars.fetch` gets bars through with the user's key.
export type { BarAnswer, BarProvider, BarRequest } from './bars/providers.js';
// The rules every HTTP provider follows (timeouts, retries with Retry-After, bounded bodies) and its errors.
export * from './providers/index.js';

// Webhook delivery: the worker that sends what the outbox holds.
export { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from './webhooks/worker.js';

// Price bars from files: your own bars formats (see docs/decisions.md, "Price bars: files").
export { BarFormatRegistry, defineBarFormat } from './bars/formats/index.js';
export type { BarFormat, BarRowReader, NaiveTimeRule, RawBar } from './bars/formats/index.js';
export type { BarImportOptions } from './bars/import-file.js';

// Imports: sources, options and reports; your own broker formats (see docs/cli.md, "Adding a format").
export type { ImportDetection } from './import/service.js';
export type { ImportRunOptions, ImportSource, SkippedRow } from './import/engine/run-options.js';
export type { ImportCreateOptions } from './import/history.js';
export * from './import/public.js';

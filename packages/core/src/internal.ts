/**
 * `@tj/core/internal`: the building blocks the toolkit's own packages (http, cli, report, the
 * benches and tests) use beside the public API of `@tj/core`. No stability promise: an embedding
 * application imports `@tj/core` (listed in docs/core-api.md), not this.
 */
export { coreDeps, createCore, type Core, type CoreOptions } from './core.js';
export { DEFAULTS } from './defaults.js';
export type { Bar } from './market/bar.js';
export * from '@tj/schemas';
export * from './shared/errors.js';
export * from './shared/input-limits.js';
export { isoUtc } from './shared/iso.js';
export { REPLAY_HEAD_BYTES, type Replayable, replayable } from './shared/replayable.js';
export { idPrefixRange, isFullId, isShortId, SHORT_ID_LENGTH, shortId } from './shared/id-prefix.js';
export { fromMicros, MICROS, round8, toMicros } from './shared/money.js';
export type { Clock, IdGenerator, RandomSource } from './shared/ports.js';
export { cryptoRandom, systemClock, uuidv7Generator } from './shared/system.js';
export { fieldErrors, parseInput } from './shared/validate.js';
export type { CoreDeps } from './shared/deps.js';
export type * from './storage/ports.js';
export type * from './storage/rows.js';
export type { ClosedTradeFact } from './summaries/fact.js';
export { trades, newTradeRow, type CreateOptions } from './trades/service.js';
export { insertTrade } from './after-write/trades.js';
export { alertsAfterBars } from './after-write/alerts-bars.js';
export { tradeRecord } from './trades/record.js';
export { journal } from './journal/service.js';
export { alerts } from './alerts/service.js';
export { analytics } from './analytics/service.js';
export { reports, REPORT_EXTREMES, REPORT_JOURNAL_LIMIT, type ReportOptions } from './reports/service.js';
export * as analyticsMath from './analytics/index.js';
export { getCalendar, isValidTimeZone } from './shared/calendar.js';
export { auth, userRecord, type AccessTokenIssuer, type AuthOptions } from './auth/service.js';
export { grants, sessionPrincipal, type Principal } from './auth/principal.js';
export { DEFAULT_FAILED_LOGINS } from './auth/login-throttle.js';
export { totpCode, TOTP_ISSUER } from './auth/totp.js';
export { API_KEY_PREFIX, apiKeyRecord, isApiKey, MAX_ACTIVE_API_KEYS } from './api-keys/service.js';
export { IDEMPOTENCY_LOCK_MS, IDEMPOTENCY_TTL_MS, type IdempotencyClaim, sameBody } from './idempotency/service.js';
export { requestFingerprint } from './idempotency/fingerprint.js';
export { gcraStatus, gcraStep, rateInterval, type RateSpec } from './shared/gcra.js';
export { hashPassword, verifyPassword, OWASP_SCRYPT, type PasswordCost } from './auth/password.js';
export { emitEvent } from './webhooks/outbox.js';
export * from './webhooks/index.js';
export * from './import/index.js';
export {
  checkMappingProfile,
  MAPPED_FIELDS,
  type MappingProfile,
  mappedFormat,
  mappingFromText,
  mappingProfileSchema,
  parseColumnMap,
} from './import/formats/mapped-format.js';
export { corporateActions } from './corporate-actions/service.js';
export { applyToStoredTrades, undoOnStoredTrades } from './corporate-actions/positions.js';
export { storeImportedActions, type StoredImportActions } from './corporate-actions/imported.js';
export { type CorporateActionFields, corporateActionKey, corporateActionRecord } from './corporate-actions/record.js';
export * as corporateActionMath from './corporate-actions/adjust.js';
export { storeBars, type BarBatch } from './bars/store.js';
export { excursionsAfterBars } from './after-write/excursions.js';

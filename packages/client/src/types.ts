/**
 * Request and response types of the API: those of @tj/schemas, whose zod schemas the server
 * validates with and documents (type-only imports, so nothing of zod or the schemas reaches the
 * bundle). Bodies are `z.input` types (what you may send, defaults optional); records `z.output`
 * (what the server answers); queries take the parsed value type of each field, optional wherever
 * the server has a default.
 */
import type { OperationQuery } from './operation-types.js';

export type { QueryInput } from './operation-types.js';

export type {
  AccountList,
  BarImport,
  BarSeries,
  BarSeriesList,
  BarsDeleted,
  Timeframe,
  InstrumentList,
  Alert,
  AlertCreateInput,
  AlertEventList,
  AlertList,
  AlertUpdateInput,
  ApiKey,
  ApiKeyCreated,
  ApiKeyCreateInput,
  ApiKeyList,
  ByCategory,
  Calendar,
  CorporateAction,
  CorporateActionCreated,
  CorporateActionCreateInput,
  CorporateActionList,
  Dashboard,
  Delivery,
  DeliveryAttempt,
  DeliveryList,
  DeliveryOutcome,
  /** The JSON body of a webhook delivery, as `constructEvent` returns it. */
  DeliveryPayload as WebhookEvent,
  EquityCurve,
  ErrorCode,
  BarFetchInput,
  BarsFetched,
  FxFetchInput,
  FxRate,
  FxRateList,
  FxRatesDeleted,
  FxRatesImportInput,
  FxRatesWritten,
  FxReport,
  FieldError,
  Health,
  IdKind,
  ImportFormatInfo,
  ImportFormatList,
  ImportList,
  ImportListItem,
  ImportProfile,
  ImportProfileInput,
  ImportProfileList,
  ImportRecord,
  ImportWarning,
  JournalCreateInput,
  JournalEntry,
  JournalList,
  JournalUpdateInput,
  LoginInput,
  /** A column mapping (`imports.create`'s `map`, a saved profile's body). */
  MappingProfileInput as ImportMapping,
  OtpLoginInput,
  Pagination,
  Performance,
  Problem,
  RDistribution,
  RegisterInput,
  Report,
  Scope,
  Settings,
  SettingsPatchInput,
  Statistics,
  TokenPair,
  TotpEnabled,
  TotpEnrolment,
  TotpStatus,
  Trade,
  TradeBars,
  TradeCreateInput,
  TradeList,
  TradeUpdateInput,
  User,
  Webhook,
  WebhookCreated,
  WebhookCreateInput,
  WebhookList,
} from '@tj/schemas';

// Queries, as the SDK takes them, from the operation table: the name says the call (`trades.list` takes a TradeListQuery).
export type TradeListQuery = OperationQuery<'listTrades'>;
/** The list's filters (`trades.statistics`). */
export type TradeStatisticsQuery = OperationQuery<'tradeStatistics'>;
/** `trades.bars`' options: timeframe, padding. */
export type TradeBarsQuery = OperationQuery<'getTradeBars'>;
export type DashboardQuery = OperationQuery<'dashboard'>;
export type PerformanceQuery = OperationQuery<'performance'>;
/** `category` is required. */
export type ByCategoryQuery = OperationQuery<'byCategory'>;
export type EquityCurveQuery = OperationQuery<'equityCurve'>;
export type RDistributionQuery = OperationQuery<'rDistribution'>;
export type CalendarQuery = OperationQuery<'calendar'>;
/** `reports.summary` and `reports.summaryHtml`: the statistics filters, tz, startingBalance, bucketSize. */
export type ReportQuery = OperationQuery<'reportSummary'>;
export type JournalListQuery = OperationQuery<'listJournalEntries'>;
export type DeliveryListQuery = OperationQuery<'listWebhookDeliveries'>;
export type AlertEventListQuery = OperationQuery<'listAlertEvents'>;
export type ImportListQuery = OperationQuery<'listImports'>;
/** `accounts`' query: `currency`. */
export type AccountListQuery = OperationQuery<'listAccounts'>;
/** `fx.list`'s filters: base, quote, from, to, page, limit. */
export type FxRateListQuery = OperationQuery<'listFxRates'>;
/** `fx.delete`'s filters: base, quote, source. */
export type FxRateDeleteQuery = OperationQuery<'deleteFxRates'>;
/** `corporateActions.list`'s filters: instrument, account, idPrefix. */
export type CorporateActionListQuery = OperationQuery<'listCorporateActions'>;
/** `imports.create`'s options that the server reads from the query. */
export type ImportCreateQuery = OperationQuery<'createImport'>;
/** `imports.undo`'s options. */
export type ImportUndoQuery = OperationQuery<'undoImport'>;
/** `bars.import`'s options that the server reads from the query: instrument, timeframe, format, sourceTz, fileName. */
export type BarImportQuery = OperationQuery<'importBars'>;

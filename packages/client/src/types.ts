/**
 * Request and response types of the API: those of @tj/schemas, whose zod schemas the server
 * validates with and documents (type-only imports, so nothing of zod or the schemas reaches the
 * bundle). Bodies are `z.input` types (what you may send, defaults optional); records `z.output`
 * (what the server answers); queries take the parsed value type of each field, optional wherever
 * the server has a default.
 */
import type * as s from '@tj/schemas';
import type { z } from 'zod';

export type {
  AccountList,
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
  Dashboard,
  Delivery,
  DeliveryAttempt,
  DeliveryList,
  DeliveryOutcome,
  /** The JSON body of a webhook delivery, as `constructEvent` returns it. */
  DeliveryPayload as WebhookEvent,
  EquityCurve,
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
  ShortIds,
  Statistics,
  TokenPair,
  TotpEnabled,
  TotpEnrolment,
  TotpStatus,
  Trade,
  TradeCreateInput,
  TradeList,
  TradeUpdateInput,
  User,
  Webhook,
  WebhookCreated,
  WebhookCreateInput,
  WebhookList,
} from '@tj/schemas';

/** Query object of a query schema: fields the server defaults are optional; values are the parsed types. */
export type QueryInput<S extends z.ZodType> = {
  [K in keyof z.input<S> as undefined extends z.input<S>[K] ? K : never]?: K extends keyof z.output<S> ? z.output<S>[K] : never;
} & {
  [K in keyof z.input<S> as undefined extends z.input<S>[K] ? never : K]: K extends keyof z.output<S> ? z.output<S>[K] : never;
};

// Queries, as the SDK takes them: the name says the call (`trades.list` takes a TradeListQuery).
export type TradeListQuery = QueryInput<typeof s.tradeListQuerySchema>;
/** The list's filters (`trades.statistics`). */
export type TradeStatisticsQuery = QueryInput<typeof s.tradeStatisticsQuerySchema>;
export type DashboardQuery = QueryInput<typeof s.dashboardQuerySchema>;
export type PerformanceQuery = QueryInput<typeof s.performanceQuerySchema>;
/** `category` is required. */
export type ByCategoryQuery = QueryInput<typeof s.byCategoryQuerySchema>;
export type EquityCurveQuery = QueryInput<typeof s.equityCurveQuerySchema>;
export type RDistributionQuery = QueryInput<typeof s.rDistributionQuerySchema>;
export type CalendarQuery = QueryInput<typeof s.calendarQuerySchema>;
/** `reports.summary` and `reports.summaryHtml`: the statistics filters, tz, startingBalance, bucketSize. */
export type ReportQuery = QueryInput<typeof s.reportQuerySchema>;
export type JournalListQuery = QueryInput<typeof s.journalListQuerySchema>;
export type DeliveryListQuery = QueryInput<typeof s.deliveryListQuerySchema>;
export type AlertEventListQuery = QueryInput<typeof s.alertEventListQuerySchema>;
export type ImportListQuery = QueryInput<typeof s.importListQuerySchema>;
/** `imports.create`'s options that the server reads from the query. */
export type ImportCreateQuery = QueryInput<typeof s.importCreateQuerySchema>;
/** `imports.undo`'s options. */
export type ImportUndoQuery = QueryInput<typeof s.importUndoQuerySchema>;

/**
 * Request and response types of the API, derived from the zod schemas of @tj/schemas (type-only imports, so
 * nothing of zod or the schemas reaches the bundle). Bodies use `z.input` (what you may send, defaults
 * optional); records use `z.output` (what the server answers); queries take the parsed value type
 * of each field, optional wherever the server has a default.
 */
import type * as s from '@tj/schemas';
import type { z } from 'zod';

/** Query object of a query schema: fields the server defaults are optional; values are the parsed types. */
export type QueryInput<S extends z.ZodType> = {
  [K in keyof z.input<S> as undefined extends z.input<S>[K] ? K : never]?: K extends keyof z.output<S> ? z.output<S>[K] : never;
} & {
  [K in keyof z.input<S> as undefined extends z.input<S>[K] ? never : K]: K extends keyof z.output<S> ? z.output<S>[K] : never;
};

/** RFC 9457 problem details body with the stable `code`. */
export type Problem = z.output<typeof s.problemSchema>;
/** Pagination block of list responses. */
export type Pagination = z.output<typeof s.paginationSchema>;

/** Body of `auth.login`. */
export type LoginInput = z.input<typeof s.loginSchema>;
/** Body of `auth.register`. */
export type RegisterInput = z.input<typeof s.registerSchema>;
/** A user as returned. */
export type User = z.output<typeof s.userSchema>;
/** Answer of login and refresh. */
export type TokenPair = z.output<typeof s.tokenPairSchema>;

/** Body of `auth.loginOtp`: the `otpToken` of an `otp_required` answer and a code. */
export type OtpLoginInput = z.input<typeof s.otpLoginSchema>;
/** Answer of `auth.totp.status`. */
export type TotpStatus = z.output<typeof s.totpStatusSchema>;
/** Answer of `auth.totp.enrol`: the secret and its otpauth URI. */
export type TotpEnrolment = z.output<typeof s.totpEnrolmentSchema>;
/** Answer of `auth.totp.confirm`: the recovery codes, shown only then. */
export type TotpEnabled = z.output<typeof s.totpEnabledSchema>;

/** A scope of an API key. */
export type Scope = z.output<typeof s.scopeSchema>;
/** Body of `keys.create`. */
export type ApiKeyCreateInput = z.input<typeof s.apiKeyCreateSchema>;
/** An API key as listed (never the key). */
export type ApiKey = z.output<typeof s.apiKeySchema>;
/** Answer of `keys.create`: the record and the key, shown only then. */
export type ApiKeyCreated = z.output<typeof s.apiKeyCreatedSchema>;
/** Answer of `keys.list`. */
export type ApiKeyList = z.output<typeof s.apiKeyListSchema>;

/** Body of `trades.create`. */
export type TradeCreateInput = z.input<typeof s.tradeCreateSchema>;
/** Body of `trades.update` (`null` clears an optional field). */
export type TradeUpdateInput = z.input<typeof s.tradeUpdateSchema>;
/** A trade record. */
export type Trade = z.output<typeof s.tradeSchema>;
/** Answer of `trades.list`. */
export type TradeList = z.output<typeof s.tradeListSchema>;
/** Query of `trades.list`. */
export type TradeListQuery = QueryInput<typeof s.tradeListQuerySchema>;
/** Query of `trades.statistics` (the list's filters). */
export type TradeStatisticsQuery = QueryInput<typeof s.tradeStatisticsQuerySchema>;
/** Answer of `trades.statistics`. */
export type Statistics = z.output<typeof s.statisticsSchema>;

/** Query of `analytics.dashboard`. */
export type DashboardQuery = QueryInput<typeof s.dashboardQuerySchema>;
/** Answer of `analytics.dashboard`. */
export type Dashboard = z.output<typeof s.dashboardSchema>;
/** Query of `analytics.performance`. */
export type PerformanceQuery = QueryInput<typeof s.performanceQuerySchema>;
/** Answer of `analytics.performance`. */
export type Performance = z.output<typeof s.performanceSchema>;
/** Query of `analytics.byCategory` (`category` is required). */
export type ByCategoryQuery = QueryInput<typeof s.byCategoryQuerySchema>;
/** Answer of `analytics.byCategory`. */
export type ByCategory = z.output<typeof s.byCategorySchema>;
/** Query of `analytics.equityCurve`. */
export type EquityCurveQuery = QueryInput<typeof s.equityCurveQuerySchema>;
/** Answer of `analytics.equityCurve`. */
export type EquityCurve = z.output<typeof s.equityCurveSchema>;
/** Query of `analytics.rDistribution`. */
export type RDistributionQuery = QueryInput<typeof s.rDistributionQuerySchema>;
/** Answer of `analytics.rDistribution`. */
export type RDistribution = z.output<typeof s.rDistributionSchema>;
/** Query of `analytics.calendar`. */
export type CalendarQuery = QueryInput<typeof s.calendarQuerySchema>;
/** Every day of a month with its P&L, trade count and journal entry. */
export type Calendar = z.output<typeof s.calendarSchema>;
/** The user's settings. */
export type Settings = z.output<typeof s.settingsSchema>;
/** Body of `settings.update`. */
export type SettingsPatchInput = z.input<typeof s.settingsPatchSchema>;

/** Query of `reports.summary` and `reports.summaryHtml` (the statistics filters, tz, startingBalance, bucketSize). */
export type ReportQuery = QueryInput<typeof s.reportQuerySchema>;
/** Answer of `reports.summary`: the data the summary report shows. */
export type Report = z.output<typeof s.reportSchema>;

/** Body of `journal.create`. */
export type JournalCreateInput = z.input<typeof s.journalCreateSchema>;
/** Body of `journal.update` (emotionalState keys merge, arrays replace, `null` clears). */
export type JournalUpdateInput = z.input<typeof s.journalUpdateSchema>;
/** A journal entry. */
export type JournalEntry = z.output<typeof s.journalEntrySchema>;
/** Answer of `journal.list`. */
export type JournalList = z.output<typeof s.journalListSchema>;
/** Query of `journal.list`. */
export type JournalListQuery = QueryInput<typeof s.journalListQuerySchema>;

/** Body of `webhooks.create`. */
export type WebhookCreateInput = z.input<typeof s.webhookCreateSchema>;
/** A webhook record (no secret). */
export type Webhook = z.output<typeof s.webhookSchema>;
/** Answer of `webhooks.create`: the record and its secret (shown only here). */
export type WebhookCreated = z.output<typeof s.webhookCreatedSchema>;
/** Answer of `webhooks.list`. */
export type WebhookList = z.output<typeof s.webhookListSchema>;
/** Answer of `webhooks.test`. */
export type DeliveryOutcome = z.output<typeof s.deliveryOutcomeSchema>;
/** A delivery of one event to one webhook. */
export type Delivery = z.output<typeof s.deliverySchema>;
/** One attempt in a delivery's `attemptLog`. */
export type DeliveryAttempt = z.output<typeof s.deliveryAttemptSchema>;
/** Answer of `webhooks.deliveries`. */
export type DeliveryList = z.output<typeof s.deliveryListSchema>;
/** Query of `webhooks.deliveries`. */
export type DeliveryListQuery = QueryInput<typeof s.deliveryListQuerySchema>;
/** The JSON body of a webhook delivery, as `constructEvent` returns it. */
export type WebhookEvent = z.output<typeof s.deliveryPayloadSchema>;

/** Body of `alerts.create`. */
export type AlertCreateInput = z.input<typeof s.alertCreateSchema>;
/** Body of `alerts.update`. */
export type AlertUpdateInput = z.input<typeof s.alertUpdateSchema>;
/** An alert rule. */
export type Alert = z.output<typeof s.alertSchema>;
/** Answer of `alerts.list`. */
export type AlertList = z.output<typeof s.alertListSchema>;
/** Answer of `alerts.events`. */
export type AlertEventList = z.output<typeof s.alertEventListSchema>;
/** Query of `alerts.events`. */
export type AlertEventListQuery = QueryInput<typeof s.alertEventListQuerySchema>;

/** The kinds of record `shortIds` shortens. */
export type IdKind = z.output<typeof s.idKindSchema>;
/** Answer of `shortIds`. */
export type ShortIds = z.output<typeof s.shortIdsSchema>;
/** Answer of GET /api/accounts: the accounts the user's trades carry. */
export type AccountList = z.output<typeof s.accountListSchema>;

/** Answer of `health` (core has no schema for it: `{ status: 'ok' }`). */
export interface Health {
  status: string;
}

/** One import: its report, file, times and the ids of the trades it created. */
export type ImportRecord = z.output<typeof s.importRecordSchema>;
/** One import as `imports.list` shows it (no trade ids). */
export type ImportListItem = z.output<typeof s.importListItemSchema>;
/** Answer of `imports.list`. */
export type ImportList = z.output<typeof s.importListSchema>;
/** Query of `imports.list`. */
export type ImportListQuery = QueryInput<typeof s.importListQuerySchema>;
/** A format an import reads. */
export type ImportFormatInfo = z.output<typeof s.importFormatInfoSchema>;
/** One warning of an import. */
export type ImportWarning = z.output<typeof s.importWarningSchema>;
/** A column mapping (`imports.create`'s `map`, a saved profile's body). */
export type ImportMapping = z.input<typeof s.mappingProfileSchema>;
/** A saved column mapping. */
export type ImportProfile = z.output<typeof s.importProfileSchema>;
/** Body of `imports.profiles.save`. */
export type ImportProfileInput = z.input<typeof s.importProfileInputSchema>;

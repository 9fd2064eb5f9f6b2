import { z } from 'zod';
import { dateTimeOutput, idSchema, paginationQuery, paginationSchema, textInput, timeZone } from './common.js';

/** Alert rule types (contract section 6). */
export const ALERT_TYPES = [
  'dailyLossLimit',
  'maxConsecutiveLosses',
  'maxDrawdown',
  'riskPerTrade',
  'missingStopLoss',
  'trailingDrawdown',
] as const;

/** How a trailingDrawdown's threshold follows the balance: every mark of open positions, or each trading day's closed balance. */
export const TRAILING_MODES = ['intraday', 'endOfDay'] as const;

/** A trailingDrawdown's trailing mode. */
export const trailingModeSchema = z.enum(TRAILING_MODES);

/** The prop-firm options of a rule (docs/analytics.md, "Prop-firm rules"); each belongs to one type. */
const ruleOptions = {
  startingBalance: z.number().min(0).max(1e12).meta({
    description: 'trailingDrawdown: the account balance the rule starts from (money); required for that type',
  }),
  trailing: trailingModeSchema.meta({
    description:
      'trailingDrawdown: intraday (the highest balance including open profit, from bars) or endOfDay (the closed balance at each trading day end); default intraday',
  }),
  stopTrailingAtStart: z.boolean().meta({
    description: 'trailingDrawdown: the threshold stops trailing once it reaches the starting balance; default false',
  }),
  countOpen: z.boolean().meta({
    description: "dailyLossLimit: the day's loss counts open positions at their worst mark from bars; default false",
  }),
};

/** An alert rule type. */
export const alertTypeSchema = z.enum(ALERT_TYPES);

/** Body of POST /api/alerts. */
export const alertCreateSchema = z
  .strictObject({
    name: textInput(100, { trim: true, min: 1 }),
    type: alertTypeSchema,
    threshold: z.number().min(0).max(1e12).default(0).meta({
      description:
        'money for dailyLossLimit, maxDrawdown, riskPerTrade and trailingDrawdown (its drawdown amount); a count for maxConsecutiveLosses; unused for missingStopLoss',
    }),
    tz: timeZone.default('UTC'),
    active: z.boolean().default(true),
    startingBalance: ruleOptions.startingBalance.optional(),
    trailing: ruleOptions.trailing.optional(),
    stopTrailingAtStart: ruleOptions.stopTrailingAtStart.optional(),
    countOpen: ruleOptions.countOpen.optional(),
  })
  .meta({ id: 'AlertCreate' });

/** Body of PATCH /api/alerts/{id}. */
export const alertUpdateSchema = z
  .strictObject({
    name: textInput(100, { trim: true, min: 1 }).optional(),
    threshold: z.number().min(0).max(1e12).optional(),
    tz: timeZone.optional(),
    active: z.boolean().optional(),
    startingBalance: ruleOptions.startingBalance.optional(),
    trailing: ruleOptions.trailing.optional(),
    stopTrailingAtStart: ruleOptions.stopTrailingAtStart.optional(),
    countOpen: ruleOptions.countOpen.optional(),
  })
  .meta({ id: 'AlertUpdate' });

/** An alert rule as returned. */
export const alertSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    type: alertTypeSchema,
    threshold: z.number(),
    tz: z.string(),
    active: z.boolean(),
    startingBalance: z.number().nullable().meta({ description: 'trailingDrawdown: the starting balance; null for other types' }),
    trailing: trailingModeSchema
      .nullable()
      .meta({ description: 'trailingDrawdown: how the threshold trails; null for other types' }),
    stopTrailingAtStart: z.boolean(),
    countOpen: z.boolean(),
    createdAt: dateTimeOutput,
    updatedAt: dateTimeOutput,
  })
  .meta({ id: 'Alert' });

/** Response of GET /api/alerts. */
export const alertListSchema = z.object({ alerts: z.array(alertSchema) }).meta({ id: 'AlertList' });

/** One past trigger of an alert. */
export const alertEventSchema = z
  .object({
    id: idSchema,
    alertId: idSchema,
    value: z.number(),
    tradeId: idSchema.nullable(),
    triggeredAt: dateTimeOutput,
  })
  .meta({ id: 'AlertEvent' });

/** Query of GET /api/alerts/{id}/events. */
export const alertEventListQuerySchema = z.strictObject({ ...paginationQuery });

/** Response of GET /api/alerts/{id}/events. */
export const alertEventListSchema = z
  .object({ events: z.array(alertEventSchema), pagination: paginationSchema })
  .meta({ id: 'AlertEventList' });

/** Validated alert create body. */
export type AlertCreate = z.output<typeof alertCreateSchema>;
/** Input of alert create (before defaults). */
export type AlertCreateInput = z.input<typeof alertCreateSchema>;
/** Validated alert update body. */
export type AlertUpdate = z.output<typeof alertUpdateSchema>;
/** Input of an alert update. */
export type AlertUpdateInput = z.input<typeof alertUpdateSchema>;
/** Alert record. */
export type Alert = z.output<typeof alertSchema>;
/** The user's alerts (GET /api/alerts). */
export type AlertList = z.output<typeof alertListSchema>;
/** Alert type. */
export type AlertType = z.output<typeof alertTypeSchema>;
/** A trailingDrawdown's trailing mode. */
export type TrailingMode = z.output<typeof trailingModeSchema>;
/** Alert event record. */
export type AlertEvent = z.output<typeof alertEventSchema>;
/** A page of an alert's events (GET /api/alerts/{id}/events). */
export type AlertEventList = z.output<typeof alertEventListSchema>;

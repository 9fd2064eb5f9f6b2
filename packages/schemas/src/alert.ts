import { z } from 'zod';
import { dateTimeOutput, idSchema, paginationQuery, paginationSchema, textInput, timeZone } from './common.js';

/** Alert rule types (contract section 6). */
export const ALERT_TYPES = ['dailyLossLimit', 'maxConsecutiveLosses', 'maxDrawdown', 'riskPerTrade', 'missingStopLoss'] as const;

/** An alert rule type. */
export const alertTypeSchema = z.enum(ALERT_TYPES);

/** Body of POST /api/alerts. */
export const alertCreateSchema = z
  .strictObject({
    name: textInput(100, { trim: true, min: 1 }),
    type: alertTypeSchema,
    threshold: z.number().min(0).max(1e12).default(0).meta({
      description:
        'money for dailyLossLimit, maxDrawdown and riskPerTrade; a count for maxConsecutiveLosses; unused for missingStopLoss',
    }),
    tz: timeZone.default('UTC'),
    active: z.boolean().default(true),
  })
  .meta({ id: 'AlertCreate' });

/** Body of PATCH /api/alerts/{id}. */
export const alertUpdateSchema = z
  .strictObject({
    name: textInput(100, { trim: true, min: 1 }).optional(),
    threshold: z.number().min(0).max(1e12).optional(),
    tz: timeZone.optional(),
    active: z.boolean().optional(),
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
/** Alert event record. */
export type AlertEvent = z.output<typeof alertEventSchema>;
/** A page of an alert's events (GET /api/alerts/{id}/events). */
export type AlertEventList = z.output<typeof alertEventListSchema>;

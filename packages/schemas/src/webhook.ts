import { z } from 'zod';
import { dateTimeOutput, idSchema, paginationQuery, paginationSchema, textInput, withoutNul } from './common.js';
import { webhookSecretProblem } from './webhook-secret.js';

/** How much of an answer's body the delivery log keeps, in bytes. */
export const MAX_RESPONSE_BODY_BYTES = 1024;

/** Event names a webhook may subscribe to. */
export const EVENT_TYPES = [
  'trade.created',
  'trade.updated',
  'trade.closed',
  'trade.deleted',
  'journal.created',
  'journal.updated',
  'journal.deleted',
  'alert.triggered',
  'import.completed',
] as const;

/** An event name. */
export type EventType = (typeof EVENT_TYPES)[number];

/** The event name of a test delivery. */
export const TEST_EVENT = 'webhook.test';

const eventName = z.enum([...EVENT_TYPES, '*']);

/** A DNS name (or IPv4 address), or a bracketed IPv6 address as URLs write it (`[2001:db8::1]`). */
const webhookHostname = new RegExp(`^(?:\\[[0-9a-fA-F:.]+\\]|${z.regexes.hostname.source.slice(1, -1)})$`);

/** Body of POST /api/webhooks. */
export const webhookCreateSchema = z
  .strictObject({
    url: withoutNul(z.url({ protocol: /^https?$/, hostname: webhookHostname }).max(2048)).meta({
      description:
        'http or https address that receives deliveries (no other scheme); private, loopback and link-local targets are refused, at registration and after DNS resolution at delivery, unless the server allows private webhooks',
    }),
    events: z
      .array(eventName)
      .min(1)
      .max(EVENT_TYPES.length + 1)
      .refine((e) => new Set(e).size === e.length, { message: 'events must be distinct' }),
    secret: textInput(256, { min: 16 })
      .superRefine((secret, ctx) => {
        const problem = webhookSecretProblem(secret);
        if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional()
      .meta({
        description:
          'signing secret, 16–256 characters; a Standard Webhooks `whsec_<base64>` secret (24–64 bytes) signs with its decoded bytes, any other with its UTF-8 bytes. When not sent the service makes `whsec_` + base64 of 32 random bytes',
      }),
  })
  .meta({ id: 'WebhookCreate' });

/** A webhook as returned (the secret only by the POST that created it). */
export const webhookSchema = z
  .object({
    id: idSchema,
    url: z.string(),
    events: z.array(z.string()),
    active: z.boolean(),
    createdAt: dateTimeOutput,
    updatedAt: dateTimeOutput,
  })
  .meta({ id: 'Webhook' });

/** Response of POST /api/webhooks: the record and its secret. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() }).meta({ id: 'WebhookCreated' });

/** Response of GET /api/webhooks. */
export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) }).meta({ id: 'WebhookList' });

/** Outcome of one delivery attempt (the test endpoint answers this). */
export const deliveryOutcomeSchema = z
  .object({
    delivered: z.boolean(),
    statusCode: z.number().int().nullable(),
    durationMs: z.number().int(),
    error: z.string().nullable(),
  })
  .meta({ id: 'DeliveryOutcome' });

/** Delivery status. */
export const deliveryStatusSchema = z.enum(['pending', 'succeeded', 'failed']);

/** One attempt of a delivery, as the delivery log keeps it. */
export const deliveryAttemptSchema = z
  .object({
    number: z.number().int().min(1).meta({ description: 'the attempt number, from 1 (redeliveries continue the count)' }),
    at: dateTimeOutput.meta({ description: 'when the attempt ended' }),
    responseStatus: z.number().int().nullable().meta({ description: 'the HTTP status answered; null when no answer came' }),
    durationMs: z.number().int().nullable(),
    error: z.string().nullable().meta({ description: 'why the attempt failed; null on a 2xx' }),
    responseBody: z
      .string()
      .nullable()
      .meta({
        description: `the first ${MAX_RESPONSE_BODY_BYTES} bytes of the answer's body as UTF-8 text; null when no answer came`,
      }),
  })
  .meta({ id: 'DeliveryAttempt' });

/** A delivery of one event to one webhook, with its latest attempt. */
export const deliverySchema = z
  .object({
    id: idSchema,
    webhookId: idSchema,
    eventId: idSchema,
    event: z.string(),
    status: deliveryStatusSchema,
    attempts: z.number().int().meta({ description: 'how many attempts were made' }),
    responseStatus: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    error: z.string().nullable(),
    nextAttemptAt: dateTimeOutput.nullable(),
    createdAt: dateTimeOutput,
    updatedAt: dateTimeOutput,
    attemptLog: z.array(deliveryAttemptSchema).meta({
      description: 'every attempt of this delivery, oldest first (responseStatus, durationMs and error above repeat the latest)',
    }),
  })
  .meta({ id: 'Delivery' });

/** Query of GET /api/webhooks/{id}/deliveries. */
export const deliveryListQuerySchema = z.strictObject({
  ...paginationQuery,
  status: deliveryStatusSchema.optional(),
});

/** Response of GET /api/webhooks/{id}/deliveries. */
export const deliveryListSchema = z
  .object({ deliveries: z.array(deliverySchema), pagination: paginationSchema })
  .meta({ id: 'DeliveryList' });

/** The JSON body of every delivery. */
export const deliveryPayloadSchema = z
  .object({ id: idSchema, event: z.string(), timestamp: dateTimeOutput, data: z.record(z.string(), z.unknown()) })
  .meta({ id: 'WebhookPayload' });

/** Validated webhook create body. */
export type WebhookCreate = z.output<typeof webhookCreateSchema>;
/** Input of POST /api/webhooks (before defaults). */
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;
/** Webhook record. */
export type Webhook = z.output<typeof webhookSchema>;
/** A new webhook and its secret (shown only by the POST that created it). */
export type WebhookCreated = z.output<typeof webhookCreatedSchema>;
/** The user's webhooks (GET /api/webhooks). */
export type WebhookList = z.output<typeof webhookListSchema>;
/** Delivery record. */
export type Delivery = z.output<typeof deliverySchema>;
/** A page of a webhook's deliveries. */
export type DeliveryList = z.output<typeof deliveryListSchema>;
/** One logged delivery attempt. */
export type DeliveryAttempt = z.output<typeof deliveryAttemptSchema>;
/** Delivery outcome. */
export type DeliveryOutcome = z.output<typeof deliveryOutcomeSchema>;
/** Delivery payload. */
export type DeliveryPayload = z.output<typeof deliveryPayloadSchema>;
/** Delivery list query. */
export type DeliveryListQuery = z.output<typeof deliveryListQuerySchema>;

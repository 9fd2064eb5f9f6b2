import { z } from 'zod';
import { dateTimeInput, dateTimeOutput, idSchema, textInput } from './common.js';

/**
 * What an API key may do. `read`: every GET; `write`: create, change and delete trades, journal
 * entries and alerts; `import`: import trades; `webhooks`: manage webhooks and their deliveries;
 * `admin`: everything, including API keys and the second factor.
 */
export const API_KEY_SCOPES = ['read', 'write', 'import', 'webhooks', 'admin'] as const;

/** One scope of an API key. */
export type Scope = (typeof API_KEY_SCOPES)[number];

/** A scope. */
export const scopeSchema = z.enum(API_KEY_SCOPES).meta({
  id: 'ApiKeyScope',
  description:
    'read: every GET; write: create, change and delete trades, journal entries and alerts; import: import trades; webhooks: manage webhooks; admin: everything, including API keys and the second factor',
});

/** Body of POST /api/keys. */
export const apiKeyCreateSchema = z
  .strictObject({
    name: textInput(100, { trim: true, min: 1 }).meta({ description: 'what the key is for, e.g. "tax export script"' }),
    scopes: z
      .array(scopeSchema)
      .min(1)
      .max(API_KEY_SCOPES.length)
      .refine((s) => new Set(s).size === s.length, { message: 'scopes must be distinct' }),
    expiresAt: dateTimeInput.optional().meta({ description: 'when the key stops working (in the future); default: never' }),
  })
  .meta({ id: 'ApiKeyCreate' });

/** An API key as listed: never the key itself. */
export const apiKeySchema = z
  .object({
    id: idSchema,
    name: z.string(),
    prefix: z.string().meta({ description: 'the key in short, to recognise it: `tj_live_…` and its last four characters' }),
    scopes: z.array(scopeSchema),
    expiresAt: dateTimeOutput.nullable(),
    lastUsedAt: dateTimeOutput.nullable().meta({ description: 'last use, to the minute' }),
    revokedAt: dateTimeOutput.nullable(),
    createdAt: dateTimeOutput,
  })
  .meta({ id: 'ApiKey' });

/** Answer of POST /api/keys: the record and the key, shown only here. */
export const apiKeyCreatedSchema = apiKeySchema
  .extend({
    key: z.string().meta({
      description: 'the key (`tj_live_…`): send it as `Authorization: Bearer <key>`; shown only in this answer, stored hashed',
    }),
  })
  .meta({ id: 'ApiKeyCreated' });

/** Answer of GET /api/keys. */
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) }).meta({ id: 'ApiKeyList' });

/** An API key record. */
export type ApiKey = z.output<typeof apiKeySchema>;
/** The answer of creating an API key. */
export type ApiKeyCreated = z.output<typeof apiKeyCreatedSchema>;
/** The user's API keys (GET /api/keys). */
export type ApiKeyList = z.output<typeof apiKeyListSchema>;
/** Input of creating an API key. */
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;

import { sql } from 'kysely';
import { type MigrationDefinition, notNull, recordTable } from './dialect.js';

/** Versions 10–13: API keys, idempotency keys and GCRA limits, TOTP, and the delivery log. */
export const keysAndLogMigrations: MigrationDefinition[] = [
  {
    // Long-lived API keys for scripts and apps, looked up by (user, hash of the key).
    version: 10,
    name: 'api keys',
    up: ({ schema, t }) => [
      recordTable({ schema, t }, 'api_keys', (b) =>
        b
          .addColumn('name', t.text, notNull)
          .addColumn('key_hash', t.text, notNull)
          .addColumn('hint', t.text, notNull)
          .addColumn('scopes', t.text, notNull)
          .addColumn('expires_at', t.bigint)
          .addColumn('last_used_at', t.bigint)
          .addColumn('revoked_at', t.bigint)
          .addColumn('created_at', t.bigint, notNull),
      ),
      schema.createIndex('api_keys_hash').unique().on('api_keys').columns(['user_id', 'key_hash']),
    ],
  },
  {
    // Idempotency-Key records live 24 h; rate limits move from fixed-window counters to GCRA
    // (one theoretical arrival time per key), and the counters table goes.
    version: 11,
    name: 'idempotency keys and GCRA rate limits',
    up: ({ schema, t }) => [
      schema
        .createTable('idempotency_keys')
        .addColumn('user_id', t.uuid, notNull)
        .addColumn('key', t.text, notNull)
        .addColumn('fingerprint', t.text, notNull)
        .addColumn('state', t.text, notNull)
        .addColumn('status', t.bigint)
        .addColumn('body', t.text)
        .addColumn('headers', t.text)
        .addColumn('locked_until', t.bigint, notNull)
        .addColumn('expires_at', t.bigint, notNull)
        .addColumn('created_at', t.bigint, notNull)
        .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'key']),
      schema
        .createTable('rate_limits')
        .addColumn('key', t.text, (c) => c.primaryKey())
        .addColumn('tat', t.bigint, notNull),
      schema.dropTable('counters'),
    ],
  },
  {
    // The optional TOTP second factor and its single-use recovery codes.
    version: 12,
    name: 'totp second factor',
    up: ({ schema, t }) => [
      schema
        .createTable('user_totp')
        .addColumn('user_id', t.uuid, (c) => c.primaryKey())
        .addColumn('secret', t.text, notNull)
        .addColumn('enabled_at', t.bigint)
        .addColumn('last_step', t.bigint)
        .addColumn('created_at', t.bigint, notNull),
      schema
        .createTable('recovery_codes')
        .addColumn('user_id', t.uuid, notNull)
        .addColumn('code_hash', t.text, notNull)
        .addColumn('used_at', t.bigint)
        .addPrimaryKeyConstraint('recovery_codes_pkey', ['user_id', 'code_hash']),
    ],
  },
  {
    // The delivery log: every attempt of a delivery, numbered from 1 (the latest attempt of existing
    // deliveries is carried over under its number). Retention finds a finished event's deliveries by
    // (user, event) and walks events oldest first across users.
    version: 13,
    name: 'delivery attempts and retention',
    up: ({ schema, db, t }) => [
      schema
        .createTable('delivery_attempts')
        .addColumn('user_id', t.uuid, notNull)
        .addColumn('delivery_id', t.uuid, notNull)
        .addColumn('number', t.bigint, notNull)
        .addColumn('at', t.bigint, notNull)
        .addColumn('response_status', t.bigint)
        .addColumn('duration_ms', t.bigint)
        .addColumn('error', t.text)
        .addColumn('response_body', t.text)
        .addPrimaryKeyConstraint('delivery_attempts_pkey', ['user_id', 'delivery_id', 'number']),
      db
        .insertInto('delivery_attempts')
        .columns(['user_id', 'delivery_id', 'number', 'at', 'response_status', 'duration_ms', 'error', 'response_body'])
        .expression(
          db
            .selectFrom('deliveries')
            .select(['user_id', 'id', 'attempts', 'updated_at', 'response_status', 'duration_ms', 'error', sql`NULL`.as('body')])
            .where('attempts', '>', sql.lit(0)),
        ),
      schema.createIndex('deliveries_event').on('deliveries').columns(['user_id', 'event_id']),
      schema.createIndex('events_created').on('events').column('created_at'),
    ],
  },
];

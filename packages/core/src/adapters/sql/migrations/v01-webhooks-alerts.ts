import { sql } from 'kysely';
import { type MigrationTools, notNull, recordTable, type Statement, timestamps } from './dialect.js';

/** Version 1, second half: webhooks, the event outbox and deliveries, alerts, settings and counters. */
export function initialWebhooksAndAlerts(tools: MigrationTools): Statement[] {
  const { schema, t } = tools;
  return [
    recordTable(tools, 'webhooks', (b) =>
      b
        .addColumn('url', t.text, notNull)
        .addColumn('events', t.text, notNull)
        .addColumn('secret', t.text, notNull)
        .addColumn('active', t.bigint, (c) => c.notNull().defaultTo(1))
        .$call(timestamps(t)),
    ),
    recordTable(tools, 'events', (b) =>
      b.addColumn('type', t.text, notNull).addColumn('payload', t.text, notNull).addColumn('created_at', t.bigint, notNull),
    ),
    recordTable(tools, 'deliveries', (b) =>
      b
        .addColumn('event_id', t.uuid, notNull)
        .addColumn('webhook_id', t.uuid, notNull)
        .addColumn('event_type', t.text, notNull)
        .addColumn('status', t.text, notNull)
        .addColumn('attempts', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', t.bigint)
        .addColumn('lease_until', t.bigint)
        .addColumn('response_status', t.bigint)
        .addColumn('duration_ms', t.bigint)
        .addColumn('error', t.text)
        .$call(timestamps(t)),
    ),
    schema.createIndex('deliveries_webhook').on('deliveries').columns(['user_id', 'webhook_id', 'created_at', 'id']),
    schema.createIndex('deliveries_due').on('deliveries').column('next_attempt_at').where(sql.ref('status'), '=', 'pending'),
    recordTable(tools, 'alerts', (b) =>
      b
        .addColumn('name', t.text, notNull)
        .addColumn('type', t.text, notNull)
        .addColumn('threshold', t.double, notNull)
        .addColumn('tz', t.text, notNull)
        .addColumn('active', t.bigint, (c) => c.notNull().defaultTo(1))
        .$call(timestamps(t)),
    ),
    recordTable(tools, 'alert_events', (b) =>
      b
        .addColumn('alert_id', t.uuid, notNull)
        .addColumn('period_key', t.text, notNull)
        .addColumn('value', t.double, notNull)
        .addColumn('trade_id', t.uuid)
        .addColumn('triggered_at', t.bigint, notNull),
    ).addUniqueConstraint('alert_events_user_id_alert_id_period_key_key', ['user_id', 'alert_id', 'period_key']),
    schema.createIndex('alert_events_alert').on('alert_events').columns(['user_id', 'alert_id', 'triggered_at', 'id']),
    schema
      .createTable('settings')
      .addColumn('key', t.text, (c) => c.primaryKey())
      .addColumn('value', t.text, notNull),
    schema
      .createTable('counters')
      .addColumn('key', t.text, notNull)
      .addColumn('window_start', t.bigint, notNull)
      .addColumn('count', t.bigint, notNull)
      .addColumn('expires_at', t.bigint, notNull)
      .addPrimaryKeyConstraint('counters_pkey', ['key', 'window_start']),
  ];
}

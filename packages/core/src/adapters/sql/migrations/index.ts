import type { Migration } from '../migrate.js';
import type { MigrationDefinition, MigrationTools, SchemaCapabilities } from './dialect.js';
import { initialUsersAndTrades } from './v01-users-trades.js';
import { initialWebhooksAndAlerts } from './v01-webhooks-alerts.js';
import { tradeDetailMigrations } from './v02-v06-trade-details.js';
import { keysAndLogMigrations } from './v10-v13-keys-and-log.js';
import { settingsAndImportMigrations } from './v15-v23-settings-imports.js';
import { alertStateMigrations } from './v24-alert-states.js';
import { tradeDaySummaryMigration } from './v25-trade-day-summaries.js';
import { deliveryPageRoomMigration } from './v26-delivery-page-room.js';
import { daySummaryStampMigration } from './v27-day-summary-stamp.js';
import { positionsMigration } from './v28-positions.js';
import { partialExitsIndexMigration } from './v29-partial-exits-index.js';
import { scheduledFeesMigration } from './v30-scheduled-fees.js';
import { currenciesMigration } from './v31-currencies.js';
import { shortIdsMigration } from './v32-short-ids.js';
import { barsMigration } from './v33-bars.js';
import { propFirmRulesMigration } from './v34-prop-firm-rules.js';

/** Every schema version, written once for all databases. Forward-only; never edit a released one, add the next. */
export const MIGRATIONS: readonly MigrationDefinition[] = [
  {
    version: 1,
    name: 'initial schema',
    up: (tools) => [...initialUsersAndTrades(tools), ...initialWebhooksAndAlerts(tools)],
  },
  ...tradeDetailMigrations,
  ...keysAndLogMigrations,
  ...settingsAndImportMigrations,
  ...alertStateMigrations,
  tradeDaySummaryMigration,
  deliveryPageRoomMigration,
  daySummaryStampMigration,
  positionsMigration,
  partialExitsIndexMigration,
  scheduledFeesMigration,
  currenciesMigration,
  shortIdsMigration,
  barsMigration,
  propFirmRulesMigration,
];

/**
 * The migrations as the SQL statements one database runs, compiled with its adapter's declared
 * capabilities. Statements carry no parameters: every value in them is written into the SQL.
 *
 * @example const statements = compileMigrations(sqliteSchema)[0].statements;
 */
export function compileMigrations(caps: SchemaCapabilities): Migration[] {
  const db = caps.compiler;
  const tools: MigrationTools = { schema: db.schema, db, t: caps.types, caps };
  return MIGRATIONS.map((m) => ({
    version: m.version,
    name: m.name,
    statements: m.up(tools).map((statement) => {
      const compiled = statement.compile(db);
      if (compiled.parameters.length > 0) throw new Error(`migration ${m.version} has a bound parameter: ${compiled.sql}`);
      return compiled.sql;
    }),
  }));
}

export type { MigrationDefinition, SchemaCapabilities } from './dialect.js';

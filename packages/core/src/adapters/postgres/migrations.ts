import type { Migration } from '../sql/migrate.js';

/** PostgreSQL schema versions. Forward-only; never edit a released one, add the next. */
export const postgresMigrations: Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    statements: [
      `CREATE TABLE users (
        id UUID PRIMARY KEY, email TEXT NOT NULL, email_key TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
        password_hash TEXT NOT NULL, disabled BIGINT NOT NULL DEFAULT 0,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)`,
      `CREATE TABLE refresh_tokens (
        user_id UUID NOT NULL, token_hash TEXT NOT NULL, chain_id UUID NOT NULL,
        expires_at BIGINT NOT NULL, revoked_at BIGINT, created_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, token_hash))`,
      'CREATE INDEX refresh_tokens_chain ON refresh_tokens (user_id, chain_id)',
      `CREATE TABLE trades (
        user_id UUID NOT NULL, id UUID NOT NULL, instrument TEXT NOT NULL, instrument_key TEXT NOT NULL,
        direction TEXT NOT NULL, entry_price DOUBLE PRECISION NOT NULL, position_size DOUBLE PRECISION NOT NULL, entry_time BIGINT NOT NULL,
        stop_loss DOUBLE PRECISION, take_profit DOUBLE PRECISION, setup_type TEXT, notes TEXT, tags TEXT NOT NULL DEFAULT '[]',
        fees DOUBLE PRECISION NOT NULL DEFAULT 0, multiplier DOUBLE PRECISION NOT NULL DEFAULT 1, exit_price DOUBLE PRECISION, exit_time BIGINT,
        result_micros BIGINT, result_manual BIGINT NOT NULL DEFAULT 0, r_multiple DOUBLE PRECISION, status TEXT NOT NULL,
        import_key TEXT, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, id))`,
      'CREATE INDEX trades_entry ON trades (user_id, entry_time, id)',
      'CREATE INDEX trades_status_entry ON trades (user_id, status, entry_time, id)',
      'CREATE INDEX trades_instrument_entry ON trades (user_id, instrument_key, entry_time, id)',
      'CREATE INDEX trades_exit ON trades (user_id, exit_time, id) WHERE exit_time IS NOT NULL',
      'CREATE UNIQUE INDEX trades_import_key ON trades (user_id, import_key) WHERE import_key IS NOT NULL',
      `CREATE TABLE trade_counts (
        user_id UUID PRIMARY KEY, total BIGINT NOT NULL DEFAULT 0, open BIGINT NOT NULL DEFAULT 0)`,
      `CREATE TABLE journal_entries (
        user_id UUID NOT NULL, id UUID NOT NULL, date TEXT NOT NULL, type TEXT NOT NULL,
        premarket_analysis TEXT, trading_plan TEXT, postmarket_review TEXT,
        energy BIGINT, focus BIGINT, stress BIGINT, confidence BIGINT,
        lessons_learned TEXT NOT NULL DEFAULT '[]', tags TEXT NOT NULL DEFAULT '[]',
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, id), UNIQUE (user_id, date, type))`,
      'CREATE INDEX journal_date ON journal_entries (user_id, date, id)',
      `CREATE TABLE webhooks (
        user_id UUID NOT NULL, id UUID NOT NULL, url TEXT NOT NULL, events TEXT NOT NULL, secret TEXT NOT NULL,
        active BIGINT NOT NULL DEFAULT 1, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, id))`,
      `CREATE TABLE events (
        user_id UUID NOT NULL, id UUID NOT NULL, type TEXT NOT NULL, payload TEXT NOT NULL,
        created_at BIGINT NOT NULL, PRIMARY KEY (user_id, id))`,
      `CREATE TABLE deliveries (
        user_id UUID NOT NULL, id UUID NOT NULL, event_id UUID NOT NULL, webhook_id UUID NOT NULL,
        event_type TEXT NOT NULL, status TEXT NOT NULL, attempts BIGINT NOT NULL DEFAULT 0,
        next_attempt_at BIGINT, lease_until BIGINT, response_status BIGINT, duration_ms BIGINT, error TEXT,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, PRIMARY KEY (user_id, id))`,
      'CREATE INDEX deliveries_webhook ON deliveries (user_id, webhook_id, created_at, id)',
      "CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending'",
      `CREATE TABLE alerts (
        user_id UUID NOT NULL, id UUID NOT NULL, name TEXT NOT NULL, type TEXT NOT NULL, threshold DOUBLE PRECISION NOT NULL,
        tz TEXT NOT NULL, active BIGINT NOT NULL DEFAULT 1, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, id))`,
      `CREATE TABLE alert_events (
        user_id UUID NOT NULL, id UUID NOT NULL, alert_id UUID NOT NULL, period_key TEXT NOT NULL,
        value DOUBLE PRECISION NOT NULL, trade_id UUID, triggered_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, id), UNIQUE (user_id, alert_id, period_key))`,
      'CREATE INDEX alert_events_alert ON alert_events (user_id, alert_id, triggered_at, id)',
      'CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
      `CREATE TABLE counters (
        key TEXT NOT NULL, window_start BIGINT NOT NULL, count BIGINT NOT NULL, expires_at BIGINT NOT NULL,
        PRIMARY KEY (key, window_start))`,
    ],
  },
  {
    version: 2,
    name: 'webhook failure tracking',
    statements: ['ALTER TABLE webhooks ADD COLUMN failing_since BIGINT'],
  },
  {
    // Statistics filtered by instrument scan one instrument's closed trades in (exit_time, id) order, and
    // count its trades and open trades index-only; without it they read every closed trade of the user.
    version: 3,
    name: 'trades by instrument and exit time',
    statements: ['CREATE INDEX trades_instrument_exit ON trades (user_id, instrument_key, exit_time, id)'],
  },
  {
    // Statistics, dashboard, performance, equity and R distribution read only the outcome of each
    // closed trade: covering it in the exit index answers their scan from the index alone.
    version: 4,
    name: 'covering exit index for outcome scans',
    statements: [
      'DROP INDEX trades_exit',
      'CREATE INDEX trades_exit ON trades (user_id, exit_time, id) INCLUDE (result_micros, r_multiple) WHERE exit_time IS NOT NULL',
    ],
  },
  {
    // Analytics results are cached per user by this version; every trade write bumps it.
    version: 5,
    name: 'trade data version',
    statements: ['ALTER TABLE trade_counts ADD COLUMN version BIGINT NOT NULL DEFAULT 0'],
  },
  {
    // Trades carry what brokers give and traders filter by; closed-trade scans filtered by account
    // walk one account's exits in order.
    version: 6,
    name: 'trade instrument details',
    statements: [
      'ALTER TABLE trades ADD COLUMN account TEXT',
      'ALTER TABLE trades ADD COLUMN asset_class TEXT',
      'ALTER TABLE trades ADD COLUMN currency TEXT',
      'ALTER TABLE trades ADD COLUMN underlying TEXT',
      'ALTER TABLE trades ADD COLUMN expiry TEXT',
      'ALTER TABLE trades ADD COLUMN strike DOUBLE PRECISION',
      'ALTER TABLE trades ADD COLUMN option_right TEXT',
      'CREATE INDEX trades_account_exit ON trades (user_id, account, exit_time, id)',
    ],
  },
  {
    // Long-lived API keys for scripts and apps, looked up by (user, hash of the key).
    version: 10,
    name: 'api keys',
    statements: [
      `CREATE TABLE api_keys (
        user_id UUID NOT NULL, id UUID NOT NULL, name TEXT NOT NULL, key_hash TEXT NOT NULL, hint TEXT NOT NULL,
        scopes TEXT NOT NULL, expires_at BIGINT, last_used_at BIGINT, revoked_at BIGINT, created_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, id))`,
      'CREATE UNIQUE INDEX api_keys_hash ON api_keys (user_id, key_hash)',
    ],
  },
  {
    // Idempotency-Key records live 24 h; rate limits move from fixed-window counters to GCRA
    // (one theoretical arrival time per key), and the counters table goes.
    version: 11,
    name: 'idempotency keys and GCRA rate limits',
    statements: [
      `CREATE TABLE idempotency_keys (
        user_id UUID NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, state TEXT NOT NULL,
        status BIGINT, body TEXT, headers TEXT, locked_until BIGINT NOT NULL, expires_at BIGINT NOT NULL,
        created_at BIGINT NOT NULL, PRIMARY KEY (user_id, key))`,
      'CREATE TABLE rate_limits (key TEXT PRIMARY KEY, tat BIGINT NOT NULL)',
      'DROP TABLE counters',
    ],
  },
  {
    // The optional TOTP second factor and its single-use recovery codes.
    version: 12,
    name: 'totp second factor',
    statements: [
      `CREATE TABLE user_totp (
        user_id UUID PRIMARY KEY, secret TEXT NOT NULL, enabled_at BIGINT, last_step BIGINT, created_at BIGINT NOT NULL)`,
      `CREATE TABLE recovery_codes (
        user_id UUID NOT NULL, code_hash TEXT NOT NULL, used_at BIGINT, PRIMARY KEY (user_id, code_hash))`,
    ],
  },
  {
    // The delivery log: every attempt of a delivery, numbered from 1 (the latest attempt of existing
    // deliveries is carried over under its number). Retention finds a finished event's deliveries by
    // (user, event) and walks events oldest first across users.
    version: 13,
    name: 'delivery attempts and retention',
    statements: [
      `CREATE TABLE delivery_attempts (
        user_id UUID NOT NULL, delivery_id UUID NOT NULL, number BIGINT NOT NULL, at BIGINT NOT NULL,
        response_status BIGINT, duration_ms BIGINT, error TEXT, response_body TEXT,
        PRIMARY KEY (user_id, delivery_id, number))`,
      `INSERT INTO delivery_attempts (user_id, delivery_id, number, at, response_status, duration_ms, error, response_body)
        SELECT user_id, id, attempts, updated_at, response_status, duration_ms, error, NULL FROM deliveries WHERE attempts > 0`,
      'CREATE INDEX deliveries_event ON deliveries (user_id, event_id)',
      'CREATE INDEX events_created ON events (created_at)',
    ],
  },
  {
    // Statistics add holding times and fees, and the trading day of a trade depends on its
    // account's settings: the outcome scan reads entry_time, fees and account too, still from
    // the exit index alone.
    version: 15,
    name: 'exit index covers holding time, fees and account',
    statements: [
      'DROP INDEX trades_exit',
      'CREATE INDEX trades_exit ON trades (user_id, exit_time, id) INCLUDE (result_micros, r_multiple, entry_time, fees, account) WHERE exit_time IS NOT NULL',
    ],
  },
  {
    // Settings of a user (account '') and of each account that has its own, as one JSON document
    // each: later settings (risk limits) add fields to the document, not columns.
    version: 16,
    name: 'user settings',
    statements: [
      `CREATE TABLE user_settings (
        user_id UUID NOT NULL, account TEXT NOT NULL, document TEXT NOT NULL, updated_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, account))`,
    ],
  },
  {
    // The executions each imported trade was built from: shown with the trade, the dedup of
    // overlapping exports (by key within an account, instrument and time) and the seed of a
    // position a later file continues.
    version: 18,
    name: 'trade executions',
    statements: [
      `CREATE TABLE trade_executions (
        user_id UUID NOT NULL, trade_id UUID NOT NULL, seq BIGINT NOT NULL, exec_key TEXT NOT NULL,
        account TEXT NOT NULL, instrument TEXT NOT NULL, exec_time BIGINT NOT NULL, side TEXT NOT NULL,
        quantity DOUBLE PRECISION NOT NULL, price DOUBLE PRECISION NOT NULL, commission_micros BIGINT NOT NULL, fees_micros BIGINT NOT NULL,
        exec_id TEXT, multiplier DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (user_id, trade_id, seq))`,
      'CREATE UNIQUE INDEX trade_executions_key ON trade_executions (user_id, account, instrument, exec_time, exec_key)',
    ],
  },
  {
    // Imports become records: one row per import (its report), and each trade keeps the import that
    // created it, so an import can be listed, shown and undone.
    version: 22,
    name: 'imports and the trades they created',
    statements: [
      `CREATE TABLE imports (
        user_id UUID NOT NULL, id UUID NOT NULL, format_name TEXT NOT NULL, format_label TEXT NOT NULL, file_name TEXT,
        size_bytes BIGINT NOT NULL, source_tz TEXT NOT NULL, report TEXT NOT NULL, trades_created INTEGER NOT NULL,
        started_at BIGINT NOT NULL, finished_at BIGINT NOT NULL, undone_at BIGINT, PRIMARY KEY (user_id, id))`,
      'CREATE INDEX imports_started ON imports (user_id, started_at, id)',
      'ALTER TABLE trades ADD COLUMN import_id UUID',
      'CREATE INDEX trades_import ON trades (user_id, import_id)',
    ],
  },
  {
    // Saved column mappings (tj import --map … --save-profile NAME): each is a format of its
    // user's imports, detected by its header like the built-in ones.
    version: 23,
    name: 'import mapping profiles',
    statements: [
      `CREATE TABLE import_profiles (
        user_id UUID NOT NULL, name TEXT NOT NULL, profile TEXT NOT NULL, created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL, PRIMARY KEY (user_id, name))`,
    ],
  },
];

import type { DaySummaryColumns } from '../../summaries/day-fields.js';

/** Column types as both drivers return them (int8 is parsed to number on PostgreSQL). */
export interface Database {
  users: {
    id: string;
    email: string;
    email_key: string;
    name: string;
    password_hash: string;
    disabled: number;
    created_at: number;
    updated_at: number;
  };
  refresh_tokens: {
    user_id: string;
    token_hash: string;
    chain_id: string;
    expires_at: number;
    revoked_at: number | null;
    created_at: number;
  };
  trades: {
    user_id: string;
    id: string;
    instrument: string;
    instrument_key: string;
    direction: string;
    entry_price: number;
    position_size: number;
    entry_time: number;
    stop_loss: number | null;
    take_profit: number | null;
    setup_type: string | null;
    notes: string | null;
    tags: string;
    fees: number;
    multiplier: number;
    exit_price: number | null;
    exit_time: number | null;
    result_micros: number | null;
    result_manual: number;
    r_multiple: number | null;
    status: string;
    import_key: string | null;
    /** The import that created the trade (schema version 22). */
    import_id: string | null;
    created_at: number;
    updated_at: number;
    /** Instrument details (schema version 6). */
    account: string | null;
    asset_class: string | null;
    currency: string | null;
    underlying: string | null;
    expiry: string | null;
    strike: number | null;
    option_right: string | null;
    /** P&L booked by partial exits before the close, in micros (schema version 28). */
    realized_micros: number;
    /** JSON `[[timeMs, pnlMicros], …]` of the partial exits, null without any (28). */
    partial_exits: string | null;
    /** Option strategy of a position of several legs (28). */
    strategy: string | null;
    /** The broker's rate from the trade's currency to its account's base currency, decimal text (31). */
    fx_rate: string | null;
    /** The base currency of fx_rate when the file names it (31). */
    fx_base: string | null;
    /** 1 when some of its fees came from a commission schedule (30). */
    fees_from_schedule: number;
    /** The trade's excursion as JSON (docs/analytics.md, "Excursions"); null until computed (33). */
    excursion: string | null;
    /** MAE and MFE in money (micros, MAE ≤ 0 ≤ MFE), in R, and ETD in micros: what analytics read (33). */
    mae_micros: number | null;
    mfe_micros: number | null;
    mae_r: number | null;
    mfe_r: number | null;
    etd_micros: number | null;
  };
  trade_executions: {
    user_id: string;
    trade_id: string;
    seq: number;
    exec_key: string;
    account: string;
    instrument: string;
    exec_time: number;
    side: string;
    quantity: number;
    price: number;
    commission_micros: number;
    fees_micros: number;
    exec_id: string | null;
    multiplier: number;
    /** The leg's instrument details, order reference and action (schema version 28). */
    asset_class: string | null;
    underlying: string | null;
    expiry: string | null;
    strike: number | null;
    option_right: string | null;
    order_ref: string | null;
    action: string | null;
  };
  /** Splits and symbol changes (schema version 28). */
  corporate_actions: {
    user_id: string;
    id: string;
    kind: string;
    account: string | null;
    instrument: string;
    effective_at: number;
    ratio_from: number | null;
    ratio_to: number | null;
    new_instrument: string | null;
    note: string | null;
    action_key: string | null;
    import_id: string | null;
    created_at: number;
  };
  /** The user's FX reference rates: on `day`, 1 base = rate quote (schema version 31). */
  fx_rates: {
    user_id: string;
    base: string;
    quote: string;
    day: string;
    rate: string;
    source: string;
    created_at: number;
  };
  trade_counts: { user_id: string; total: number; open: number; version: number };
  journal_entries: {
    user_id: string;
    id: string;
    date: string;
    type: string;
    premarket_analysis: string | null;
    trading_plan: string | null;
    postmarket_review: string | null;
    energy: number | null;
    focus: number | null;
    stress: number | null;
    confidence: number | null;
    lessons_learned: string;
    tags: string;
    created_at: number;
    updated_at: number;
  };
  webhooks: {
    user_id: string;
    id: string;
    url: string;
    events: string;
    secret: string;
    active: number;
    created_at: number;
    updated_at: number;
    /** Since when every attempt has failed (schema version 2); null while it delivers. */
    failing_since: number | null;
  };
  events: { user_id: string; id: string; type: string; payload: string; created_at: number };
  deliveries: {
    user_id: string;
    id: string;
    event_id: string;
    webhook_id: string;
    event_type: string;
    status: string;
    attempts: number;
    next_attempt_at: number | null;
    lease_until: number | null;
    response_status: number | null;
    duration_ms: number | null;
    error: string | null;
    created_at: number;
    updated_at: number;
  };
  delivery_attempts: {
    user_id: string;
    delivery_id: string;
    number: number;
    at: number;
    response_status: number | null;
    duration_ms: number | null;
    error: string | null;
    response_body: string | null;
  };
  alerts: {
    user_id: string;
    id: string;
    name: string;
    type: string;
    threshold: number;
    tz: string;
    active: number;
    /** Prop-firm options (schema version 34). */
    starting_balance: number | null;
    trailing: string | null;
    stop_trailing_at_start: number;
    count_open: number;
    created_at: number;
    updated_at: number;
  };
  alert_events: {
    user_id: string;
    id: string;
    alert_id: string;
    period_key: string;
    value: number;
    trade_id: string | null;
    triggered_at: number;
  };
  /** The running state of one alert rule (schema version 24). */
  alert_states: {
    user_id: string;
    alert_id: string;
    basis: string;
    version: number;
    last_exit_time: number | null;
    last_trade_id: string | null;
    cumulative_micros: number;
    peak_micros: number;
    peak_key: string;
    peak_exit_time: number | null;
    checkpoint_exit_time: number | null;
    checkpoint_trade_id: string | null;
    checkpoint_cumulative_micros: number;
    checkpoint_peak_micros: number;
    checkpoint_peak_key: string;
    checkpoint_peak_exit_time: number | null;
    run_length: number;
    run_first_id: string | null;
    run_first_exit_time: number | null;
    run_breaker_id: string | null;
    run_breaker_exit_time: number | null;
    day: number | null;
    day_pnl_micros: number;
  };
  settings: { key: string; value: string };
  /** GCRA state of one rate limit key: its theoretical arrival time in microseconds since the epoch (schema version 11). */
  rate_limits: { key: string; tat: number };
  /** API keys (schema version 10): only the SHA-256 of a key is stored. */
  imports: {
    user_id: string;
    id: string;
    format_name: string;
    format_label: string;
    file_name: string | null;
    size_bytes: number;
    source_tz: string;
    report: string;
    trades_created: number;
    started_at: number;
    finished_at: number;
    undone_at: number | null;
  };
  api_keys: {
    user_id: string;
    id: string;
    name: string;
    key_hash: string;
    hint: string;
    scopes: string;
    expires_at: number | null;
    last_used_at: number | null;
    revoked_at: number | null;
    created_at: number;
  };
  /** Idempotency-Key records (schema version 11). */
  idempotency_keys: {
    user_id: string;
    key: string;
    fingerprint: string;
    state: string;
    status: number | null;
    body: string | null;
    headers: string | null;
    locked_until: number;
    expires_at: number;
    created_at: number;
  };
  /** TOTP second factor (schema version 12); `enabled_at` is null while the enrolment is unconfirmed. */
  user_settings: { user_id: string; account: string; document: string; updated_at: number };
  /** Saved import column mappings (schema version 23). */
  import_profiles: { user_id: string; name: string; profile: string; created_at: number; updated_at: number };
  user_totp: { user_id: string; secret: string; enabled_at: number | null; last_step: number | null; created_at: number };
  /** Single-use recovery codes of the second factor (schema version 12), stored as SHA-256. */
  recovery_codes: { user_id: string; code_hash: string; used_at: number | null };
  /** Per-day summaries of closed trades (schema version 25): the fields of summaries/day-fields.ts and their stamp (27). */
  trade_day_summaries: { user_id: string; day: number; fields_version: string } & DaySummaryColumns;
  /** The user's price bars (33): one row per (instrument key, timeframe in seconds, bar start in ms). */
  bars: {
    user_id: string;
    instrument_key: string;
    timeframe: number;
    time: number;
    open: number;
    high: number;
    low: number;
    close: number;
    volume: number | null;
  };
  /** Stretches over which a bar series is complete (33). */
  bar_ranges: {
    user_id: string;
    instrument_key: string;
    timeframe: number;
    start_time: number;
    end_time: number;
    source: string;
  };
}

/** The SQL dialects we run on. */
export type Dialect = 'sqlite' | 'postgres';

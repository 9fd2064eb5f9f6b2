import type { ClosedTradeFact } from '../analytics/types.js';
import type {
  AlertEventRow,
  AlertRow,
  DeliveryRow,
  EventRow,
  JournalRow,
  RefreshTokenRow,
  TradeListRow,
  TradeRow,
  UserRow,
  WebhookRow,
} from './rows.js';

/** A page request. */
export interface PageRequest {
  page: number;
  limit: number;
}

/** One page of rows and the total count of the filter. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** Trade filter in storage terms: entry times in ms, `to` exclusive. */
export interface TradeQuery {
  instrument?: string | undefined;
  entryFrom?: number | undefined;
  entryTo?: number | undefined;
  status?: 'open' | 'closed' | undefined;
  /** Exit-time range (closed trades only), `exitTo` exclusive. */
  exitFrom?: number | undefined;
  exitTo?: number | undefined;
}

/** Users. Emails are unique ignoring case. */
export interface UserRepo {
  insert(row: UserRow): Promise<void>;
  byId(id: string): Promise<UserRow | undefined>;
  byEmail(email: string): Promise<UserRow | undefined>;
  list(): Promise<UserRow[]>;
  update(row: UserRow): Promise<void>;
  count(): Promise<number>;
}

/** Refresh tokens, looked up by (user, token hash). */
export interface TokenRepo {
  insert(row: RefreshTokenRow): Promise<void>;
  get(userId: string, tokenHash: string): Promise<RefreshTokenRow | undefined>;
  /** Revokes one token unless already revoked; true when this call revoked it. */
  revoke(userId: string, tokenHash: string, at: number): Promise<boolean>;
  revokeChain(userId: string, chainId: string, at: number): Promise<void>;
}

/** Trades and the per-user counters that keep list totals cheap. */
export interface TradeRepo {
  insert(row: TradeRow): Promise<void>;
  insertMany(rows: TradeRow[]): Promise<void>;
  get(userId: string, id: string, opts?: { forUpdate?: boolean }): Promise<TradeRow | undefined>;
  update(before: TradeRow, after: TradeRow): Promise<void>;
  delete(row: TradeRow): Promise<void>;
  /** A page of trades, newest entry first (list rows: no import key or manual-result flag). */
  list(userId: string, query: TradeQuery, page: PageRequest): Promise<Page<TradeListRow>>;
  /**
   * Closed trades in (exitTime, id) order, in batches. With `outcomeOnly`, only id, exitTime,
   * resultMicros and rMultiple are read (from a covering index); instrument is '', setupType null,
   * tags empty and entryTime equals exitTime. Only per-category analytics need the full facts.
   */
  closedFacts(userId: string, query: TradeQuery, options?: { outcomeOnly?: boolean }): AsyncIterable<ClosedTradeFact[]>;
  /** Open and total counts. */
  counts(userId: string, query: TradeQuery): Promise<{ total: number; open: number }>;
  /** A number that changes with every write of the user's trades (in the writing transaction). */
  dataVersion(userId: string): Promise<number>;
  /** Which of these ids exist for the user. */
  existingIds(userId: string, ids: string[]): Promise<Set<string>>;
  /** Rows with these import keys. */
  byImportKeys(userId: string, keys: string[]): Promise<TradeRow[]>;
  /** Sum of results (micros) of trades exiting in [from, to). */
  exitPnlMicros(userId: string, from: number, to: number): Promise<number>;
  /** The latest closed trades by (exitTime, id) descending. */
  latestClosed(userId: string, limit: number): Promise<Array<{ id: string; resultMicros: number; exitTime: number }>>;
}

/** Journal entries; one per (user, date, type). */
export interface JournalRepo {
  insert(row: JournalRow): Promise<void>;
  get(userId: string, id: string): Promise<JournalRow | undefined>;
  update(row: JournalRow): Promise<void>;
  delete(userId: string, id: string): Promise<boolean>;
  list(
    userId: string,
    query: { dateFrom?: string | undefined; dateTo?: string | undefined; type?: string | undefined },
    page: PageRequest,
  ): Promise<Page<JournalRow>>;
}

/** Webhook subscriptions. */
export interface WebhookRepo {
  insert(row: WebhookRow): Promise<void>;
  get(userId: string, id: string): Promise<WebhookRow | undefined>;
  list(userId: string): Promise<WebhookRow[]>;
  delete(userId: string, id: string): Promise<boolean>;
  setActive(userId: string, id: string, active: boolean, at: number): Promise<void>;
  /** Active webhooks subscribed to `eventType` (or to `*`). */
  subscribed(userId: string, eventType: string): Promise<WebhookRow[]>;
  /** Notes a failed attempt at `at`; returns since when the webhook has been failing (its first failure since a success). */
  recordFailure(userId: string, id: string, at: number): Promise<number>;
  /** Notes a successful attempt: the webhook is no longer failing. */
  recordSuccess(userId: string, id: string): Promise<void>;
}

/** A due delivery with what is needed to send it. */
export interface DeliveryJob {
  delivery: DeliveryRow;
  url: string;
  secret: string;
  payload: string;
  webhookCreatedAt: number;
  /** False when the webhook was deactivated after the event was written. */
  active: boolean;
}

/** The outbox: events and their deliveries. */
export interface OutboxRepo {
  insertEvent(event: EventRow, deliveries: DeliveryRow[]): Promise<void>;
  getDelivery(userId: string, id: string): Promise<DeliveryRow | undefined>;
  listDeliveries(
    userId: string,
    webhookId: string,
    query: { status?: string | undefined },
    page: PageRequest,
  ): Promise<Page<DeliveryRow>>;
  /**
   * Claims up to `limit` due pending deliveries for `leaseMs` (row locks with SKIP LOCKED on
   * PostgreSQL), so concurrent workers never claim the same attempt. Deliveries whose webhook or
   * event no longer exists are marked failed instead of returned.
   */
  claimDue(now: number, leaseMs: number, limit: number): Promise<DeliveryJob[]>;
  /** Records an attempt's outcome; only applies while the lease `leaseUntil` is still held. */
  recordAttempt(
    row: Pick<DeliveryRow, 'userId' | 'id' | 'status' | 'nextAttemptAt' | 'responseStatus' | 'durationMs' | 'error'> & {
      leaseUntil: number;
      at: number;
    },
  ): Promise<boolean>;
  /** Records many attempts in one statement; each entry is true when its lease was still held. */
  recordAttempts(rows: Array<Parameters<OutboxRepo['recordAttempt']>[0]>): Promise<boolean[]>;
  /**
   * Claims one delivery that is not pending (to send it again): makes it pending, due now and
   * leased for `leaseMs`; undefined when it does not exist or is pending already.
   */
  claimOne(userId: string, id: string, now: number, leaseMs: number): Promise<DeliveryJob | undefined>;
}

/** Alert rules and their triggers. */
export interface AlertRepo {
  insert(row: AlertRow): Promise<void>;
  get(userId: string, id: string): Promise<AlertRow | undefined>;
  list(userId: string): Promise<AlertRow[]>;
  listActive(userId: string): Promise<AlertRow[]>;
  update(row: AlertRow): Promise<void>;
  delete(userId: string, id: string): Promise<boolean>;
  /** Inserts a trigger unless one exists for (alert, periodKey); true when inserted. */
  insertEventOnce(row: AlertEventRow): Promise<boolean>;
  listEvents(userId: string, alertId: string, page: PageRequest): Promise<Page<AlertEventRow>>;
}

/** Small shared key-value and counter state (settings, throttles, rate limits). */
export interface StateRepo {
  getSetting(key: string): Promise<string | undefined>;
  /** Stores `value` unless the key exists; returns the stored value. */
  putSettingIfAbsent(key: string, value: string): Promise<string>;
  /** Adds one to the counter of `key` in the fixed window starting at `windowStart`; returns the new count. */
  hit(key: string, windowStart: number, expiresAt: number): Promise<number>;
  /** The count of `key` in the window starting at `windowStart`. */
  peek(key: string, windowStart: number): Promise<number>;
  clearCounter(key: string): Promise<void>;
  /** Deletes counters that expired before `now`. */
  purgeCounters(now: number): Promise<void>;
}

/** Every repository, bound to one connection or transaction. */
export interface Repositories {
  users: UserRepo;
  tokens: TokenRepo;
  trades: TradeRepo;
  journal: JournalRepo;
  webhooks: WebhookRepo;
  outbox: OutboxRepo;
  alerts: AlertRepo;
  state: StateRepo;
}

/**
 * The storage port core runs on. Adapters: `@tj/core/sqlite` and `@tj/core/postgres`.
 * Driver errors surface as CoreErrors (`conflict` for uniqueness violations).
 */
export interface Storage {
  readonly dialect: 'sqlite' | 'postgres';
  /** Repositories outside any transaction. */
  readonly repos: Repositories;
  /** Runs `fn` in one transaction: all its writes land, or none do. */
  transaction<T>(fn: (tx: Repositories) => Promise<T>): Promise<T>;
  /** True when the database answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

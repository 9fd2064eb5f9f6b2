import type { Bar } from '../market/bar.js';
import type { StoredDay } from '../summaries/day-fields.js';
import type { ClosedTradeFact } from '../summaries/fact.js';
import type {
  AlertEventRow,
  AlertRow,
  AlertStateRow,
  ApiKeyRow,
  AttemptRow,
  CorporateActionRow,
  DeliveryRow,
  EventRow,
  ExecutionRow,
  ExcursionWrite,
  IdempotencyRow,
  ImportProfileRow,
  ImportRow,
  JournalRow,
  PartialExitRow,
  RefreshTokenRow,
  StoredResponse,
  TotpRow,
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
  /** Exact matches on the trade's account, asset class and setupType; `tag`: one of its tags. */
  account?: string | undefined;
  assetClass?: string | undefined;
  setup?: string | undefined;
  tag?: string | undefined;
  /** The trade's option strategy; null: only trades without one (single instruments). */
  strategy?: string | null | undefined;
  /** Id range, both inclusive (the ids an id prefix covers). */
  idFrom?: string | undefined;
  idTo?: string | undefined;
}

/** The tables of records people name by id (a full id or a short id). */
export type IdTable =
  | 'trades'
  | 'journal_entries'
  | 'alerts'
  | 'webhooks'
  | 'deliveries'
  | 'imports'
  | 'corporate_actions'
  | 'api_keys';

/** Ids by their short form. */
export interface IdRepo {
  /** The user's ids in `table` whose short id (last 10 hex digits, lower case) is `short`: at most `limit`, in id order. */
  byShortId(table: IdTable, userId: string, short: string, limit: number): Promise<string[]>;
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

/** A closed trade's MAE beside its result (the report's MAE-vs-result scatter). */
export interface ExcursionPointRow {
  id: string;
  instrument: string;
  /** MAE in micro-units of the trade's money (≤ 0). */
  maeMicros: number;
  maeR: number | null;
  resultMicros: number;
  rMultiple: number | null;
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
   * Closed trades in (exitTime, id) order, in batches, with their outcome only: id, exitTime,
   * resultMicros and rMultiple, read from a covering index. The other fields hold neutral values
   * (instrument '', setupType null, tags empty, account, assetClass and strategy null, fees 0, entryTime =
   * exitTime): most analytics and the drawdown alert need no more.
   */
  closedOutcomes(userId: string, query: TradeQuery): AsyncIterable<ClosedTradeFact[]>;
  /**
   * {@link closedOutcomes} plus entryTime, fees and account (still from the index): statistics
   * (holding time, fees) and day-based figures when accounts have their own trading day.
   */
  closedOutcomesWithCosts(userId: string, query: TradeQuery): AsyncIterable<ClosedTradeFact[]>;
  /** Closed trades with every fact analytics read (instrument, setup, tags, ...): per-category analytics and the report. */
  closedFacts(userId: string, query: TradeQuery): AsyncIterable<ClosedTradeFact[]>;
  /** Closed trades of the query with an MAE, latest exit first, at most `limit` (docs/decisions.md, "A trade on its chart"). */
  excursionPoints(userId: string, query: TradeQuery, limit: number): Promise<ExcursionPointRow[]>;
  /**
   * The trades of the query that have partial exits, open or closed, in id order: what the
   * day-based figures book beside the closes. The query's filters select trades as they do for
   * the list, but its exit range [exitFrom, exitTo) bounds the bookings instead of the exit: a
   * trade is read when it may have booked inside it (open, or exited at or after exitFrom;
   * entered before exitTo). Callers still place each booking by its own time. A partial index
   * (migration 29) makes the read without other filters one empty probe for a user without
   * partial exits; with filters, at most the trades those filters already select are visited.
   */
  partialExits(userId: string, query: TradeQuery): Promise<PartialExitTrade[]>;
  /** The distinct currencies the user's trades state, sorted (trades without one add none): a few index probes. */
  currencies(userId: string): Promise<string[]>;
  /** Open and total counts. */
  counts(userId: string, query: TradeQuery): Promise<{ total: number; open: number }>;
  /** A number that changes with every write of the user's trades (in the writing transaction). */
  dataVersion(userId: string): Promise<number>;
  /** Changes the data version without a trade write (a setting that changes analytics answers). */
  bumpDataVersion(userId: string): Promise<void>;
  /** Which of these ids exist for the user. */
  existingIds(userId: string, ids: string[]): Promise<Set<string>>;
  /** Rows with these import keys. */
  byImportKeys(userId: string, keys: string[]): Promise<TradeRow[]>;
  /** Sum of results (micros) of trades exiting in [from, to). */
  exitPnlMicros(userId: string, from: number, to: number): Promise<number>;
  /** Closed trades without a stop, in id order and batches: what their R from a default risk depends on. */
  closedWithoutStop(userId: string): AsyncIterable<NoStopTrade[]>;
  /** Stores computed excursions with their trades (JSON and figure columns); ids not found are skipped. The data version is the caller's to bump. */
  setExcursions(userId: string, rows: readonly ExcursionWrite[]): Promise<void>;
  /** Sets the R multiple of these trades (a change of default risk). */
  setRMultiples(userId: string, changes: Array<{ id: string; rMultiple: number | null }>): Promise<void>;
  /** Id, open flag and last update of the trades an import created, by id. */
  byImport(userId: string, importId: string): Promise<Array<{ id: string; open: boolean; updatedAt: number }>>;
  /** Ids of the trades an import created, in id order (the order they were created in, for generated ids). */
  idsByImport(userId: string, importId: string): Promise<string[]>;
  /** Deletes the trades an import created; answers how many. */
  deleteByImport(userId: string, importId: string): Promise<number>;
  /** Per account (null: trades without one) or per instrument: counts, summed results and time range. */
  groups(userId: string, by: 'account' | 'instrument'): Promise<TradeGroupRow[]>;
  /** The latest closed trades by (exitTime, id) descending. */
  latestClosed(userId: string, limit: number): Promise<Array<{ id: string; resultMicros: number; exitTime: number }>>;
}

/** A trade with partial exits as day-based figures read it (times in ms, money in micros). */
export interface PartialExitTrade {
  id: string;
  account: string | null;
  /** The trade's currency, broker rate to its base and that base (see {@link ClosedTradeFact}). */
  currency: string | null;
  fxRate: string | null;
  fxBase: string | null;
  /** The close, or null while the trade is open. */
  exitTime: number | null;
  /** Σ of `partialExits`: what the close does not book again. */
  realizedMicros: number;
  /** The bookings before the close, oldest first (never empty). */
  partialExits: PartialExitRow[];
}

/** A closed trade without a stop, as a change of default risk needs it. */
export type NoStopTrade = Pick<
  TradeRow,
  'id' | 'account' | 'instrument' | 'underlying' | 'positionSize' | 'multiplier' | 'rMultiple'
> & { resultMicros: number };

/** One account's or instrument's aggregate over a user's trades (times in ms, money in micros). */
export interface TradeGroupRow {
  /** The account (null: trades without one) or the instrument. */
  key: string | null;
  trades: number;
  openTrades: number;
  resultMicros: number;
  firstEntryTime: number;
  lastEntryTime: number;
  lastExitTime: number | null;
}

/** Import records, newest first. */
export interface ImportRepo {
  insert(row: ImportRow): Promise<void>;
  get(userId: string, id: string): Promise<ImportRow | undefined>;
  list(userId: string, page: PageRequest): Promise<Page<ImportRow>>;
  /** Marks an import undone at `at`; false when it was not found or already undone. */
  markUndone(userId: string, id: string, at: number): Promise<boolean>;
}

/** Saved import column mappings, by (user, name). */
export interface ImportProfileRepo {
  /** The user's profiles by name. */
  list(userId: string): Promise<ImportProfileRow[]>;
  get(userId: string, name: string): Promise<ImportProfileRow | undefined>;
  /** Creates or replaces a profile (a replaced one keeps its createdAt). */
  put(row: ImportProfileRow): Promise<void>;
  /** False when there was no such profile. */
  delete(userId: string, name: string): Promise<boolean>;
}

/** The executions imported trades were built from; keys unique per (user, account, instrument, time). */
export interface ExecutionRepo {
  insertMany(rows: ExecutionRow[]): Promise<void>;
  /** A trade's executions in order. */
  forTrade(userId: string, tradeId: string): Promise<ExecutionRow[]>;
  deleteForTrade(userId: string, tradeId: string): Promise<void>;
  /** Deletes the executions of the trades an import created (before those trades go). */
  deleteForImport(userId: string, importId: string): Promise<void>;
  /** The latest execution of (account, instrument): its time and trade, or undefined. */
  latest(userId: string, account: string, instrument: string): Promise<{ time: number; tradeId: string } | undefined>;
  /** Which of these (time, key) pairs of (account, instrument) are stored, as `time:key` strings. */
  existing(userId: string, account: string, instrument: string, keys: Array<{ time: number; key: string }>): Promise<Set<string>>;
}

/** What a list of corporate actions is filtered by (each filter optional). */
export interface CorporateActionQuery {
  /** Actions of this instrument: their `instrument`, or a symbol change's `newInstrument`. */
  instrument?: string | undefined;
  /** Actions that apply to this account: its own and those of every account (account null). */
  account?: string | undefined;
  /** Id range, both inclusive (the ids an id prefix covers). */
  idFrom?: string | undefined;
  idTo?: string | undefined;
}

/** Splits and symbol changes, keyed by (user, id); `actionKey` is unique per user. */
export interface CorporateActionRepo {
  insert(row: CorporateActionRow): Promise<void>;
  get(userId: string, id: string): Promise<CorporateActionRow | undefined>;
  /** The user's actions, newest effective first (then by id, descending). */
  list(userId: string, query: CorporateActionQuery): Promise<CorporateActionRow[]>;
  /** Which of these action keys the user has stored. */
  existingKeys(userId: string, keys: string[]): Promise<Set<string>>;
  /** False when there was no such action. */
  delete(userId: string, id: string): Promise<boolean>;
  /** Deletes the actions an import read; answers how many. */
  deleteByImport(userId: string, importId: string): Promise<number>;
}

/** Journal entries; one per (user, date, type). */
export interface JournalRepo {
  insert(row: JournalRow): Promise<void>;
  get(userId: string, id: string): Promise<JournalRow | undefined>;
  update(row: JournalRow): Promise<void>;
  delete(userId: string, id: string): Promise<boolean>;
  list(
    userId: string,
    query: {
      dateFrom?: string | undefined;
      dateTo?: string | undefined;
      type?: string | undefined;
      /** Id range, both inclusive. */
      idFrom?: string | undefined;
      idTo?: string | undefined;
    },
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
  /** The user's active webhooks (which of them receive an event is `receives`'s rule). */
  listActive(userId: string): Promise<WebhookRow[]>;
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

/** What one attempt came to, as `OutboxRepo.recordAttempts` writes it under the delivery's lease. */
export type AttemptRecord = Pick<
  DeliveryRow,
  'userId' | 'id' | 'status' | 'nextAttemptAt' | 'responseStatus' | 'durationMs' | 'error'
> & {
  leaseUntil: number;
  at: number;
  /** The first bytes of the answer's body (see `AttemptRow.responseBody`). */
  responseBody: string | null;
  /** A success's webhook, whose failing streak the record ends (`WebhookRepo.recordSuccess`). */
  clearsFailingOf?: string | undefined;
};

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
  /**
   * Records attempts' outcomes in one go; each entry applies only while its lease `leaseUntil` is
   * still held, and is then true. An applied attempt counts on its delivery (`attempts` + 1, the
   * latest answer) and is appended to the delivery log under that number, and a success given
   * `clearsFailingOf` ends that webhook's failing streak. Atomic on its own (one statement where the
   * database allows, else its own transaction), or part of the caller's transaction.
   */
  recordAttempts(rows: AttemptRecord[]): Promise<boolean[]>;
  /** Appends attempts to the delivery log as they are (the test delivery writes its one attempt so). */
  insertAttempts(rows: AttemptRow[]): Promise<void>;
  /** The logged attempts of these deliveries of one user, by delivery then attempt number. */
  listAttempts(userId: string, deliveryIds: string[]): Promise<AttemptRow[]>;
  /**
   * Deletes up to `limit` events created before `before` whose every delivery succeeded with its
   * last attempt before `before` (or that have no delivery left), with those deliveries and their
   * logs: the number of events deleted. A pending (not yet sent, or retrying) or failed delivery
   * keeps its event. Concurrent purges on PostgreSQL skip each other's rows.
   */
  purgeDelivered(before: number, limit: number): Promise<number>;
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
  /** The running states of the user's alerts (see {@link AlertStateRow}). */
  listStates(userId: string): Promise<AlertStateRow[]>;
  /** Creates or replaces an alert's running state. */
  putState(row: AlertStateRow): Promise<void>;
}

/** The state of one GCRA rate limit key after a hit. */
export interface RateHit {
  /** False when the hit was refused (the state was left unchanged). */
  allowed: boolean;
  /** The key's theoretical arrival time (ms since epoch) after the hit, or as it stands when refused. */
  tat: number;
}

/** Small shared key-value state: settings and rate limits (shared by every process on the database). */
export interface StateRepo {
  getSetting(key: string): Promise<string | undefined>;
  /** Stores `value` unless the key exists; returns the stored value. */
  putSettingIfAbsent(key: string, value: string): Promise<string>;
  /**
   * One atomic GCRA step for `key`: the hit is allowed when max(tat, now) + interval − now ≤ window,
   * and then tat becomes max(tat, now) + interval; a refused hit changes nothing.
   */
  rateHit(key: string, now: number, intervalMs: number, windowMs: number): Promise<RateHit>;
  /** The theoretical arrival time of `key`, or undefined when it has none. */
  rateTat(key: string): Promise<number | undefined>;
  rateClear(key: string): Promise<void>;
  /** Deletes rate limit keys that are fully replenished (tat before `now`). */
  purgeRates(now: number): Promise<void>;
}

/** API keys of users, looked up by (user, SHA-256 of the key). */
export interface ApiKeyRepo {
  insert(row: ApiKeyRow): Promise<void>;
  list(userId: string): Promise<ApiKeyRow[]>;
  get(userId: string, id: string): Promise<ApiKeyRow | undefined>;
  byHash(userId: string, keyHash: string): Promise<ApiKeyRow | undefined>;
  /** Revokes a key unless already revoked; true when this call revoked it. */
  revoke(userId: string, id: string, at: number): Promise<boolean>;
  /** Notes that the key was used at `at`. */
  touch(userId: string, id: string, at: number): Promise<void>;
  /** Keys neither revoked nor expired at `now`. */
  countActive(userId: string, now: number): Promise<number>;
}

/** Idempotency-Key records, keyed by (user, key). */
export interface IdempotencyRepo {
  /**
   * Claims a key atomically: inserts a pending record, or takes over one that expired, or a pending
   * one with the same fingerprint whose lock ran out (its request died). True when claimed.
   */
  claim(row: Omit<IdempotencyRow, 'state' | 'response'>, now: number): Promise<boolean>;
  get(userId: string, key: string): Promise<IdempotencyRow | undefined>;
  /**
   * Stores the response of the claimed request (the record becomes `done`); a `fingerprint`
   * replaces the one claimed with (an upload's, completed with its body's digest).
   */
  complete(userId: string, key: string, response: StoredResponse, fingerprint?: string): Promise<void>;
  /** Lets go of a pending claim (its request failed without a response worth repeating). */
  release(userId: string, key: string): Promise<void>;
  /** Deletes the user's expired records. */
  purgeExpired(userId: string, now: number): Promise<void>;
}

/** A user's settings documents (JSON): one for the user (account ''), one per account that has its own. */
export interface SettingsRepo {
  /** Every settings document of the user. */
  list(userId: string): Promise<Array<{ account: string; document: string }>>;
  /** Creates or replaces one document. */
  put(userId: string, account: string, document: string, at: number): Promise<void>;
  /** Drops one document. */
  delete(userId: string, account: string): Promise<void>;
}

/** The TOTP second factor and its recovery codes. */
export interface TotpRepo {
  get(userId: string): Promise<TotpRow | undefined>;
  /** Starts (or restarts) an unconfirmed enrolment: replaces a pending row, never an enabled one; true when stored. */
  putPending(row: TotpRow): Promise<boolean>;
  /** Confirms the pending enrolment at `at` with the step of the code that confirmed it; true when it was pending. */
  enable(userId: string, at: number, step: number): Promise<boolean>;
  /** Accepts a code's time step once: true when `step` is later than every step accepted before. */
  useStep(userId: string, step: number): Promise<boolean>;
  /** Removes the second factor and its recovery codes. */
  delete(userId: string): Promise<void>;
  /** Replaces the recovery codes (their hashes). */
  replaceRecoveryCodes(userId: string, codeHashes: string[]): Promise<void>;
  /** Uses a recovery code once: true when it existed and was unused. */
  useRecoveryCode(userId: string, codeHash: string, at: number): Promise<boolean>;
  /** Unused recovery codes. */
  countRecoveryCodes(userId: string): Promise<number>;
}

/** Every repository, bound to one connection or transaction. */
export interface Repositories {
  users: UserRepo;
  tokens: TokenRepo;
  trades: TradeRepo;
  executions: ExecutionRepo;
  corporateActions: CorporateActionRepo;
  journal: JournalRepo;
  webhooks: WebhookRepo;
  outbox: OutboxRepo;
  alerts: AlertRepo;
  state: StateRepo;
  ids: IdRepo;
  apiKeys: ApiKeyRepo;
  idempotency: IdempotencyRepo;
  totp: TotpRepo;
  imports: ImportRepo;
  importProfiles: ImportProfileRepo;
  settings: SettingsRepo;
  tradeDays: TradeDayRepo;
  fxRates: FxRateRepo;
  bars: BarRepo;
  excursions: ExcursionRepo;
}

/** What excursions read beside the trade repository (docs/analytics.md, "Excursions"). */
export interface ExcursionRepo {
  /** A page of the user's closed trades in id order, after `afterId` (null: from the first). */
  closedTrades(userId: string, afterId: string | null, limit: number): Promise<TradeRow[]>;
  /**
   * Closed trades open at some time in [from, to) (an exit at `from` counts) whose instrument is
   * `instrumentKey` or starts with it (a futures root's contracts: callers keep those whose series it is), in id order.
   */
  closedOverlapping(userId: string, instrumentKey: string, from: number, to: number): Promise<TradeRow[]>;
  /** The executions of these trades, by trade then in order. */
  executions(userId: string, tradeIds: readonly string[]): Promise<ExecutionRow[]>;
  /** Sums of the excursion figures of the query's closed trades (see {@link ExcursionSums}); `maeR` the stop-placement x. */
  sums(userId: string, query: TradeQuery, maeR: number): Promise<ExcursionSums>;
}

/** Exact sums of stored excursion figures: money in micros, R scaled by 1e8. */
export interface ExcursionSums {
  /** Closed trades with figures, and the sums of their MAE, MFE and ETD (micros). */
  trades: number;
  maeMicros: number;
  mfeMicros: number;
  etdMicros: number;
  /** Of those, the trades with R figures, and the sums of MAE and MFE R × 1e8. */
  rTrades: number;
  maeRScaled: bigint;
  mfeRScaled: bigint;
  /** Winning trades with an MAE in R, and those whose MAE R is below −maeR. */
  winnersWithR: number;
  winnersBeyond: number;
}

/** One stored reference rate of a user: on `day`, 1 `base` = `rate` `quote` (decimal text). */
export interface FxRateRow {
  base: string;
  quote: string;
  day: string;
  rate: string;
  /** `user` (imported by the user) or a provider's name (`ecb`). */
  source: string;
}

/** The user's FX reference rates. */
export interface FxRateRepo {
  /**
   * Stores rates; a rate for a (pair, day) the user already has replaces it when `replace`
   * (the user's own import), else the stored one stays (a provider never overwrites the user).
   * Answers how many rows were written.
   */
  put(userId: string, rates: readonly FxRateRow[], at: number, replace: boolean): Promise<number>;
  /** Rates whose base and quote are both among `currencies` (all when undefined), days from … to inclusive, by pair and day. */
  list(
    userId: string,
    filter: { currencies?: readonly string[]; from?: string | undefined; to?: string | undefined },
  ): Promise<FxRateRow[]>;
  /** Deletes the rates of `filter` (all the user's when empty); answers how many. */
  delete(
    userId: string,
    filter: { base?: string | undefined; quote?: string | undefined; source?: string | undefined },
  ): Promise<number>;
}

/** What callers of the storage may need to know about its database, declared by the adapter. */
export interface StorageCapabilities {
  /**
   * The database is a server that several processes are expected to share, so state they must
   * agree on (rate limits) belongs in it; an embedded file (SQLite) is one process's own.
   */
  readonly sharedAcrossProcesses: boolean;
}

/**
 * The storage port core runs on. Adapters: `@tj/core/sqlite` and `@tj/core/postgres`.
 * Driver errors surface as CoreErrors (`conflict` for uniqueness violations).
 */
export interface Storage {
  /** The database's name, for logs. Decide by `capabilities`, never by this. */
  readonly dialect: 'sqlite' | 'postgres';
  /** What the database can do that callers may choose by. */
  readonly capabilities: StorageCapabilities;
  /** Repositories outside any transaction. */
  readonly repos: Repositories;
  /** Runs `fn` in one transaction: all its writes land, or none do. */
  transaction<T>(fn: (tx: Repositories) => Promise<T>): Promise<T>;
  /** True when the database answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** A run of `days` consecutive trading days of `dayMs` each, the first starting at `from` (UTC ms). */
export interface DaySpan {
  from: number;
  days: number;
  dayMs: number;
}

/** Counts and P&L of the closed trades of one day of a {@link DaySpan} (`day` counts from its first day). */
export interface DayTally {
  span: number;
  day: number;
  trades: number;
  wins: number;
  losses: number;
  /** Sum of results, micros. */
  pnl: number;
}

/**
 * The statistics summary of a user's closed trades per UTC day of exit (summaries/day-fields.ts),
 * which every trade write keeps in its own transaction.
 */
export interface TradeDayRepo {
  /** Every day summary of the user, oldest day first, with the stamp of the field declaration it was written under. */
  list(userId: string): Promise<StoredDay[]>;
  /** Recomputes every day summary of the user from their trades (run it in a transaction). */
  rebuild(userId: string): Promise<void>;
  /** Trades, wins, losses and P&L per day of each span (days without exits are left out). */
  tallies(userId: string, spans: readonly DaySpan[]): Promise<DayTally[]>;
}

/**
 * A stretch of time a bar series is known to be complete over (docs/decisions.md, "Price bars"):
 * a file's first bar to its last, or a provider's requested range. Minutes without a bar inside
 * a covered stretch had no trades; time outside every stretch is a gap.
 */
export interface BarRangeRow {
  /** Start, ms since the epoch, inclusive. */
  from: number;
  /** End, ms since the epoch, exclusive. */
  to: number;
  /** Where the bars came from: `file:<format>` or a provider's name (`databento`, `polygon`). */
  source: string;
}

/** The user's price bars (user data: led by user_id), per instrument key (upper case) and timeframe (seconds). */
export interface BarRepo {
  /** Stores the bars not already held (same instrument, timeframe and start); answers how many were new. */
  insert(userId: string, instrumentKey: string, timeframe: number, bars: readonly Bar[]): Promise<number>;
  /** The bars starting in [from, to), oldest first. */
  range(userId: string, instrumentKey: string, timeframe: number, from: number, to: number): Promise<Bar[]>;
  /** The timeframes held for an instrument, finest first. */
  timeframes(userId: string, instrumentKey: string): Promise<number[]>;
  /** Records that a series is complete over a stretch (a stretch already recorded is kept once). */
  addRange(userId: string, instrumentKey: string, timeframe: number, range: BarRangeRow): Promise<void>;
  /** The recorded stretches of a series that overlap [from, to), by start. */
  ranges(userId: string, instrumentKey: string, timeframe: number, from: number, to: number): Promise<BarRangeRow[]>;
  /** Every recorded stretch of an instrument, all timeframes, by timeframe then start: one read where a trade's series is chosen. */
  seriesRanges(userId: string, instrumentKey: string): Promise<(BarRangeRow & { timeframe: number })[]>;
  /** Each series the user holds: instrument key, timeframe, bar count, first and last bar start. */
  series(userId: string): Promise<{ instrumentKey: string; timeframe: number; count: number; first: number; last: number }[]>;
  /** Deletes a series' bars and stretches (every timeframe when undefined); answers how many bars. */
  delete(userId: string, instrumentKey: string, timeframe?: number): Promise<number>;
}

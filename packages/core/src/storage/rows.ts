/** Storage-level records: times are ms since epoch, money in results is integer micro-units. */
import type { AssetClass, ExecutionAction, Excursion, OptionRight, Strategy } from '@tj/schemas';

/** One partial exit: the P&L booked at `time` (epoch ms) before the trade closed, net of the closed part's fees. */
export interface PartialExitRow {
  time: number;
  pnlMicros: number;
}

/** A user row. */
export interface UserRow {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  disabled: boolean;
  createdAt: number;
  updatedAt: number;
}

/** A refresh token row; only the hash of the token is stored. */
export interface RefreshTokenRow {
  userId: string;
  tokenHash: string;
  chainId: string;
  expiresAt: number;
  revokedAt: number | null;
  createdAt: number;
}

/** A trade row. */
export interface TradeRow {
  userId: string;
  id: string;
  instrument: string;
  direction: 'long' | 'short';
  entryPrice: number;
  positionSize: number;
  entryTime: number;
  stopLoss: number | null;
  takeProfit: number | null;
  setupType: string | null;
  notes: string | null;
  tags: string[];
  fees: number;
  multiplier: number;
  exitPrice: number | null;
  exitTime: number | null;
  resultMicros: number | null;
  /** True when the client sent the result; it then wins over the computed one. */
  resultManual: boolean;
  rMultiple: number | null;
  account: string | null;
  assetClass: AssetClass | null;
  currency: string | null;
  /** Underlying of an option, or root of a future. */
  underlying: string | null;
  /** YYYY-MM-DD. */
  expiry: string | null;
  strike: number | null;
  right: OptionRight | null;
  /** Σ of `partialExits`: what partial exits booked before the close (0 without any). */
  realizedMicros: number;
  /** The partial exits booked before the close, oldest first ([] without any). */
  partialExits: PartialExitRow[];
  /** The option strategy of a position of several legs; null for one instrument. */
  strategy: Strategy | null;
  /** The broker's rate from `currency` to the account's base currency (decimal text), null when the file gave none. */
  fxRate: string | null;
  /** The base currency of `fxRate` when the file named it (else the account's base currency applies). */
  fxBase: string | null;
  /** Some of its fees came from a commission schedule: its file stated none (docs/analytics.md). */
  feesFromSchedule: boolean;
  importKey: string | null;
  /** The import that created the trade (null when entered by hand). */
  importId: string | null;
  /**
   * Its excursion as last computed (docs/analytics.md, "Excursions"); null until then. Read only:
   * inserts and updates never write it, `TradeRepo.setExcursions` does.
   */
  excursion: Excursion | null;
  createdAt: number;
  updatedAt: number;
}

/** A computed excursion as stored with its trade: the JSON, and the figures analytics read as columns. */
export interface ExcursionWrite {
  id: string;
  excursion: Excursion;
  maeMicros: number | null;
  mfeMicros: number | null;
  maeR: number | null;
  mfeR: number | null;
  etdMicros: number | null;
}

/** A trade as a list shows it: everything but the import key and the manual-result flag. */
export type TradeListRow = Omit<TradeRow, 'importKey' | 'resultManual'>;

/** One execution a trade was built from (by an import), in the order it was matched. */
export interface ExecutionRow {
  userId: string;
  tradeId: string;
  /** 0-based position among the trade's executions. */
  seq: number;
  /** The dedup key: the broker's execution id, or a content hash (numbered for identical fills). */
  execKey: string;
  /** '' when the file has no account. */
  account: string;
  instrument: string;
  /** Epoch ms. */
  time: number;
  side: 'buy' | 'sell';
  quantity: number;
  price: number;
  commissionMicros: number;
  feesMicros: number;
  /** The broker's id of the execution, when the file has one. */
  execId: string | null;
  multiplier: number;
  /** The leg's own instrument details (null when the trade's are the leg's). */
  assetClass: AssetClass | null;
  underlying: string | null;
  expiry: string | null;
  strike: number | null;
  right: OptionRight | null;
  /** The broker's order (or combo) reference that grouped the execution, when the file has one. */
  orderRef: string | null;
  /** A trade, or an option leg leaving by expiry, assignment or exercise. */
  action: ExecutionAction;
}

/**
 * A split or a symbol change, entered by hand or read from a broker file. A split gives
 * `ratioTo` new shares for every `ratioFrom` old ones (4:1: ratioTo 4, ratioFrom 1).
 */
export interface CorporateActionRow {
  userId: string;
  id: string;
  kind: 'split' | 'symbolChange';
  /** null: every account. */
  account: string | null;
  /** The instrument it applies to (a symbol change: the old symbol). */
  instrument: string;
  /** Epoch ms: trades and executions before it are adjusted. */
  effectiveAt: number;
  /** A split's old and new share counts; null for a symbol change. */
  ratioFrom: number | null;
  ratioTo: number | null;
  /** A symbol change's new symbol; null for a split. */
  newInstrument: string | null;
  note: string | null;
  /** What makes it the same action again (see `corporateActionKey`); unique per user. */
  actionKey: string;
  /** The import that read it (null when entered by hand). */
  importId: string | null;
  createdAt: number;
}

/** A journal entry row. */
export interface JournalRow {
  userId: string;
  id: string;
  date: string;
  type: 'daily' | 'weekly' | 'monthly';
  premarketAnalysis: string | null;
  tradingPlan: string | null;
  postmarketReview: string | null;
  energy: number | null;
  focus: number | null;
  stress: number | null;
  confidence: number | null;
  lessonsLearned: string[];
  tags: string[];
  createdAt: number;
  updatedAt: number;
}

/** A webhook subscription row. */
export interface WebhookRow {
  userId: string;
  id: string;
  url: string;
  events: string[];
  secret: string;
  active: boolean;
  createdAt: number;
  updatedAt: number;
}

/** An outbox event row: the payload is the exact JSON body that deliveries send. */
export interface EventRow {
  userId: string;
  id: string;
  type: string;
  payload: string;
  createdAt: number;
}

/** A delivery of one event to one webhook. */
export interface DeliveryRow {
  userId: string;
  id: string;
  eventId: string;
  webhookId: string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  nextAttemptAt: number | null;
  leaseUntil: number | null;
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  createdAt: number;
  updatedAt: number;
}

/** One attempt of a delivery, as the delivery log keeps it (numbered from 1 per delivery). */
export interface AttemptRow {
  userId: string;
  deliveryId: string;
  number: number;
  at: number;
  /** The answer's status; null when none arrived (or the attempt was not sent). */
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  /** The first bytes of the answer's body as text (at most `MAX_RESPONSE_BODY_BYTES`); null when none arrived. */
  responseBody: string | null;
}

/** An alert rule row. */
export interface AlertRow {
  userId: string;
  id: string;
  name: string;
  type: 'dailyLossLimit' | 'maxConsecutiveLosses' | 'maxDrawdown' | 'riskPerTrade' | 'missingStopLoss';
  threshold: number;
  tz: string;
  active: boolean;
  createdAt: number;
  updatedAt: number;
}

/** One trigger of an alert; `periodKey` makes it fire once per period. */
export interface AlertEventRow {
  userId: string;
  id: string;
  alertId: string;
  periodKey: string;
  value: number;
  tradeId: string | null;
  triggeredAt: number;
}

/**
 * The running state of one alert rule, folded over the user's closed trades in (exitTime, id) order.
 * A new close is folded into it instead of a rescan. `version` is the user's trades data
 * version it reflects; `basis` what of the alert it was computed under. Money in micros.
 */
export interface AlertStateRow {
  userId: string;
  alertId: string;
  basis: string;
  version: number;
  /** The last closed trade folded in (null: none). */
  lastExitTime: number | null;
  lastTradeId: string | null;
  /** maxDrawdown: cumulative P&L, its running peak and the key of the peak ('start' or the trade that set it, and its exit). */
  cumulativeMicros: number;
  peakMicros: number;
  peakKey: string;
  peakExitTime: number | null;
  /**
   * maxDrawdown: the same three (and the peak's exit) over the closes up to a checkpoint close
   * (null: the start) a week or more before the last one, where a back-dated close is replayed from.
   */
  checkpointExitTime: number | null;
  checkpointTradeId: string | null;
  checkpointCumulativeMicros: number;
  checkpointPeakMicros: number;
  checkpointPeakKey: string;
  checkpointPeakExitTime: number | null;
  /** maxConsecutiveLosses: the current losing run's length, its first trade and the last non-losing trade before it (by id and exit). */
  runLength: number;
  runFirstId: string | null;
  runFirstExitTime: number | null;
  runBreakerId: string | null;
  runBreakerExitTime: number | null;
  /** dailyLossLimit: the trading day of the last close and the P&L of exits in that day's range. */
  day: number | null;
  dayPnlMicros: number;
}

/** An API key row; only the SHA-256 of the key is stored, and `hint` is its last four characters. */
export interface ApiKeyRow {
  userId: string;
  id: string;
  name: string;
  keyHash: string;
  hint: string;
  scopes: string[];
  expiresAt: number | null;
  lastUsedAt: number | null;
  revokedAt: number | null;
  createdAt: number;
}

/** What an idempotent request answered, kept to answer its retries. */
export interface StoredResponse {
  status: number;
  /** The JSON body as sent, or null for none. */
  body: string | null;
  headers: Record<string, string>;
}

/** An Idempotency-Key record: `pending` while its first request runs, then `done` with the response. */
export interface IdempotencyRow {
  userId: string;
  key: string;
  fingerprint: string;
  state: 'pending' | 'done';
  response: StoredResponse | null;
  /** While pending: until when the claiming request holds the key (a crashed one lets go then). */
  lockedUntil: number;
  expiresAt: number;
  createdAt: number;
}

/** A user's TOTP second factor; `enabledAt` is null until the enrolment is confirmed with a code. */
export interface TotpRow {
  userId: string;
  /** Base32 secret. */
  secret: string;
  enabledAt: number | null;
  /** The last time step a code was accepted for (a code is never accepted twice). */
  lastStep: number | null;
  createdAt: number;
}

/** An import's record: the report of what it did, kept as JSON (times in ms). */
export interface ImportRow {
  userId: string;
  id: string;
  formatName: string;
  formatLabel: string;
  fileName: string | null;
  sizeBytes: number;
  sourceTz: string;
  /** The import report's counts, warnings and groups, as JSON. */
  report: string;
  tradesCreated: number;
  startedAt: number;
  finishedAt: number;
  undoneAt: number | null;
}

/** A saved import column mapping (its profile as JSON). */
export interface ImportProfileRow {
  userId: string;
  name: string;
  /** The mapping profile, as JSON. */
  profile: string;
  createdAt: number;
  updatedAt: number;
}

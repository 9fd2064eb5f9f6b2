import { accounts } from './accounts/service.js';
import { settingsWritten } from './after-write/settings.js';
import { excursionsAfterBars } from './after-write/excursions.js';
import { tradeWritten } from './after-write/trades.js';
import { alerts } from './alerts/service.js';
import { apiKeys } from './api-keys/service.js';
import { bars } from './bars/service.js';
import { analytics } from './analytics/service.js';
import { type AccessTokenIssuer, type AuthOptions, auth } from './auth/service.js';
import { corporateActions } from './corporate-actions/service.js';
import { excursions } from './excursions/service.js';
import { fx } from './fx/service.js';
import type { FxRateProvider } from './fx/ports.js';
import { formatRegistry } from './import/formats/index.js';
import type { BrokerFormat } from './import/formats/types.js';
import { importHistory } from './import/history.js';
import { imports } from './import/service.js';
import { journal } from './journal/service.js';
import { reports } from './reports/service.js';
import { settings } from './settings/service.js';
import type { CoreDeps } from './shared/deps.js';
import type { Clock, IdGenerator, RandomSource } from './shared/ports.js';
import { cryptoRandom, systemClock, uuidv7Generator } from './shared/system.js';
import type { Storage } from './storage/ports.js';
import { type InputLimits, inputLimits } from './shared/input-limits.js';
import { trades } from './trades/service.js';
import { createOutboxSignal } from './webhooks/signal.js';
import { type WebhookOptions, webhooks } from './webhooks/service.js';
import { idempotency } from './idempotency/service.js';

const DEPS = new WeakMap<object, CoreDeps>();

/** The dependencies a core was built with (internal: for the toolkit's own tests and benches). */
export function coreDeps(core: Core): CoreDeps {
  const deps = DEPS.get(core);
  if (deps === undefined) throw new TypeError('not a core made by createCore');
  return deps;
}

/** What the core library is built from; only `storage` is required. */
export interface CoreOptions {
  storage: Storage;
  clock?: Clock;
  ids?: IdGenerator;
  random?: RandomSource;
  /** Signs access tokens; needed for login and refresh. */
  accessTokens?: AccessTokenIssuer;
  auth?: AuthOptions;
  /** Webhook delivery: the sender, the registration guard, the retry schedule. */
  webhooks?: WebhookOptions;
  /** Extra import formats (see `defineFormat`): they join the built-in ones in detection. */
  formats?: Iterable<BrokerFormat>;
  /** Bounds on what one import reads (bytes, records, record length, nesting, memory); each left out keeps its default (`DEFAULTS.inputLimits`). */
  inputLimits?: Partial<InputLimits>;
  /** Where `fx.fetch` gets reference rates, by provider name (none: fetching answers 503). */
  fxProviders?: Iterable<FxRateProvider>;
}

/**
 * The trading journal's core: every operation takes the acting user's id first.
 *
 * @example
 * const core = createCore({ storage: await openSqliteStorage({ file: 'journal.db' }) });
 * const trade = await core.trades.create(userId, { instrument: 'ES', direction: 'short', entryPrice: 5000, positionSize: 1, entryTime: '2026-11-20T14:30:00Z' });
 */
export function createCore(options: CoreOptions) {
  const clock = options.clock ?? systemClock;
  const outboxSignal = createOutboxSignal();
  const deps: CoreDeps = {
    storage: outboxSignal.watch(options.storage),
    clock,
    ids: options.ids ?? uuidv7Generator(clock),
    random: options.random ?? cryptoRandom,
  };
  const analyticsService = analytics(deps);
  const authService = auth(deps, options.accessTokens, options.auth);
  const core = {
    /** Answers whether the database is reachable (the health check). */
    ping: () => deps.storage.ping(),
    trades: trades(deps, tradeWritten(deps)),
    /** Splits and symbol changes, applied to the open trades they cover when recorded, undone when deleted. */
    corporateActions: corporateActions(deps, tradeWritten(deps)),
    journal: journal(deps),
    alerts: alerts(deps),
    analytics: analyticsService,
    reports: reports(deps, analyticsService),
    accounts: accounts(deps),
    settings: settings(deps, settingsWritten),
    /** FX reference rates: the user's own, and those fetched from a provider; analytics convert money with them. */
    fx: fx(deps, new Map([...(options.fxProviders ?? [])].map((p) => [p.name, p]))),
    /** Price bars per instrument and timeframe: imported from chart exports, fetched from providers; what excursions are computed from. */
    bars: bars(deps, [excursionsAfterBars]),
    /** MAE/MFE/ETD per trade, stored with it when trades or bars are written; `recompute` computes a user's again. */
    excursions: excursions(deps),
    /** Imports any file the format registry reads (broker exports, our CSVs): detect, list, run; recorded imports: create, list, get, undo. */
    imports: importsOf(deps, options),
    auth: authService,
    apiKeys: apiKeys(deps, authService.authenticate),
    idempotency: idempotency(deps),
    webhooks: webhooks(deps, { ...options.webhooks, signal: outboxSignal }),
  };
  DEPS.set(core, deps);
  return core;
}

/** The import service and its history, over the built-in formats and the application's own. */
function importsOf(deps: CoreDeps, options: CoreOptions) {
  const service = imports(deps, formatRegistry(options.formats), inputLimits(options.inputLimits));
  return { ...service, ...importHistory(deps, service.run) };
}

/** The object `createCore` returns. */
export type Core = ReturnType<typeof createCore>;

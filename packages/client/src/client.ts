import { alertsApi } from './resources/alerts.js';
import { analyticsApi } from './resources/analytics.js';
import { authApi } from './resources/auth.js';
import { barsApi } from './resources/bars.js';
import { corporateActionsApi } from './resources/corporate-actions.js';
import { fxApi } from './resources/fx.js';
import { barsFetchApi } from './resources/bars-fetch.js';
import { importsApi } from './resources/imports.js';
import { journalApi } from './resources/journal.js';
import { settingsApi } from './resources/settings.js';
import { reportsApi } from './resources/reports.js';
import { keysApi } from './resources/keys.js';
import { tradesApi } from './resources/trades.js';
import { webhooksApi } from './resources/webhooks.js';
import { type RetryOptions, retryPolicy } from './retry.js';
import { Session, type Tokens, type TokensListener } from './session.js';
import { type Call, operationCaller } from './operation.js';
import { buildUrl, type CallOptions, createTransport } from './transport.js';
import type { AccountList, AccountListQuery, Health, InstrumentList } from './types.js';
import { identityHeaders } from './user-agent.js';

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** The server's origin (and path prefix, if any) without `/api`, e.g. `https://journal.example.com`. */
  baseUrl: string;
  /** The fetch to use; default `globalThis.fetch` (Node 20+, browsers). Undici's fetch works too. */
  fetch?: typeof fetch;
  /** A token pair saved from an earlier session; refreshed when its access token has expired. */
  tokens?: Tokens;
  /** An API key (`tj_live_…`) to act with instead of a login session: sent as the bearer token, never refreshed. */
  apiKey?: string;
  /** Hears every new token pair (after login and each refresh) and `null` after logout or a refused refresh. */
  onTokens?: TokensListener;
  /** Retry behaviour on 429, 503 and network errors. */
  retry?: RetryOptions;
  /** Default time limit of one call in ms, retries included; default 30000, 0 = none. */
  timeoutMs?: number;
  /** Headers sent with every request; a `User-Agent` here replaces the SDK's (`tj-client/<version>`, sent from Node). */
  headers?: Record<string, string>;
}

/**
 * A typed client of the trading-journal API for Node 20+ and browsers: every endpoint as a method,
 * automatic token refresh (or an API key), retries with backoff on 429/503 and network errors
 * (safe methods, and creating POSTs, which carry an automatic Idempotency-Key),
 * per-call timeouts and abort signals. Every failure rejects with a `TjApiError`.
 *
 * @example
 * const client = createClient({ baseUrl: 'http://127.0.0.1:3000', onTokens: (t) => save(t) });
 * await client.auth.login({ email: 'ann@example.com', password: 'correct horse' });
 * const trade = await client.trades.create({ instrument: 'ES', direction: 'long', entryPrice: 5000, positionSize: 1, entryTime: new Date().toISOString() });
 * for await (const t of client.trades.paginate({ status: 'open' })) console.log(t.instrument);
 */
export function createClient(options: ClientOptions) {
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const session = new Session(options.tokens, options.onTokens, (refreshToken) => call('refresh', { body: { refreshToken } }));
  const send = createTransport({
    baseUrl: options.baseUrl,
    fetch: fetchImpl,
    session,
    retry: retryPolicy(options.retry),
    timeoutMs: options.timeoutMs ?? 30_000,
    headers: { ...identityHeaders(options.headers ?? {}), ...options.headers },
    apiKey: options.apiKey,
  });
  const call = operationCaller(send);
  return {
    /**
     * Calls any operation of the API by its id (the operation table, `OPERATIONS` in @tj/schemas),
     * typed by it: its path parameters, query and body in, its answer out. Every method below is
     * such a call; a new operation is reachable here before it has a method of its own.
     *
     * @example const { trades } = await client.call('listTrades', { query: { status: 'open' } });
     */
    call: call as Call,
    auth: authApi(call, session, buildUrl(options.baseUrl, '/auth/refresh')),
    trades: tradesApi(call),
    corporateActions: corporateActionsApi(call),
    imports: importsApi(call, send),
    analytics: analyticsApi(call),
    fx: fxApi(call),
    bars: { ...barsApi(call, send), ...barsFetchApi(call) },
    reports: reportsApi(call),
    journal: journalApi(call),
    webhooks: webhooksApi(call),
    alerts: alertsApi(call),
    keys: keysApi(call),
    settings: settingsApi(call),

    /**
     * The server's health (no login needed); a 503 while its database is down rejects after the retries.
     *
     * @example const { status } = await client.health();
     */
    health(callOptions?: CallOptions): Promise<Health> {
      return call('health', {}, callOptions);
    },

    /**
     * The accounts your trades carry, with trade counts, summed results (in `currency` when
     * given) and date ranges.
     *
     * @example const { accounts } = await client.accounts({ currency: 'USD' });
     */
    accounts(query: AccountListQuery = {}, callOptions?: CallOptions): Promise<AccountList> {
      return call('listAccounts', { query }, callOptions);
    },

    /**
     * The instruments your trades carry, most traded first, with counts, summed results and dates.
     *
     * @example const { instruments } = await client.instruments(); // ES first when most traded
     */
    instruments(callOptions?: CallOptions): Promise<InstrumentList> {
      return call('listInstruments', {}, callOptions);
    },

    /**
     * The tokens held now (to persist them), or undefined when logged out.
     *
     * @example localStorage.setItem('tj', JSON.stringify(client.getTokens()));
     */
    getTokens(): Tokens | undefined {
      return session.current();
    },

    /**
     * Replaces the held tokens (null forgets them); `onTokens` hears of it.
     *
     * @example client.setTokens(JSON.parse(localStorage.getItem('tj') ?? 'null'));
     */
    setTokens(tokens: Tokens | null): void {
      session.replace(tokens ?? undefined);
    },
  };
}

/** The object {@link createClient} returns. */
export type TjClient = ReturnType<typeof createClient>;

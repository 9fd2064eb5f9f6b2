import { isTjApiError } from './errors.js';
import type { TokenPair } from './types.js';

/** The token pair a client holds; `expiresAt` (epoch ms) is read from the JWT's `exp` when absent. */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresAt?: number;
}

/** Called after every change of the held tokens (login, refresh, logout → null); errors it throws are ignored. */
export type TokensListener = (tokens: Tokens | null) => void | Promise<void>;

/** Refreshes an access token before it expires by less than this (clock skew between client and server). */
const LEEWAY_MS = 5_000;

/**
 * Holds the tokens and performs refreshes: one refresh at a time, shared by every call that needs it,
 * so a rotated refresh token is never presented twice.
 */
export class Session {
  private tokens: Tokens | undefined;
  private inflight: Promise<TokenPair> | undefined;

  constructor(
    initial: Tokens | undefined,
    private readonly onTokens: TokensListener | undefined,
    private readonly exchange: (refreshToken: string) => Promise<TokenPair>,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = initial ? { ...initial } : undefined;
  }

  /** The tokens held now. */
  current(): Tokens | undefined {
    return this.tokens ? { ...this.tokens } : undefined;
  }

  /** Stores a pair the server answered (login, refresh). */
  accept(pair: TokenPair): Tokens {
    const tokens = {
      accessToken: pair.accessToken,
      refreshToken: pair.refreshToken,
      expiresAt: this.now() + pair.expiresIn * 1000,
    };
    this.replace(tokens);
    return tokens;
  }

  /** Replaces the held tokens (or forgets them with undefined) and tells the listener. */
  replace(tokens: Tokens | undefined): void {
    this.tokens = tokens ? { ...tokens } : undefined;
    try {
      const pending = this.onTokens?.(tokens ? { ...tokens } : null);
      if (pending) pending.catch(() => {});
    } catch {
      // A failing listener must not fail the API call that changed the tokens.
    }
  }

  /** An access token fit to send: refreshed first when the held one has expired; undefined when logged out. */
  async accessToken(): Promise<string | undefined> {
    if (this.inflight) return (await this.inflight).accessToken;
    const tokens = this.tokens;
    if (!tokens) return undefined;
    if (this.now() < expiresAt(tokens) - LEEWAY_MS) return tokens.accessToken;
    return (await this.refresh()).accessToken;
  }

  /** After the server refused `used` as expired: refreshes, unless another call already replaced it. */
  async renewAfterRejection(used: string | undefined): Promise<boolean> {
    if (this.inflight) {
      await this.inflight;
      return true;
    }
    if (!this.tokens) return false;
    if (this.tokens.accessToken !== used) return true;
    await this.refresh();
    return true;
  }

  /** Exchanges the refresh token for a new pair; concurrent callers share one exchange. */
  refresh(): Promise<TokenPair> {
    if (this.inflight) return this.inflight;
    const refreshToken = this.tokens?.refreshToken;
    if (!refreshToken) return Promise.reject(new Error('no refresh token held: log in first'));
    const run = this.exchange(refreshToken).then(
      (pair) => {
        this.accept(pair);
        return pair;
      },
      (error: unknown) => {
        if (isTjApiError(error) && error.status === 401 && this.tokens?.refreshToken === refreshToken) this.replace(undefined);
        throw error;
      },
    );
    this.inflight = run.finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }
}

/** When the access token expires: the held `expiresAt`, else the JWT's `exp`, else never. */
function expiresAt(tokens: Tokens): number {
  if (tokens.expiresAt !== undefined) return tokens.expiresAt;
  const exp = jwtExpiry(tokens.accessToken);
  return exp ?? Number.POSITIVE_INFINITY;
}

/** The `exp` claim of a JWT in epoch ms, without verifying it (the server does). */
export function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** A verified access token: whose it is and when it stops being valid (unix seconds). */
export interface VerifiedToken {
  userId: string;
  exp: number;
  /** When the user's account was last confirmed to exist and be enabled (ms since epoch). */
  userCheckedAt: number;
}

/**
 * A small bounded LRU of verified access tokens, keyed by the exact token string, so a token is
 * verified once and then answered by a map lookup until it expires. Only tokens whose signature
 * and claims were checked are ever put in; a changed token is a different key.
 */
export class TokenCache {
  private readonly entries = new Map<string, VerifiedToken>();

  constructor(private readonly capacity: number) {}

  /** The cached token, refreshed as most recently used; undefined when absent or expired at `nowSeconds`. */
  get(token: string, nowSeconds: number): VerifiedToken | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    this.entries.delete(token);
    if (hit.exp <= nowSeconds) return undefined;
    this.entries.set(token, hit);
    return hit;
  }

  /** Remembers a verified token, evicting the least recently used one when full. */
  set(token: string, value: VerifiedToken): void {
    if (this.capacity <= 0) return;
    this.entries.delete(token);
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, value);
  }

  /** Number of cached tokens. */
  get size(): number {
    return this.entries.size;
  }
}

/** Time source port: core never reads the system clock itself. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** Identifier source port. */
export interface IdGenerator {
  /** A new UUID (v7 in the default implementation). */
  next(): string;
}

/** Randomness port for secrets and tokens. */
export interface RandomSource {
  /** `n` cryptographically random bytes. */
  bytes(n: number): Uint8Array;
}

import type { CoreDeps } from '../shared/deps.js';
import { CoreError, ErrorCode, validationError } from '../shared/errors.js';
import type { StoredResponse } from '../storage/rows.js';

/** How long a key and its response are kept: 24 hours. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

/**
 * How long a claim holds while its request runs. A request that takes longer is assumed dead (its
 * process crashed) and a retry may take the key over; requests finish in milliseconds.
 */
export const IDEMPOTENCY_LOCK_MS = 60_000;

const KEY = /^[!-~]{1,255}$/;

/**
 * The outcome of presenting a key: run the request (then `complete` or `release`), or repeat a
 * stored answer. A request whose body is a streamed file (an upload) is claimed by its method,
 * path and options alone and completed with its body's digest (`bodyDigest`, computed while it
 * streamed); a replay of it carries that digest, which the caller compares with the new body's
 * before repeating the answer (see `sameBody`).
 */
export type IdempotencyClaim =
  | { kind: 'claimed'; complete(response: StoredResponse, bodyDigest?: string): Promise<void>; release(): Promise<void> }
  | { kind: 'replay'; response: StoredResponse; bodyDigest?: string };

/** The error of a key used before with a different request. */
const reused = () =>
  new CoreError(
    ErrorCode.idempotencyKeyReused,
    'this Idempotency-Key was used with a different request; use a new key for a new request',
  );

/**
 * Checks a replayed upload: its body's digest must be the first request's, else the key was
 * reused for another file (422 `idempotency_key_reused`).
 *
 * @example sameBody(claim, await digestOfNewBody());
 */
export function sameBody(claim: { bodyDigest?: string }, bodyDigest: string | undefined): void {
  if (claim.bodyDigest !== undefined && claim.bodyDigest !== bodyDigest) throw reused();
}

/**
 * Idempotency-Key handling (draft-ietf-httpapi-idempotency-key-header), kept in the database so
 * every server process agrees: the first request with a key claims it in one atomic statement and
 * its response is stored for 24 hours; a retry with the same request gets that response again; the
 * same key with another request is 422 `idempotency_key_reused`; a retry while the first still runs
 * is 409 `idempotency_key_in_use`.
 *
 * @example const claim = await idempotency(deps).begin(userId, key, requestFingerprint('POST', '/api/trades', body));
 */
export function idempotency(deps: CoreDeps) {
  const { storage, clock } = deps;
  const repo = storage.repos.idempotency;
  let claims = 0;

  function claimed(userId: string, key: string, fingerprint: string): IdempotencyClaim {
    return {
      kind: 'claimed',
      complete: (response, bodyDigest) =>
        repo.complete(userId, key, response, bodyDigest === undefined ? undefined : `${fingerprint}:${bodyDigest}`),
      release: () => repo.release(userId, key),
    };
  }

  return {
    /** Presents `key` for a request with `fingerprint` (see `requestFingerprint`). */
    async begin(userId: string, key: string, fingerprint: string): Promise<IdempotencyClaim> {
      if (!KEY.test(key)) {
        throw validationError([
          { path: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters, such as a UUID' },
        ]);
      }
      for (let attempt = 0; attempt < 2; attempt++) {
        const now = clock.now();
        if (
          await repo.claim(
            {
              userId,
              key,
              fingerprint,
              lockedUntil: now + IDEMPOTENCY_LOCK_MS,
              expiresAt: now + IDEMPOTENCY_TTL_MS,
              createdAt: now,
            },
            now,
          )
        ) {
          // Now and then, sweep the user's expired keys (their key range leads the primary key).
          if (++claims % 32 === 0) await repo.purgeExpired(userId, now);
          return claimed(userId, key, fingerprint);
        }
        const row = await repo.get(userId, key);
        if (!row) continue; // released or purged in between: claim again
        // A completed upload's fingerprint is the claim's with its body's digest after a colon.
        const withBody = row.fingerprint.startsWith(`${fingerprint}:`);
        if (row.fingerprint !== fingerprint && !withBody) throw reused();
        if (row.state === 'done' && row.response) {
          return withBody
            ? { kind: 'replay', response: row.response, bodyDigest: row.fingerprint.slice(fingerprint.length + 1) }
            : { kind: 'replay', response: row.response };
        }
        throw new CoreError(
          ErrorCode.idempotencyKeyInUse,
          'a request with this Idempotency-Key is still being processed; retry shortly',
          undefined,
          1,
        );
      }
      throw new CoreError(ErrorCode.idempotencyKeyInUse, 'this Idempotency-Key is busy; retry shortly', undefined, 1);
    },
  };
}

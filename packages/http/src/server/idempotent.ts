import type { Core } from '@tj/core';
import { requestFingerprint, sameBody } from '@tj/core/internal';
import type { RouteResult } from '../routes/route.js';

/** The parts of a request that an Idempotency-Key is bound to. */
export interface IdempotentRequest {
  userId: string;
  key: string;
  method: string;
  path: string;
  /** The JSON body; an upload's options (its body is a file, bound by `bodyDigest`). */
  body: unknown;
  /** An upload's digest (see `digested`): read after the request ran, or to check a replay. */
  bodyDigest?: () => Promise<string>;
}

/**
 * Runs a creating request under its `Idempotency-Key`: the first one runs and its answer is stored
 * (before it is sent, so a retry after a lost answer finds it); a retry of the same request gets
 * the stored answer with `Idempotent-Replayed: true`. An upload is replayed only when its file is
 * the same (its digest, read while it streams); another file with the same key is 422
 * `idempotency_key_reused`, answered once the file is read. A request that fails lets go of the key, so
 * that it can be retried. `onStoreError` hears a failure to store an answer, which is still sent
 * (the record was created; failing the request would invite a duplicate).
 */
export async function runIdempotent(
  core: Core,
  request: IdempotentRequest,
  run: () => Promise<RouteResult>,
  onStoreError: (e: unknown) => void,
): Promise<RouteResult> {
  const fingerprint = requestFingerprint(request.method, request.path, request.body);
  const claim = await core.idempotency.begin(request.userId, request.key, fingerprint);
  if (claim.kind === 'replay') {
    if (claim.bodyDigest !== undefined) sameBody(claim, await request.bodyDigest?.());
    const { status, body, headers } = claim.response;
    return { status, body: body === null ? undefined : JSON.parse(body), headers: { ...headers, 'idempotent-replayed': 'true' } };
  }
  let result: RouteResult;
  let digest: string | undefined;
  try {
    result = await run();
    digest = await request.bodyDigest?.();
  } catch (e) {
    await claim.release().catch(() => {});
    throw e;
  }
  const stored = {
    status: result.status,
    body: result.body === undefined ? null : JSON.stringify(result.body),
    headers: result.headers ?? {},
  };
  await claim.complete(stored, digest).catch(onStoreError);
  return result;
}

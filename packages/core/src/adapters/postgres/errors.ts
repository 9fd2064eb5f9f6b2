import { CoreError, ErrorCode } from '../../shared/errors.js';

/** Maps pg errors to core errors: 23505 (unique violation) becomes `conflict`, connection failures `unavailable`. */
export function translatePostgresError(e: unknown): unknown {
  if (e instanceof CoreError) return e;
  const code = (e as { code?: unknown } | null)?.code;
  if (code === '23505') {
    return new CoreError(ErrorCode.conflict, 'a record with the same unique key already exists', undefined, undefined, {
      cause: e,
    });
  }
  if (code === '40001' || code === '40P01') {
    return new CoreError(ErrorCode.unavailable, 'the database aborted a conflicting transaction, try again', undefined, 1, {
      cause: e,
    });
  }
  if (code === 'ECONNREFUSED' || code === '57P01' || code === '57P03') {
    return new CoreError(ErrorCode.unavailable, 'the database is not reachable', undefined, 5, { cause: e });
  }
  return e;
}

import { isCoreError } from '../../src/shared/errors.js';

/** Every item an async iterable yields, in order. */
export async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

/** The message of the validation error `p` rejects with (throws when it resolves or fails otherwise). */
export async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (isCoreError(e, 'validation_failed')) return e.message;
    throw e;
  }
  throw new Error('expected a validation error');
}

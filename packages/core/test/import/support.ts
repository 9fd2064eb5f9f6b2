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
    // Core's error from src (a reader run here) or from the built package (an import through createCore).
    if (e instanceof Error && (e as { code?: unknown }).code === 'validation_failed') return e.message;
    throw e;
  }
  throw new Error('expected a validation error');
}

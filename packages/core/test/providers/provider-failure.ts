/** What the provider tests share: the ProviderError a promise must reject with, and a sleep that only records its waits. */
import { expect } from 'vitest';
import { ProviderError } from '../../src/providers/errors.js';

/** The ProviderError `promise` rejects with (the test fails when it resolves or rejects with anything else). */
export async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** A sleep that waits for nothing and records each wait asked for in `waits`. */
export function recordingSleep(waits: number[]): (ms: number) => Promise<void> {
  return async (ms) => {
    waits.push(ms);
  };
}

import { type Core, type CoreOptions, createCore, type Storage } from '@tj/core';
import { afterAll, beforeAll } from 'vitest';
import type { TestDatabase } from '../../../../test/support/databases.js';

/** A settable clock so tests control "now". */
export interface TestClock {
  now(): number;
  set(iso: string): void;
}

/** A clock fixed at `iso` until set again. */
export function testClock(iso = '2026-11-20T12:00:00.000Z'): TestClock {
  let t = Date.parse(iso);
  return { now: () => t, set: (s) => (t = Date.parse(s)) };
}

/** A core on a fresh database of `db` (with `options` beside the test's own), opened before the suite and cleaned up after it. */
export function useCore(
  db: TestDatabase,
  options: Omit<Partial<CoreOptions>, 'storage'> = {},
): { core: () => Core; storage: () => Storage; clock: TestClock; url: () => string } {
  const clock = testClock();
  let opened: Awaited<ReturnType<TestDatabase['open']>> | undefined;
  let core: Core | undefined;
  beforeAll(async () => {
    opened = await db.open();
    core = createCore({
      storage: opened.storage,
      clock,
      accessTokens: {
        ttlSeconds: 3600,
        issue: async (userId) => `access-for-${userId}`,
        issueOtpChallenge: async (userId) => `otp-for-${userId}`,
        verifyOtpChallenge: async (token) => (token.startsWith('otp-for-') ? token.slice('otp-for-'.length) : undefined),
      },
      auth: { passwordCost: { N: 1024, r: 8, p: 1 } },
      ...options,
    });
  });
  afterAll(async () => {
    await opened?.cleanup();
  });
  return {
    core: () => core as Core,
    storage: () => (opened as NonNullable<typeof opened>).storage,
    clock,
    url: () => (opened as NonNullable<typeof opened>).url,
  };
}

let counter = 0;
/** Creates a user with a unique email and returns its id. */
export async function newUser(core: Core): Promise<string> {
  counter++;
  const user = await core.auth.createUser({
    email: `trader${counter}.${Date.now()}@example.com`,
    name: `Trader ${counter}`,
    password: 'correct horse battery',
  });
  return user.id;
}

/** A minimal valid open long trade body, with overrides. */
export function tradeBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return { instrument: 'AAPL', direction: 'long', entryPrice: 100, positionSize: 10, entryTime: '2026-11-20T14:30:00Z', ...over };
}

/** Runs `fn` and returns the CoreError it threw (fails when nothing was thrown). */
export async function caught(
  fn: () => Promise<unknown>,
): Promise<{ code: string; message: string; errors?: Array<{ path: string; message: string }> }> {
  try {
    await fn();
  } catch (e) {
    return e as { code: string; message: string };
  }
  throw new Error('expected an error, none was thrown');
}

import pg from 'pg';
import { coreDeps } from '@tj/core/internal';
import { type Core, createCore, type Storage, type WebhookOptions } from '@tj/core';
import { type ClosableWebhookSender, createWebhookSender } from '@tj/http';
import { afterEach, beforeEach } from 'vitest';
import type { TestDatabase } from '../../../../test/support/databases.js';

/** A settable clock so tests control "now" (and so the retry schedule) without waiting. */
export interface TestClock {
  now(): number;
  set(ms: number): void;
  advance(ms: number): void;
}

/** A clock fixed at `iso` until moved. */
export function testClock(iso = '2026-11-20T12:00:00.000Z'): TestClock {
  let t = Date.parse(iso);
  return { now: () => t, set: (ms) => (t = ms), advance: (ms) => (t += ms) };
}

/** Options of a core made for one test: webhook options, and a test clock unless `realClock`. */
export interface CoreSetup extends Omit<WebhookOptions, 'sender'> {
  realClock?: boolean;
  timeoutMs?: number;
}

/**
 * Fresh storage of `db` for each test (workers claim every user's deliveries, so tests must not
 * share a database); `core(setup)` builds a core with the real undici sender (private targets allowed).
 */
export function useWebhookStorage(db: TestDatabase) {
  let opened: Awaited<ReturnType<TestDatabase['open']>> | undefined;
  const senders: ClosableWebhookSender[] = [];
  beforeEach(async () => {
    opened = await db.open();
  });
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((s) => s.close()));
    await opened?.cleanup();
  });
  return {
    storage: (): Storage => (opened as NonNullable<typeof opened>).storage,
    url: (): string => (opened as NonNullable<typeof opened>).url,
    core(setup: CoreSetup = {}, storage?: Storage): { core: Core; clock: TestClock } {
      const clock = testClock();
      const sender = createWebhookSender({ allowPrivateTargets: true, timeoutMs: setup.timeoutMs ?? 5000 });
      senders.push(sender);
      const { realClock, ...webhooks } = setup;
      const core = createCore({
        storage: storage ?? (opened as NonNullable<typeof opened>).storage,
        ...(realClock ? {} : { clock }),
        webhooks: { allowPrivateTargets: true, ...webhooks, sender },
      });
      return { core, clock };
    },
  };
}

/** A fresh user id (storage keeps no foreign keys to users). */
export function newUserId(core: Core): string {
  return coreDeps(core).ids.next();
}

/** A valid trade body, closed when `closed`. */
export function tradeBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    instrument: 'ES',
    direction: 'long',
    entryPrice: 100,
    positionSize: 2,
    stopLoss: 95,
    entryTime: '2026-11-20T10:00:00Z',
    ...over,
  };
}

/** The deliveries of a webhook, oldest first. */
export async function deliveriesOf(core: Core, userId: string, webhookId: string) {
  const { deliveries } = await core.webhooks.deliveries(userId, webhookId, { limit: 100 });
  return deliveries.reverse();
}

/** A connected pg client on the schema of a PostgreSQL test database URL (`?schema=`), for raw SQL behind the core's back. */
export async function rawPgClient(url: string): Promise<pg.Client> {
  const u = new URL(url);
  const schema = u.searchParams.get('schema') ?? 'public';
  u.searchParams.delete('schema');
  const client = new pg.Client({ connectionString: u.toString(), options: `-c search_path=${schema}` });
  await client.connect();
  return client;
}

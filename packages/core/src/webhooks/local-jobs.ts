import type { DeliveryJob, Storage } from '../storage/ports.js';
import type { LocalDelivery, LocalDispatcher } from './signal.js';

/** What a delivery needs of its webhook; a webhook's url and secret never change (no update operation). */
interface Target {
  url: string;
  secret: string;
  createdAt: number;
}

const MAX_CACHED = 10_000;

/**
 * Turns deliveries leased at insert into jobs: their webhook's url and secret come from a cache
 * (looked up once per webhook). A delivery whose webhook is gone is dropped: its row went with it.
 */
export function localJobs(storage: Storage) {
  const targets = new Map<string, Target>();

  async function target(userId: string, webhookId: string): Promise<Target | undefined> {
    const key = `${userId}/${webhookId}`;
    const cached = targets.get(key);
    if (cached) return cached;
    const row = await storage.repos.webhooks.get(userId, webhookId);
    if (!row) return undefined;
    if (targets.size >= MAX_CACHED) targets.clear();
    const found = { url: row.url, secret: row.secret, createdAt: row.createdAt };
    targets.set(key, found);
    return found;
  }

  return {
    /** Notes the url and secret a claimed job brought along. */
    remember(job: DeliveryJob): void {
      if (targets.size >= MAX_CACHED) targets.clear();
      targets.set(`${job.delivery.userId}/${job.delivery.webhookId}`, {
        url: job.url,
        secret: job.secret,
        createdAt: job.webhookCreatedAt,
      });
    },
    /** The job of a delivery leased at insert (its webhook was active: only active ones get deliveries). */
    async jobOf({ delivery, payload }: LocalDelivery): Promise<DeliveryJob | undefined> {
      const t = await target(delivery.userId, delivery.webhookId);
      if (!t) return undefined;
      return { delivery, payload, url: t.url, secret: t.secret, webhookCreatedAt: t.createdAt, active: true };
    },
  };
}

/**
 * The worker's side of the outbox signal: deliveries written by this process are leased to it as
 * they are written, up to its free slots (`free()`), and launched once their transaction commits.
 * Reservations never hold back claims: at most twice the concurrency runs for a moment, so a long
 * transaction cannot stall the worker.
 */
export function localDispatcher(options: {
  now: () => number;
  leaseMs: number;
  free: () => number;
  launch: (delivery: LocalDelivery) => void;
}): LocalDispatcher & { reserved(): number } {
  let reserved = 0;
  return {
    reserve(count) {
      const taken = Math.max(0, Math.min(count, options.free() - reserved));
      reserved += taken;
      return { taken, leaseUntil: options.now() + options.leaseMs };
    },
    release(count) {
      reserved -= count;
    },
    deliver(deliveries) {
      reserved -= deliveries.length;
      // A transaction that outlived half the lease: leave the attempt to whoever claims it first.
      for (const d of deliveries) if ((d.delivery.leaseUntil ?? 0) - options.now() > options.leaseMs / 2) options.launch(d);
    },
    reserved: () => reserved,
  };
}

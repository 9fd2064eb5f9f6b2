import type { AttemptRecord, Storage } from '../storage/ports.js';

/** One attempt to record; a success also clears its webhook's failing streak (`clearsFailingOf`). */
export interface AttemptWrite {
  attempt: AttemptRecord;
  clearsFailingOf?: string;
}

/** Writes attempt records; resolves true when the lease was still held and the record landed. */
export type RecordAttempt = (write: AttemptWrite) => Promise<boolean>;

/** Writes one attempt to the delivery and its log (and clears the failing streak on success) in one transaction. */
export function writeAttempt(storage: Storage, write: AttemptWrite): Promise<boolean> {
  return storage.transaction(async (tx) => {
    const [recorded = false] = await tx.outbox.recordAttempts([write.attempt]);
    if (recorded && write.clearsFailingOf !== undefined)
      await tx.webhooks.recordSuccess(write.attempt.userId, write.clearsFailingOf);
    return recorded;
  });
}

/** Most records one transaction writes. */
const BATCH = 128;

/**
 * Records attempts in batches: the records that arrive while one transaction runs are written
 * together in the next (one UPDATE for the deliveries and one INSERT for their log, one per webhook whose failing
 * streak a success ends), so a busy worker pays one commit (one fsync on PostgreSQL) for many attempts. Each caller still waits for its own record. A failed transaction rejects its batch;
 * those deliveries stay leased and are sent again when the lease ends (at-least-once).
 *
 * @example const record = batchedAttemptRecorder(storage); await record({ attempt: { userId, id, status: 'succeeded', … } });
 */
export function batchedAttemptRecorder(storage: Storage): RecordAttempt {
  let queue: Array<{ write: AttemptWrite; resolve: (ok: boolean) => void; reject: (e: unknown) => void }> = [];
  let flushing = false;

  async function flush(): Promise<void> {
    flushing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, BATCH);
      queue = queue.slice(BATCH);
      try {
        const results = await storage.transaction(async (tx) => {
          const recorded = await tx.outbox.recordAttempts(batch.map((item) => item.write.attempt));
          const succeeded = new Map<string, { userId: string; webhookId: string }>();
          batch.forEach(({ write }, i) => {
            const webhookId = write.clearsFailingOf;
            if (recorded[i] && webhookId !== undefined)
              succeeded.set(`${write.attempt.userId}/${webhookId}`, { userId: write.attempt.userId, webhookId });
          });
          for (const { userId, webhookId } of succeeded.values()) await tx.webhooks.recordSuccess(userId, webhookId);
          return recorded;
        });
        for (const [i, item] of batch.entries()) item.resolve(results[i] ?? false);
      } catch (e) {
        for (const item of batch) item.reject(e);
      }
    }
    flushing = false;
  }

  return (write) =>
    new Promise((resolve, reject) => {
      queue.push({ write, resolve, reject });
      if (!flushing) {
        flushing = true;
        setImmediate(() => void flush());
      }
    });
}

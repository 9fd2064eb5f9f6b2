import type { AttemptRecord, Storage } from '../storage/ports.js';

/** Writes one attempt record; resolves true when the lease was still held and the record landed. */
export type RecordAttempt = (attempt: AttemptRecord) => Promise<boolean>;

/** Writes one attempt to its delivery and the log (and ends the failing streak on success), atomically. */
export async function writeAttempt(storage: Storage, attempt: AttemptRecord): Promise<boolean> {
  const [recorded = false] = await storage.repos.outbox.recordAttempts([attempt]);
  return recorded;
}

/** Most records one write carries. */
const BATCH = 128;

/** A batched recorder: `record` queues an attempt, `settled()` resolves once nothing is queued or being written. */
export interface BatchedRecorder {
  record: RecordAttempt;
  /** Resolves when every record queued so far has landed or failed. */
  settled(): Promise<void>;
  /** Records queued or being written. */
  pending(): number;
}

/**
 * Records attempts in batches: the records that arrive while a write runs go together in the next
 * (`OutboxRepo.recordAttempts`: one statement on PostgreSQL, one transaction on SQLite), so a busy
 * worker pays one commit for many attempts; up to `parallel` writes run at once. Each caller still
 * waits for its own record. A failed write rejects its batch; those deliveries stay leased and are
 * sent again when the lease ends (at-least-once).
 *
 * @example const { record } = batchedAttemptRecorder(storage); await record({ userId, id, status: 'succeeded', … });
 */
export function batchedAttemptRecorder(storage: Storage, parallel = 1): BatchedRecorder {
  let queue: Array<{ attempt: AttemptRecord; resolve: (ok: boolean) => void; reject: (e: unknown) => void }> = [];
  /** Writes running, and the records they carry. */
  let writing = 0;
  let recordsWriting = 0;
  let scheduled = false;
  let idle: Array<() => void> = [];

  async function write(): Promise<void> {
    const batch = queue.slice(0, BATCH);
    queue = queue.slice(BATCH);
    writing++;
    recordsWriting += batch.length;
    try {
      const results = await storage.repos.outbox.recordAttempts(batch.map((item) => item.attempt));
      for (const [i, item] of batch.entries()) item.resolve(results[i] ?? false);
    } catch (e) {
      for (const item of batch) item.reject(e);
    } finally {
      writing--;
      recordsWriting -= batch.length;
      next();
    }
  }

  /** Starts writes while records wait and fewer than `parallel` run; wakes `settled()` waiters when all is done. */
  function next(): void {
    while (queue.length > 0 && writing < parallel) void write();
    if (queue.length === 0 && writing === 0) {
      const waiters = idle;
      idle = [];
      for (const w of waiters) w();
    }
  }

  return {
    record: (attempt) =>
      new Promise((resolve, reject) => {
        queue.push({ attempt, resolve, reject });
        // Wait a turn of the event loop, so the records of sends finishing together share a write.
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => {
            scheduled = false;
            next();
          });
        }
      }),
    settled: () => (queue.length === 0 && writing === 0 ? Promise.resolve() : new Promise<void>((r) => idle.push(r))),
    pending: () => queue.length + recordsWriting,
  };
}

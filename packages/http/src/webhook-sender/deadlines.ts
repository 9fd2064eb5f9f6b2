import { EventEmitter } from 'node:events';

/** A started send's deadline: `signal` emits `abort` when it passes, unless `done()` came first. */
export interface Deadline {
  /** Handed to undici's `request` (it accepts an EventEmitter as its abort signal). */
  signal: EventEmitter;
  /** The send ended: the deadline is dropped. */
  done(): void;
}

interface Entry {
  at: number;
  signal: EventEmitter | undefined;
}

interface Queue {
  entries: Entry[];
  head: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Deadlines for sends, kept in one queue per time limit: sends with the same limit end in the order
 * they started, so one timer (for the oldest live entry) serves them all. A busy worker thus arms a
 * timer now and then instead of one per send (`AbortSignal.timeout` costs a timer, a weak reference
 * and an event target per call). Finished entries leave the queue's head as they end, the rest
 * when the timer finds them.
 */
export function deadlineQueues(now: () => number = () => performance.now()) {
  const queues = new Map<number, Queue>();

  /** Drops the finished entries at the head of `q` (and the spent prefix of its array). */
  function trim(q: Queue): void {
    while (q.head < q.entries.length && (q.entries[q.head] as Entry).signal === undefined) q.head++;
    if (q.head >= 1024 && q.head * 2 >= q.entries.length) {
      q.entries = q.entries.slice(q.head);
      q.head = 0;
    }
  }

  function fire(limit: number, q: Queue): void {
    q.timer = undefined;
    const t = now();
    trim(q);
    while (q.head < q.entries.length && (q.entries[q.head] as Entry).at <= t) {
      const e = q.entries[q.head++] as Entry;
      const signal = e.signal;
      e.signal = undefined;
      signal?.emit('abort');
      trim(q);
    }
    if (q.head === q.entries.length) {
      if (queues.get(limit) === q) queues.delete(limit);
      return;
    }
    arm(limit, q);
  }

  function arm(limit: number, q: Queue): void {
    const first = q.entries[q.head] as Entry;
    q.timer = setTimeout(() => fire(limit, q), Math.max(1, Math.ceil(first.at - now())));
    q.timer.unref?.();
  }

  return {
    /** Starts a deadline `limitMs` from now. */
    start(limitMs: number): Deadline {
      const signal = new EventEmitter();
      const entry: Entry = { at: now() + limitMs, signal };
      let q = queues.get(limitMs);
      if (q === undefined) {
        q = { entries: [], head: 0, timer: undefined };
        queues.set(limitMs, q);
      }
      q.entries.push(entry);
      if (q.timer === undefined) arm(limitMs, q);
      const queue = q;
      return {
        signal,
        done() {
          entry.signal = undefined;
          trim(queue);
        },
      };
    },
    /** Stops every timer (the sender is closing). */
    clear(): void {
      for (const q of queues.values()) clearTimeout(q.timer);
      queues.clear();
    },
  };
}

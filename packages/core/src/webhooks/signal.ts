import type { Repositories, Storage } from '../storage/ports.js';
import type { DeliveryRow, EventRow } from '../storage/rows.js';

/** A delivery this process leased as it wrote it, with the body to send, handed over after commit. */
export interface LocalDelivery {
  delivery: DeliveryRow;
  payload: string;
}

/**
 * The in-process worker as the outbox sees it: it may take new deliveries while they are written
 * (they are inserted already leased to it), and gets them once the transaction commits.
 */
export interface LocalDispatcher {
  /** How many of `count` new deliveries it takes now, and the lease end to write on them. */
  reserve(count: number): { taken: number; leaseUntil: number };
  /** Gives back reservations whose transaction did not commit. */
  release(count: number): void;
  /** The reserved deliveries, committed: send them. */
  deliver(deliveries: LocalDelivery[]): void;
}

/** Tells the in-process worker about committed deliveries, and hands it the ones it leased at insert. */
export interface OutboxSignal {
  /** Registers a listener called after every commit that wrote pending deliveries; returns its remover. */
  subscribe(listener: () => void): () => void;
  /** Calls every listener. */
  notify(): void;
  /** Attaches the local dispatcher (one at a time); returns the function that detaches it. */
  attach(dispatcher: LocalDispatcher): () => void;
  /** Wraps a storage so that its outbox writes lease to the dispatcher and notify after commit. */
  watch(storage: Storage): Storage;
}

/** What one transaction (or one plain write) wrote: deliveries leased to the dispatcher, and the rest. */
interface Written {
  local: LocalDelivery[];
  reserved: number;
  others: boolean;
  dispatcher: LocalDispatcher | undefined;
}

/**
 * The outbox signal: after a transaction that wrote deliveries commits, the local worker gets the
 * ones it leased while they were written (sent with no claim query at all) and is woken for the
 * rest. A process that dies before sending leaves them leased: they go out again once the lease
 * ends, like any claimed attempt. Other processes learn of new events by polling.
 *
 * @example const signal = createOutboxSignal(); const storage = signal.watch(await openStorage(url));
 */
export function createOutboxSignal(): OutboxSignal {
  const listeners = new Set<() => void>();
  let dispatcher: LocalDispatcher | undefined;
  const notify = () => {
    for (const listener of listeners) listener();
  };

  async function insert(repos: Repositories, written: Written, event: EventRow, deliveries: DeliveryRow[]): Promise<void> {
    const pending = deliveries.filter((d) => d.status === 'pending' && d.leaseUntil === null);
    written.dispatcher ??= dispatcher;
    const lease =
      pending.length > 0 && written.dispatcher ? written.dispatcher.reserve(pending.length) : { taken: 0, leaseUntil: 0 };
    written.reserved += lease.taken;
    const leased = new Map(pending.slice(0, lease.taken).map((d) => [d, { ...d, leaseUntil: lease.leaseUntil }]));
    await repos.outbox.insertEvent(
      event,
      deliveries.map((d) => leased.get(d) ?? d),
    );
    for (const delivery of leased.values()) written.local.push({ delivery, payload: event.payload });
    if (pending.length > lease.taken) written.others = true;
  }

  function committed(written: Written): void {
    if (written.local.length > 0) written.dispatcher?.deliver(written.local);
    if (written.others || written.local.length > 0) notify();
  }

  const fresh = (): Written => ({ local: [], reserved: 0, others: false, dispatcher: undefined });

  /** Outbox writes go through `write`, which gets the repositories' own insertEvent. */
  function watching(repos: Repositories, write: (event: EventRow, deliveries: DeliveryRow[]) => Promise<void>): Repositories {
    return { ...repos, outbox: { ...repos.outbox, insertEvent: write } };
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify,
    attach(d) {
      dispatcher = d;
      return () => {
        if (dispatcher === d) dispatcher = undefined;
      };
    },
    watch(storage) {
      // A write outside a transaction commits at once: its deliveries are handed over right after it.
      const repos = watching(storage.repos, async (event, deliveries) => {
        const written = fresh();
        try {
          await insert(storage.repos, written, event, deliveries);
        } catch (e) {
          if (written.reserved > 0) written.dispatcher?.release(written.reserved);
          throw e;
        }
        committed(written);
      });
      return {
        dialect: storage.dialect,
        capabilities: storage.capabilities,
        repos,
        async transaction(fn) {
          const written = fresh();
          try {
            const result = await storage.transaction((tx) =>
              fn(watching(tx, (event, deliveries) => insert(tx, written, event, deliveries))),
            );
            committed(written);
            return result;
          } catch (e) {
            if (written.reserved > 0) written.dispatcher?.release(written.reserved);
            throw e;
          }
        },
        ping: () => storage.ping(),
        close: () => storage.close(),
      };
    },
  };
}

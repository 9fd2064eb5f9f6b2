import type { Storage } from '@tj/core';
import type { RateLimitStore } from './store.js';

const PREFIX = 'rl:';
/** Most hits one database write reserves for a key with room to spare. */
const MAX_RESERVE = 16;
/** A reservation is taken only while the key keeps this many times its size in room. */
const ROOM_FACTOR = 8;
/** Reserved hits not spent within this long are given up (the budget refills as usual). */
const RESERVED_MS = 1000;
/** Keys with a reservation held at once (the oldest is dropped first). */
const MAX_KEYS = 10_000;

/** Hits this process reserved for a key and has not spent yet. */
interface Reserved {
  left: number;
  /** The key's theoretical arrival time after the reservation. */
  tat: number;
  at: number;
  /** How many hits the next reservation takes. */
  next: number;
}

/**
 * GCRA state in the database, so several server processes on one database share their limits.
 * A key far from its limit reserves up to 16 hits per write (one GCRA step of that many
 * intervals) and spends them from memory for up to a second, so a busy client costs one write per
 * few requests instead of one per request. Near the limit it takes one hit per write, exactly as
 * before. What a process reserved and did not spend counts as used until it refills: a client may
 * be refused a few hits early, never allowed more than its limit. Requests for a key that arrive
 * while its write runs wait for that write and spend from what it reserved, rather than each
 * writing (and queueing on the row's lock) themselves: one write per key at a time per process.
 * Refilled keys are purged once a minute.
 *
 * @example const store = databaseRateLimitStore(storage);
 */
export function databaseRateLimitStore(storage: Storage): RateLimitStore {
  let purged = 0;
  const reserved = new Map<string, Reserved>();
  /** The write running for a key, if any. */
  const writing = new Map<string, Promise<unknown>>();

  /** Notes a reservation of `count` hits (one of them spent now) and sizes the next from the room left. */
  function keep(key: string, count: number, tat: number, now: number, intervalMs: number, windowMs: number): void {
    const room = (windowMs - (tat - now)) / intervalMs;
    const next = Math.max(1, Math.min(MAX_RESERVE, Math.floor(room / ROOM_FACTOR)));
    reserved.delete(key);
    if (reserved.size >= MAX_KEYS) reserved.delete(reserved.keys().next().value as string);
    reserved.set(key, { left: count - 1, tat, at: now, next });
  }

  return {
    async hit(key, now, intervalMs, windowMs) {
      if (now - purged >= 60_000) {
        purged = now;
        storage.repos.state.purgeRates(now).catch(() => {});
      }
      // Spend a reserved hit; else wait for the key's write in flight and look again; else write.
      for (;;) {
        const mine = reserved.get(key);
        if (mine !== undefined && mine.left > 0 && now - mine.at < RESERVED_MS) {
          mine.left--;
          return { allowed: true, tat: mine.tat };
        }
        const running = writing.get(key);
        if (running === undefined) break;
        await running.catch(() => {});
      }
      const write = reserve(key, now, intervalMs, windowMs);
      writing.set(key, write);
      // Registered before any waiter's continuation, so the first waiter finds the key free.
      const done = () => {
        if (writing.get(key) === write) writing.delete(key);
      };
      write.then(done, done);
      return write;
    },
  };

  /** One write for `key`: reserves the hits its room allows (at least the one asked for now). */
  async function reserve(key: string, now: number, intervalMs: number, windowMs: number) {
    const count = reserved.get(key)?.next ?? 1;
    const rates = storage.repos.state;
    let hit = await rates.rateHit(PREFIX + key, now, intervalMs * count, windowMs);
    if (hit.allowed) {
      keep(key, count, hit.tat, now, intervalMs, windowMs);
      return hit;
    }
    if (count > 1) {
      hit = await rates.rateHit(PREFIX + key, now, intervalMs, windowMs);
      if (hit.allowed) keep(key, 1, hit.tat, now, intervalMs, windowMs);
      else reserved.delete(key);
    }
    return hit;
  }
}

import { randomBytes } from 'node:crypto';
import type { Clock, IdGenerator, RandomSource } from './ports.js';

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** Cryptographic randomness from node:crypto. */
export const cryptoRandom: RandomSource = { bytes: (n) => randomBytes(n) };

/** A random source that draws from a pooled buffer, refilled `poolSize` bytes at a time. */
export function pooledRandom(random: RandomSource = cryptoRandom, poolSize = 4096): RandomSource {
  let pool: Uint8Array = new Uint8Array(0);
  let offset = 0;
  return {
    bytes(n) {
      if (n > poolSize) return random.bytes(n);
      if (offset + n > pool.length) {
        pool = random.bytes(poolSize);
        offset = 0;
      }
      offset += n;
      return pool.subarray(offset - n, offset);
    },
  };
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * UUID v7 generator (RFC 9562): 48-bit millisecond timestamp, then random bits, with a
 * monotonic counter so ids made in the same millisecond still sort in creation order.
 *
 * @example const ids = uuidv7Generator(systemClock); ids.next();
 */
export function uuidv7Generator(clock: Clock = systemClock, random: RandomSource = pooledRandom()): IdGenerator {
  let lastMs = -1;
  let seq = 0;
  return {
    next() {
      let ms = clock.now();
      if (ms <= lastMs) {
        seq = (seq + 1) & 0xfff;
        if (seq === 0) lastMs += 1;
        ms = lastMs;
      } else {
        lastMs = ms;
        seq = 0;
      }
      const r = random.bytes(8);
      const b = [
        Math.floor(ms / 2 ** 40) & 0xff,
        Math.floor(ms / 2 ** 32) & 0xff,
        (ms >>> 24) & 0xff,
        (ms >>> 16) & 0xff,
        (ms >>> 8) & 0xff,
        ms & 0xff,
        0x70 | ((seq >> 8) & 0x0f),
        seq & 0xff,
        0x80 | ((r[0] ?? 0) & 0x3f),
        r[1] ?? 0,
        r[2] ?? 0,
        r[3] ?? 0,
        r[4] ?? 0,
        r[5] ?? 0,
        r[6] ?? 0,
        r[7] ?? 0,
      ].map((x) => HEX[x] as string);
      return `${b.slice(0, 4).join('')}-${b.slice(4, 6).join('')}-${b.slice(6, 8).join('')}-${b.slice(8, 10).join('')}-${b.slice(10).join('')}`;
    },
  };
}

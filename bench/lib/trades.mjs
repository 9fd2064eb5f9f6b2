// Deterministic trade data shared by the bench scripts. The same seed, count and `now` give the
// same trades (and, with benchIds, the same ids) in every process, so two processes can load
// identical data and compare answers.
//
//   INSTRUMENTS                      the 10 instruments trades are spread over (uniformly)
//   seededRandom(seed)               () => float in [0, 1) (mulberry32)
//   seededBytes(seed)                a core RandomSource ({ bytes(n) }) from the same PRNG
//   fixedClock(ms)                   a core Clock that always returns ms
//   tradeBodies({ count, seed, now, spanDays = 1825, openShare = 0.12 })
//     generator of valid TradeCreate bodies (what POST /api/trades accepts), in entry-time order over
//     the `spanDays` days before `now`; ~88 % closed (exit 1 min – 3 days after entry, never after now),
//     80 % with a stop, some with target, setup, tags, notes, fees; ES/NQ/CL/GC use a multiplier.
//   inBatches(iterable, size)        generator of arrays of up to `size` items
//
// Build storage rows with core:  newTradeRow({ clock, ids }, userId, body)  (from '@tj/core').

export const INSTRUMENTS = ['ES', 'NQ', 'CL', 'GC', 'AAPL', 'MSFT', 'TSLA', 'SPY', 'EURUSD', 'BTCUSD'];
const MULTIPLIER = { ES: 50, NQ: 20, CL: 1000, GC: 100 };
const BASE_PRICE = {
  ES: 5000,
  NQ: 18000,
  CL: 80,
  GC: 2000,
  AAPL: 190,
  MSFT: 420,
  TSLA: 250,
  SPY: 500,
  EURUSD: 1.08,
  BTCUSD: 60000,
};
const SETUPS = ['breakout', 'pullback', 'reversal', 'range', 'momentum', 'news'];
const TAGS = ['a-plus', 'fomo', 'scalp', 'swing', 'earnings', 'trend', 'counter-trend', 'revenge'];
const NOTES = ['Followed the plan.', 'Entered early, should have waited for confirmation.', 'Moved stop to break-even.'];
const DAY = 86_400_000;

/** mulberry32: a small, fast, seeded PRNG returning floats in [0, 1). */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A core RandomSource from a seed. */
export function seededBytes(seed) {
  const rnd = seededRandom(seed);
  return {
    bytes(n) {
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) out[i] = (rnd() * 256) | 0;
      return out;
    },
  };
}

/** A core Clock stopped at `ms`. */
export function fixedClock(ms) {
  return { now: () => ms };
}

const round = (x, digits) => Number(x.toFixed(digits));

/** Valid TradeCreate bodies in entry-time order, deterministic for a seed. */
export function* tradeBodies({ count, seed, now, spanDays = 1825, openShare = 0.12 }) {
  const rnd = seededRandom(seed);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const start = now - spanDays * DAY;
  const step = (spanDays * DAY) / count;
  for (let i = 0; i < count; i++) {
    const instrument = pick(INSTRUMENTS);
    const digits = BASE_PRICE[instrument] < 10 ? 5 : 2;
    const entryPrice = round(BASE_PRICE[instrument] * (0.8 + rnd() * 0.4), digits);
    const long = rnd() < 0.6;
    const entry = Math.floor(start + i * step + rnd() * step);
    const body = {
      instrument,
      direction: long ? 'long' : 'short',
      entryPrice,
      positionSize: instrument.length === 2 ? 1 + Math.floor(rnd() * 3) : 1 + Math.floor(rnd() * 200),
      entryTime: new Date(entry).toISOString(),
    };
    const risk = entryPrice * (0.002 + rnd() * 0.01);
    if (rnd() < 0.8) body.stopLoss = round(long ? entryPrice - risk : entryPrice + risk, digits);
    if (rnd() < 0.4) body.takeProfit = round(long ? entryPrice + 2 * risk : entryPrice - 2 * risk, digits);
    if (rnd() < 0.7) body.setupType = pick(SETUPS);
    if (rnd() < 0.5) body.tags = [...new Set([pick(TAGS), pick(TAGS)].slice(0, 1 + Math.floor(rnd() * 2)))];
    if (rnd() < 0.3) body.notes = pick(NOTES);
    if (rnd() < 0.5) body.fees = round(rnd() * 5, 2);
    if (MULTIPLIER[instrument]) body.multiplier = MULTIPLIER[instrument];
    if (rnd() >= openShare) {
      const move = (rnd() - 0.45) * 3 * risk;
      body.exitPrice = Math.max(round(entryPrice + (long ? move : -move), digits), 10 ** -digits);
      body.exitTime = new Date(Math.min(now, entry + 60_000 + Math.floor(rnd() * 3 * DAY))).toISOString();
    }
    yield body;
  }
}

/** Arrays of up to `size` items of an iterable. */
export function* inBatches(iterable, size) {
  let batch = [];
  for (const item of iterable) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

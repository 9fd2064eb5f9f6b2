import type { SplitRatio } from '@tj/schemas';
import { splitPrice } from '../../corporate-actions/adjust.js';
/**
 * The FIFO lots of one leg of a position: each opening piece still held, its price and the part
 * of its opening fees not booked yet. A closing fill takes the oldest lots first; what it takes
 * decides the P&L a partial exit books (docs/analytics.md, "Partial exits").
 */

/** One opening piece still (partly) held. */
interface Lot {
  /** Quantity still held, in 1e-8 units. */
  units: number;
  price: number;
  /** Opening fees of the units still held, in micros. */
  feeMicros: number;
  /** Time of the opening fill (epoch ms), for corporate actions. */
  time: number;
  /** True for a lot replayed from an earlier import (already adjusted by stored corporate actions). */
  seed: boolean;
}

/** What a closing fill took from the lots. */
export interface Taken {
  /** Σ lot price × units taken (units in 1e-8). */
  notional: number;
  /** The opening fees of the taken units, in micros (pro rata of each lot, exact in sum). */
  feeMicros: number;
}

/** The FIFO queue of one leg's open lots. */
export class Lots {
  private readonly queue: Lot[] = [];
  private head = 0;

  /** Adds an opening piece. */
  add(units: number, price: number, feeMicros: number, time: number, seed: boolean): void {
    this.queue.push({ units, price, feeMicros, time, seed });
  }

  /** Takes `units` from the oldest lots (the caller never takes more than is held). */
  take(units: number): Taken {
    let left = units;
    let notional = 0;
    let feeMicros = 0;
    while (left > 0 && this.head < this.queue.length) {
      const lot = this.queue[this.head] as Lot;
      const used = Math.min(left, lot.units);
      const fee = used === lot.units ? lot.feeMicros : Math.round((lot.feeMicros * used) / lot.units);
      notional += lot.price * used;
      feeMicros += fee;
      lot.units -= used;
      lot.feeMicros -= fee;
      left -= used;
      if (lot.units === 0) this.head++;
    }
    if (this.head > 64 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    return { notional, feeMicros };
  }

  /** Units held across the lots. */
  total(): number {
    let units = 0;
    for (let i = this.head; i < this.queue.length; i++) units += (this.queue[i] as Lot).units;
    return units;
  }

  /**
   * A split (new:old) effective at `time`: lots opened before it hold new ÷ old times the units
   * at old ÷ new of the price (`seeds` false leaves replayed lots alone).
   */
  split(ratio: SplitRatio, time: number, seeds: boolean): void {
    for (let i = this.head; i < this.queue.length; i++) {
      const lot = this.queue[i] as Lot;
      if (lot.time >= time || (lot.seed && !seeds)) continue;
      lot.units = Math.round((lot.units * ratio.new) / ratio.old);
      lot.price = splitPrice(lot.price, ratio);
    }
  }
}

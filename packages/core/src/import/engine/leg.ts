import type { Fill } from '../formats/own/fills-csv.js';
import { Lots } from './lots.js';

/** One instrument of a position: what is held of it, its FIFO lots and what it is. */
export class Leg {
  /** +1 long, −1 short (the side of what is held; kept when flat). */
  sign: 1 | -1;
  /** Quantity held, in 1e-8 units. */
  units = 0;
  readonly lots = new Lots();
  readonly multiplier: number;
  readonly details: Fill['details'];
  /** The first line that opened it, for the multiplier message. */
  readonly firstLine: number;

  constructor(
    public symbol: string,
    fill: Fill,
  ) {
    this.sign = fill.side === 'buy' ? 1 : -1;
    this.multiplier = fill.multiplier;
    this.details = fill.details;
    this.firstLine = fill.line;
  }

  /** True when the leg is an option. */
  get isOption(): boolean {
    return this.details?.assetClass === 'option';
  }

  /** What a fill on the other side can close of it (0 when the fill adds to it or the leg is flat). */
  closable(side: Fill['side']): number {
    return this.units > 0 && (side === 'buy' ? 1 : -1) !== this.sign ? this.units : 0;
  }
}

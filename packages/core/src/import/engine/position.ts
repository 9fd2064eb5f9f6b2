import { toMicros } from '../../shared/money.js';
import { cellError } from '../read/cell-error.js';
import type { Fill } from '../formats/own/fills-csv.js';
import { MAX_NOTES_LENGTH, MAX_TAGS } from '../values/plain.js';
import type { TradePiece } from './imported-trade.js';
import { Leg } from './leg.js';
import { QUANTITY_SCALE } from '../values/quantity.js';

/** A P&L booked at one instant (epoch ms), in micros. */
export interface Booking {
  time: number;
  micros: number;
}

/**
 * One position from flat to flat (internal to `matchFills`): one instrument, or the legs of an
 * option strategy opened together. Each closing fill books its P&L against the leg's FIFO lots:
 * (exit − lot price) × quantity × multiplier on the lot's side, less the closing fill's fees and
 * the taken lots' opening fees pro rata.
 */
export class Position {
  readonly legs = new Map<string, Leg>();
  readonly pieces: TradePiece[] = [];
  readonly bookings: Booking[] = [];
  /** Every order reference its fills carried; the first order's apart. */
  readonly orderRefs = new Set<string>();
  readonly openingRef: string | undefined;
  readonly entryTime: number;
  readonly firstLine: number;
  readonly underlying: string;
  /** Net signed quantity (1e-8 units) of each leg opened at the position's first instant. */
  readonly opening = new Map<string, number>();
  lastLine: number;
  exitTime = 0;
  feeMicros = 0;
  readonly tags = new Set<string>();
  readonly notes: string[] = [];
  private notesLength = 0;
  /** Legs holding something. */
  private held = 0;
  /** Bytes charged to the import's memory budget for its pieces. */
  bytes = 0;
  brokerNet = 0;
  brokerGross = 0;
  brokerSeen = false;
  grossSeen = false;

  constructor(
    fill: Fill,
    readonly importKey: string,
  ) {
    this.entryTime = fill.datetime;
    this.firstLine = fill.line;
    this.lastLine = fill.line;
    this.openingRef = fill.orderRef;
    this.underlying = underlyingOf(fill);
  }

  /** True when no leg holds anything. */
  get flat(): boolean {
    return this.held === 0;
  }

  /** True when some leg is an option: only such positions take other instruments' legs. */
  get hasOption(): boolean {
    for (const leg of this.legs.values()) if (leg.isOption) return true;
    return false;
  }

  /** What a fill on `symbol` can close (0 when it opens or adds). */
  closable(fill: Fill): number {
    return this.legs.get(fill.symbol)?.closable(fill.side) ?? 0;
  }

  /**
   * Adds `units` of a fill to its leg: opening (or adding) when the leg is flat or on its side,
   * else closing at most what the leg holds (the caller splits a fill that goes through flat);
   * `part` 2 is the rest of such a split fill.
   */
  add(fill: Fill, units: number, feeMicros: number, part: 1 | 2 = 1): void {
    let leg = this.legs.get(fill.symbol);
    if (leg === undefined) {
      leg = new Leg(fill.symbol, fill);
      this.legs.set(fill.symbol, leg);
    }
    this.annotate(fill, leg, feeMicros);
    const sign = fill.side === 'buy' ? 1 : -1;
    if (fill.orderRef !== undefined) this.orderRefs.add(fill.orderRef);
    const closing = leg.units > 0 && sign !== leg.sign;
    this.addPiece(fill, units, feeMicros, part, closing ? 'close' : 'open');
    if (!closing) {
      if (leg.units === 0) {
        leg.sign = sign;
        this.held++;
      }
      leg.units += units;
      leg.lots.add(units, fill.price, feeMicros, fill.datetime, fill.seed !== undefined);
      if (fill.datetime === this.entryTime) this.opening.set(fill.symbol, (this.opening.get(fill.symbol) ?? 0) + sign * units);
      return;
    }
    const taken = leg.lots.take(units);
    const gross = (leg.sign * (fill.price * units - taken.notional) * leg.multiplier) / QUANTITY_SCALE;
    this.book(fill.datetime, toMicros(gross) - feeMicros - taken.feeMicros);
    leg.units -= units;
    if (leg.units === 0) this.held--;
    this.exitTime = fill.datetime;
  }

  private book(time: number, micros: number): void {
    const last = this.bookings.at(-1);
    if (last !== undefined && last.time === time) last.micros += micros;
    else this.bookings.push({ time, micros });
  }

  private addPiece(fill: Fill, units: number, feeMicros: number, part: 1 | 2, role: TradePiece['role']): void {
    const commission = toMicros(fill.commission);
    const total = commission + toMicros(fill.fees);
    const commissionMicros = total === 0 ? 0 : Math.round((commission * feeMicros) / total);
    const key = fill.execKey ?? '';
    this.pieces.push({
      fill,
      units,
      commissionMicros,
      feesMicros: feeMicros - commissionMicros,
      key: part === 2 ? `${key}#2` : key,
      role,
    });
    if (fill.brokerPnl !== undefined && part === 1) {
      this.brokerSeen = true;
      if (fill.brokerPnl.basis === 'gross') {
        this.grossSeen = true;
        this.brokerGross += fill.brokerPnl.micros;
      } else this.brokerNet += fill.brokerPnl.micros;
    }
  }

  private annotate(fill: Fill, leg: Leg, feeMicros: number): void {
    if (fill.multiplier !== leg.multiplier) {
      throw cellError(
        fill.line,
        'multiplier',
        `${fill.multiplier} differs from ${leg.multiplier} of the open position (line ${leg.firstLine})`,
      );
    }
    for (const tag of fill.tags) this.tags.add(tag);
    if (this.tags.size > MAX_TAGS) {
      throw cellError(
        fill.line,
        'tags',
        `a trade may have at most ${MAX_TAGS} tags; its fills (lines ${this.firstLine}-${fill.line}) have more`,
      );
    }
    if (fill.note !== '' && !this.notes.includes(fill.note)) {
      this.notesLength += fill.note.length + (this.notes.length > 0 ? 3 : 0);
      if (this.notesLength > MAX_NOTES_LENGTH) {
        throw cellError(
          fill.line,
          'note',
          `the notes of a trade's fills (lines ${this.firstLine}-${fill.line}) exceed ${MAX_NOTES_LENGTH} characters`,
        );
      }
      this.notes.push(fill.note);
    }
    this.feeMicros += feeMicros;
    this.lastLine = fill.line;
  }

  /** Sort key of a position left open: entry time, then first line. */
  get order(): [number, number] {
    return [this.entryTime, this.firstLine];
  }
}

/** The underlying a fill belongs to: its stated underlying, else its own symbol. */
export function underlyingOf(fill: Fill): string {
  return fill.details?.underlying ?? fill.symbol;
}

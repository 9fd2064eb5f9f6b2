import { fromMicros, toMicros } from '../../shared/money.js';
import { cellError } from '../read/cell-error.js';
import type { Fill } from '../formats/own/fills-csv.js';
import { QUANTITY_SCALE } from '../values/quantity.js';
import type { Direction, TradeImportInput } from '../formats/trade-input.js';
import { formatDateTime, MAX_NOTES_LENGTH, MAX_TAGS, round10 } from '../values/plain.js';

/** A trade built from fills, ready to create, with its dedup key and source lines. */
export interface ImportedTrade {
  /** Stable across re-imports of the same fills; see `matchFills`. */
  importKey: string;
  /** The fills' account ('' when none): the trade record has no such field. */
  account: string;
  /** First and last line of the fills that made it. */
  lines: [number, number];
  input: TradeImportInput;
  /** Only on a position left open after partial exits: the quantity closed so far and its VWAP. */
  partialExit?: { quantity: number; price: number };
  /** The executions it was built from, in order (a fill split at flat gives each trade its share). */
  executions: TradePiece[];
  /** The broker's net P&L of its fills, in micros, when the file states it. */
  brokerPnlMicros?: number;
}

/** One execution's share in a trade. */
export interface TradePiece {
  fill: Fill;
  /** Its quantity in this trade, in 1e-8 units. */
  units: number;
  commissionMicros: number;
  feesMicros: number;
  /** The dedup key of this piece: the fill's, suffixed `#2` for the second part of a fill split at flat. */
  key: string;
}

/** The state of one position from flat to flat (internal to `matchFills`). */
export class RoundTrip {
  readonly direction: Direction;
  readonly sign: 1 | -1;
  private readonly multiplier: number;
  private readonly details: Fill['details'];
  private readonly entryTime: number;
  private readonly firstLine: number;
  /** Quantity still open, in 1e-8 units. */
  openUnits = 0;
  private openedUnits = 0;
  private openNotional = 0;
  private closedUnits = 0;
  private closeNotional = 0;
  private feeMicros = 0;
  private exitTime = 0;
  private lastLine: number;
  private readonly tags = new Set<string>();
  private readonly notes: string[] = [];
  private notesLength = 0;
  readonly pieces: TradePiece[] = [];
  private brokerNet = 0;
  private brokerGross = 0;
  private brokerSeen = false;
  private grossSeen = false;

  constructor(
    fill: Fill,
    units: number,
    feeMicros: number,
    readonly importKey: string,
    part: 1 | 2 = 1,
  ) {
    this.sign = fill.side === 'buy' ? 1 : -1;
    this.direction = this.sign === 1 ? 'long' : 'short';
    this.multiplier = fill.multiplier;
    this.details = fill.details;
    this.entryTime = fill.datetime;
    this.firstLine = fill.line;
    this.lastLine = fill.line;
    this.increase(fill, units, feeMicros, part);
  }

  /** Adds an opening fill (scaling in); `part` 2 is the rest of a fill split at flat. */
  increase(fill: Fill, units: number, feeMicros: number, part: 1 | 2 = 1): void {
    this.annotate(fill, feeMicros);
    this.addPiece(fill, units, feeMicros, part);
    this.openUnits += units;
    this.openedUnits += units;
    this.openNotional += fill.price * units;
  }

  /** Adds a closing fill of at most the open quantity (scaling out). */
  decrease(fill: Fill, units: number, feeMicros: number): void {
    this.annotate(fill, feeMicros);
    this.addPiece(fill, units, feeMicros, 1);
    this.openUnits -= units;
    this.closedUnits += units;
    this.closeNotional += fill.price * units;
    this.exitTime = fill.datetime;
  }

  private addPiece(fill: Fill, units: number, feeMicros: number, part: 1 | 2): void {
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
    });
    if (fill.brokerPnl !== undefined && part === 1) {
      this.brokerSeen = true;
      if (fill.brokerPnl.basis === 'gross') {
        this.grossSeen = true;
        this.brokerGross += fill.brokerPnl.micros;
      } else this.brokerNet += fill.brokerPnl.micros;
    }
  }

  private annotate(fill: Fill, feeMicros: number): void {
    if (fill.multiplier !== this.multiplier) {
      throw cellError(
        fill.line,
        'multiplier',
        `${fill.multiplier} differs from ${this.multiplier} of the open position (line ${this.firstLine})`,
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

  /**
   * The trade: closed when flat, else open with the remaining quantity (see `matchFills`).
   */
  toTrade(account: string, symbol: string): ImportedTrade {
    const closed = this.openUnits === 0;
    const input: TradeImportInput = {
      instrument: symbol,
      direction: this.direction,
      entryPrice: round10(this.openNotional / this.openedUnits),
      positionSize: (closed ? this.openedUnits : this.openUnits) / QUANTITY_SCALE,
      entryTime: formatDateTime(this.entryTime),
    };
    if (this.notes.length > 0) input.notes = this.notes.join(' | ');
    if (this.tags.size > 0) input.tags = [...this.tags];
    input.fees = fromMicros(this.feeMicros);
    input.multiplier = this.multiplier;
    if (account !== '') input.account = account;
    if (this.details !== undefined) Object.assign(input, this.details);
    const trade: ImportedTrade = {
      importKey: this.importKey,
      account,
      lines: [this.firstLine, this.lastLine],
      input,
      executions: this.pieces,
    };
    if (this.brokerSeen) {
      trade.brokerPnlMicros = this.brokerNet + this.brokerGross - (this.grossSeen ? this.feeMicros : 0);
    }
    if (this.closedUnits > 0) {
      const exit = round10(this.closeNotional / this.closedUnits);
      if (closed) {
        input.exitPrice = exit;
        input.exitTime = formatDateTime(this.exitTime);
      } else {
        trade.partialExit = { quantity: this.closedUnits / QUANTITY_SCALE, price: exit };
      }
    }
    return trade;
  }

  /** Sort key of a trade left open: entry time, then first line. */
  get order(): [number, number] {
    return [this.entryTime, this.firstLine];
  }
}

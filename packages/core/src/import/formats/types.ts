/**
 * The shape of a broker format: what a format module declares and what its reader yields.
 * A format knows its broker's layout (columns, sections, quirks, sign conventions) and nothing
 * else: time zones, instrument catalogues, FIFO matching, dedup and writing are the pipeline's.
 */
import type { AssetClass, OptionRight } from '@tj/schemas';
import type { CsvLine, FileHead } from '../read/csv-records.js';
import type { XmlElement } from '../read/xml-elements.js';
import type { SplitRatio } from '@tj/schemas';
import type { TradeImportInput } from './trade-input.js';
import type { BrokerTime, WallClock } from '../values/wall-clock.js';

export type { BrokerTime, CsvLine, FileHead, WallClock, XmlElement };

/** How an execution changes a position, where the broker says so. */
export type PositionEffect = 'open' | 'close' | 'expired' | 'assigned' | 'exercised';

/** What a file may say about the instrument of a row (the pipeline resolves the rest). */
export interface InstrumentHints {
  assetClass?: AssetClass;
  /** Point value or contract multiplier, when the file states it. */
  multiplier?: number;
  currency?: string;
  underlying?: string;
  /** YYYY-MM-DD. */
  expiry?: string;
  strike?: number;
  right?: OptionRight;
}

/** The broker's own P&L for a row, to cross-check ours: net of fees, or gross. */
export interface BrokerPnl {
  amount: number;
  basis: 'net' | 'gross';
}

/** One execution read from a broker file. */
export interface BrokerFill extends InstrumentHints {
  kind: 'fill';
  /** The physical line (or XML element line) it came from, for messages. */
  line: number;
  time: BrokerTime;
  /** '' or absent when the file has no account. */
  account?: string;
  /** The symbol as the broker wrote it (`ESZ4`, `/ESZ24`, `MNQ MAR25`, `AAPL`, `SPY 250321C570`). */
  symbol: string;
  side: 'buy' | 'sell';
  /** > 0, in the instrument's units (shares, contracts, lots converted to units by the format). */
  quantity: number;
  /** > 0, per unit. */
  price: number;
  /** ≥ 0 money, commissions. */
  commission?: number;
  /** ≥ 0 money, exchange/regulatory/other fees. */
  fees?: number;
  /** Swap, financing or interest booked on this fill (money; negative is a cost). */
  financing?: number;
  /** The broker's id of this execution (unique within its account): the dedup key when present. */
  execId?: string;
  /**
   * The broker's order (or combo) id: the legs of one order share it and open one position
   * (the fill's `orderRef`; see `fillMarks`). Absent when the file has none.
   */
  orderId?: string;
  /**
   * How the fill changes the position, where the broker says so. `expired`, `assigned` and
   * `exercised` are set on option rows only: the option leg leaving the account (price 0, the
   * side that closes it); the stock an assignment or exercise delivers is an ordinary fill at
   * the strike.
   */
  effect?: PositionEffect;
  brokerPnl?: BrokerPnl;
  /** The broker's rate from the fill's currency to the account's base currency (IBKR fxRateToBase), decimal text. */
  fxRateToBase?: string;
  /** Tags and a note for the trade this fill becomes part of (our own fills CSV). */
  tags?: string[];
  note?: string;
}

/** A trade a file states whole (our trades CSV): imported as is, deduplicated by its key. */
export interface TradeRecord {
  kind: 'trade';
  line: number;
  /** Stable across re-imports of the same row (`id:<id>` or a hash of its content). */
  importKey: string;
  /** The row's own id, used as the trade id when it is a UUID. */
  id?: string;
  input: TradeImportInput;
  /**
   * Whether a time of the row was written without a zone and so read in `sourceTz`: false when
   * every one carried its own. Absent (a reader that does not say): counted as read in the zone,
   * so the report names it.
   */
  wallClock?: boolean;
}

/** A warning found while reading (not an error: the import goes on and reports it). */
export interface FormatWarning {
  line: number;
  message: string;
  /** Machine-readable kind (the import report's warning code); `format` when absent. */
  code?: string;
}

/** What a reader yields: executions, and warnings to report. */
export type BrokerRecord = BrokerFill | ({ kind: 'warning' } & FormatWarning);

/** One split or symbol change read from a broker file. */
export interface CorporateActionRecord {
  kind: 'corporateAction';
  /** The line (or XML element line) it came from. */
  line: number;
  /** When it took effect, as the broker wrote it. */
  time: BrokerTime;
  /** '' or absent when the file has no account (it then applies to every account). */
  account?: string;
  action: 'split' | 'symbolChange';
  /** The symbol it applies to (a symbol change: the old one). */
  symbol: string;
  /** A split's new:old. */
  ratio?: SplitRatio;
  /** A symbol change's new symbol. */
  newSymbol?: string;
  /** The broker's description, kept as the action's note. */
  description?: string;
}

/** What any reader may yield: broker records, whole trades (files that state trades, like ours), or corporate actions. */
export type FormatRecord = BrokerRecord | TradeRecord | InvalidRow | CorporateActionRecord;

/** A row a reader could not read, yielded instead of thrown when `skipInvalid` is set. */
export interface InvalidRow {
  kind: 'invalid';
  line: number;
  /** Names the column and the problem (`line 4, column price: "abc" is not a number`). */
  message: string;
  /** The row as written. */
  raw: string;
}

/** Options a reader may look at. */
export interface ReadOptions {
  /** The file's delimiter as sniffed (CSV formats). */
  delimiter: string;
  /** Locale hint for numbers and dates when a format has variants (e.g. NinjaTrader US vs EU). */
  locale?: 'us' | 'eu';
  /**
   * Units per lot by symbol, for formats that count in lots (MetaTrader): `{ US30: 1, XAUUSD: 100 }`.
   * Overrides the format's defaults (currency pairs 100,000).
   */
  lotSizes?: Readonly<Record<string, number>>;
  /** Yield bad rows as `invalid` records instead of throwing (formats that declare `readsInvalidRows`). */
  skipInvalid?: boolean;
  /**
   * The IANA zone naive times are read in, for readers that turn times into instants themselves
   * (our trades CSV); readers of fills yield `{ wall }` times and leave them to the pipeline.
   */
  sourceTz?: string;
}

/** The input of a reader: CSV records, or XML elements. */
export type FormatInput =
  | { kind: 'csv'; records: AsyncIterable<CsvLine[]> }
  | { kind: 'xml'; elements: AsyncIterable<XmlElement> };

/**
 * A broker export format. Register your own with `defineFormat` and it takes part in detection.
 */
export interface BrokerFormat {
  /** Stable id, used by `--format` (`tradovate-fills`). */
  name: string;
  /** Broker name (`Tradovate`). */
  broker: string;
  /** The export as the broker calls it (`Fills`). */
  title: string;
  /** Where to find the export in the broker's UI. */
  exportHint: string;
  /** What is read from it (one line). */
  reads: string;
  /** The time zone rule of its times (one line): "UTC (_timestamp)", "naive: --source-tz". */
  timeRule: string;
  /** A sample header line. */
  sampleHeader: string;
  /** 'csv' (default) or 'xml'. */
  input?: 'csv' | 'xml';
  /**
   * How sure this format is that `head` is its file: 0 (not it) to 1 (certain). Detection picks
   * the highest score above 0.5; a tie or nothing above 0.5 is an error naming the closest.
   */
  detect(head: FileHead): number;
  /** The columns it needs, for the "missing columns" part of an unrecognised-file error. */
  requiredColumns: readonly string[];
  /** Reads the file, in batches (one per input batch is fine). */
  read(input: FormatInput, options: ReadOptions): AsyncIterable<FormatRecord[]>;
  /**
   * True when the reader yields bad rows as `invalid` records itself under `skipInvalid` (our own
   * CSVs). Otherwise `skipInvalid` finds the rows its reader throws on by reading the file again
   * without them (see `openBrokerFile`).
   */
  readsInvalidRows?: boolean;
  /**
   * The order of the fills it yields, per (account, symbol): `chronological` (default),
   * `newest-first` (the broker lists newest first), or `unordered` (the pipeline sorts them).
   */
  order?: FileOrderRule;
}

/** The order of a format's fills, fixed or told from the file's head. */
export type FileOrderRule = FileOrderName | ((head: FileHead) => FileOrderName);

/** See {@link BrokerFormat.order}. */
export type FileOrderName = 'chronological' | 'newest-first' | 'unordered';

/**
 * The shape of a bars format (docs/decisions.md, "Price bars: files"): how one chart export lays
 * out its bars. A format knows its layout and how its times are written; zones, timeframes,
 * validation and storing are the reader's and the service's.
 */
import type { CsvLine, FileHead } from '../../import/read/csv-records.js';
import type { BrokerTime } from '../../import/values/wall-clock.js';

/** One bar as a file wrote it: its time as written (an instant, or a wall-clock time), prices read. */
export interface RawBar {
  line: number;
  time: BrokerTime;
  /** True when the time stamps the bar's END (NinjaTrader): the reader moves it to the start. */
  endStamped: boolean;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number | null;
}

/** Reads the records of one file: built from its first record. */
export interface BarRowReader {
  /** True when the first record is a header (not a bar). */
  header: boolean;
  /** One record as a bar; throws a `validation_failed` CoreError naming the line and column. */
  read(record: CsvLine): RawBar;
}

/** How a format's times without a zone are read. */
export type NaiveTimeRule =
  /** In the request's `sourceTz`; refused without one. */
  | 'sourceTz'
  /** In the request's `sourceTz` when given, else UTC (the exporting program writes UTC). */
  | 'utc';

/** A bars format: detected by content, read record by record. */
export interface BarFormat {
  /** Lower-case words and dashes (`generic-csv`). */
  name: string;
  /** Who writes it and which export (`TradingView chart data export`). */
  title: string;
  /** How a user produces the file. */
  exportHint: string;
  /** How naive times are read. */
  naiveTimes: NaiveTimeRule;
  /** How sure (0…1) the format is that a file's head is its own. */
  detect(head: FileHead): number;
  /** The reader of one file, given its first record. */
  open(first: CsvLine): BarRowReader;
}

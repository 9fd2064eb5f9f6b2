import type { BrokerFormat, FormatWarning } from '../formats/types.js';

/** Most warnings a file report lists; the rest are only counted (`moreWarnings`). */
export const MAX_FILE_WARNINGS = 1000;

/** What reading a file found besides trades; filled in as the items are consumed. */
export interface BrokerFileReport {
  format: BrokerFormat;
  sourceTz: string;
  /** Fills read. */
  fills: number;
  /**
   * Data rows: the lines (CSV records or XML elements) that held a fill, a whole trade or a
   * corporate action; header, title, section and summary lines, rows of other kinds (cash,
   * dividends) and invalid rows (counted apart) are not counted.
   */
  rows: number;
  /** Records read (CSV records or XML elements), every kind: the progress of reading. */
  records: number;
  /** Fills that state a commission or a fee (0 included): a file with none may take a commission schedule. */
  feesStated: number;
  /** Times read that were written without a zone, so read in `sourceTz`. */
  wallClockTimes: number;
  /** The first {@link MAX_FILE_WARNINGS} warnings. */
  warnings: FormatWarning[];
  /** Warnings past those, counted. */
  moreWarnings: number;
}

/** Keeps a warning in the report, or only counts it once the report lists as many as it keeps. */
export function addWarning(report: BrokerFileReport, warning: FormatWarning): void {
  if (report.warnings.length < MAX_FILE_WARNINGS) report.warnings.push(warning);
  else report.moreWarnings++;
}

import { z } from 'zod';

/** A warning of an import: a machine-readable code, a message, and the line when it has one. */
export const importWarningSchema = z
  .object({
    code: z.string().meta({
      description:
        'format (the reader skipped or doubted something), dst_gap, dst_overlap, pnl_mismatch, open_position, warnings_truncated',
    }),
    message: z.string(),
    line: z.number().int().optional(),
  })
  .meta({ id: 'ImportWarning' });

/** A row `skipInvalid` left out: its line, why, and the row as the file has it. */
export const importSkippedRowSchema = z
  .object({
    line: z.number().int(),
    message: z.string(),
    raw: z.string().meta({ description: 'The record as written in the file (a CSV line, an XML element)' }),
  })
  .meta({ id: 'ImportSkippedRow' });

/** What an import created per account and instrument, with the broker's P&L beside ours where the file has it. */
export const importGroupSchema = z
  .object({
    account: z.string().meta({ description: "'' when the file has no account" }),
    instrument: z.string(),
    /** Trades created or updated. */
    trades: z.number().int(),
    /** Of those, the trades still open after the import: their P&L is not in `pnl` yet. */
    open: z.number().int(),
    /** Our net P&L (result, net of fees) of the closed trades created or updated, in money. */
    pnl: z.number(),
    /** What partial exits of the trades still open booked (net of the closed part's fees), in money: not in `pnl`. */
    openRealizedPnL: z.number(),
    /** The broker's own net P&L of the same trades, when the file carries it; else null. */
    brokerPnl: z.number().nullable(),
  })
  .meta({ id: 'ImportGroup' });

/**
 * The report of one import (or dry run): which format read the file, in which zone naive times
 * were read, what was counted, warnings, per-group P&L and the ids of the trades created.
 */
export const importReportSchema = z
  .object({
    format: z.object({ name: z.string(), label: z.string() }),
    sourceTz: z.string().meta({ description: 'the IANA zone naive (wall-clock) times were read in' }),
    sourceTzUsed: z.boolean().meta({
      description:
        'true when some time of the file was written without a zone and so read in sourceTz; false when every time carried its own',
    }),
    dryRun: z.boolean(),
    counts: z.object({
      /**
       * Data rows: the lines (CSV records or XML elements) that held a fill, a whole trade or a
       * corporate action. Header, title, section and summary lines, rows of other kinds (cash,
       * dividends) and invalid rows (see invalid) are not counted.
       */
      rows: z.number().int(),
      /** Executions read (before dedup). */
      fills: z.number().int(),
      tradesCreated: z.number().int(),
      /** Open trades of an earlier import that this file continued or closed. */
      tradesUpdated: z.number().int(),
      /** Executions (or trades) already imported, skipped. */
      duplicates: z.number().int(),
      /** Rows skipped as invalid (only with skipInvalid). */
      invalid: z.number().int(),
      /** Fills whose commission came from a commission schedule (/api/settings): the file states no fees. */
      scheduledFees: z.number().int(),
    }),
    warnings: z.array(importWarningSchema),
    skippedRows: z.array(importSkippedRowSchema).meta({
      description: 'The rows skipInvalid left out, in file order: the first 1000 (counts.invalid counts them all)',
    }),
    skippedRowsNotListed: z.number().int().meta({ description: 'Skipped rows past the first 1000, not listed' }),
    groups: z.array(importGroupSchema),
    /** Ids of the trades created (none on a dry run). */
    tradeIds: z.array(z.string()),
  })
  .meta({ id: 'ImportReport' });

/** One import's report. */
export type ImportReport = z.output<typeof importReportSchema>;
/** One warning of an import report. */
export type ImportWarning = z.output<typeof importWarningSchema>;
/** One row an import left out (`skipInvalid`). */
export type ImportSkippedRow = z.output<typeof importSkippedRowSchema>;
/** One account/instrument group of an import report. */
export type ImportGroup = z.output<typeof importGroupSchema>;

/** A format as `imports.formats()` lists it. */
export const importFormatInfoSchema = z
  .object({
    name: z.string(),
    /** `Broker Title`, e.g. `Tradovate Fills`. */
    label: z.string(),
    broker: z.string(),
    title: z.string(),
    exportHint: z.string(),
    reads: z.string(),
    timeRule: z.string(),
    sampleHeader: z.string(),
  })
  .meta({ id: 'ImportFormatInfo' });

/** A format's description. */
export type ImportFormatInfo = z.output<typeof importFormatInfoSchema>;

/** Response of GET /api/imports/formats. */
export const importFormatListSchema = z
  .object({ formats: z.array(importFormatInfoSchema) })
  .meta({ id: 'ImportFormatList', description: 'Every format an import reads, in detection order' });

/** Every format an import reads. */
export type ImportFormatList = z.output<typeof importFormatListSchema>;

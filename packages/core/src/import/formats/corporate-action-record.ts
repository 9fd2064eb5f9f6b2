import type { CorporateActionFields } from '../../corporate-actions/record.js';
import type { BrokerTime, CorporateActionRecord, FormatWarning } from './types.js';

export type { CorporateActionRecord };

/** What the import passes on for a corporate action once its time is an instant. */
export interface CorporateActionItem {
  corporateAction: CorporateActionFields;
  line: number;
}

/**
 * The import item of a record whose time the pipeline read as `effectiveAt` (epoch ms).
 *
 * @example corporateActionItem(record, Date.parse('2024-08-31T00:25:00Z')) // { corporateAction: { kind: 'split', … }, line: 12 }
 */
export function corporateActionItem(record: CorporateActionRecord, effectiveAt: number): CorporateActionItem {
  const fields: CorporateActionFields = {
    kind: record.action,
    account: record.account === undefined || record.account === '' ? null : record.account,
    instrument: record.symbol,
    effectiveAt,
    note: record.description ?? null,
  };
  if (record.ratio !== undefined) fields.ratio = record.ratio;
  if (record.newSymbol !== undefined) fields.newInstrument = record.newSymbol;
  return { corporateAction: fields, line: record.line };
}

/** The date after a wall-clock date, as YYYY-MM-DD. */
function nextDay(time: BrokerTime): string {
  const d = 'utc' in time ? new Date(time.utc) : new Date(Date.UTC(time.wall.year, time.wall.month - 1, time.wall.day));
  if ('utc' in time) d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The warning an import gives for a corporate action it reads but does not apply: what it is,
 * and how to record it by hand (it takes effect from the start of the next day, UTC).
 *
 * @example pendingActionWarning(record).message // 'IBKR corporate action: the 4:1 split of AAPL (account U1) …'
 */
export function pendingActionWarning(record: CorporateActionRecord, broker: string): FormatWarning & { kind: 'warning' } {
  const what =
    record.action === 'split' && record.ratio !== undefined
      ? `the ${record.ratio.new}:${record.ratio.old} split of ${record.symbol}`
      : `the change of ${record.symbol} to ${record.newSymbol}`;
  const account = record.account ? ` (account ${record.account})` : '';
  const flag =
    record.action === 'split' && record.ratio !== undefined
      ? `--split ${record.ratio.new}:${record.ratio.old}`
      : `--rename ${record.newSymbol}`;
  const accountFlag = record.account ? ` --account ${record.account}` : '';
  return {
    kind: 'warning',
    line: record.line,
    code: 'corporate_action',
    message: `${broker} corporate action: ${what}${account} is not applied by this import; record it with POST /api/corporate-actions (tj corporate-actions add ${flag} --instrument ${record.symbol}${accountFlag} --date ${nextDay(record.time)})`,
  };
}

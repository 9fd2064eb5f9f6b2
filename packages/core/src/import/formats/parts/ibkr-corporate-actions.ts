/**
 * IBKR's corporate actions: the `<CorporateAction>` rows of a Flex Query (XML) and the "Corporate
 * Actions" section of an Activity Statement (CSV). Both describe an action in words, which is
 * where its ratio and symbols are:
 *
 *     AAPL(US0378331005) Split 4 for 1 (AAPL, APPLE INC, US0378331005)
 *     XYZ(US1111111111) SPLIT 1 FOR 10 (XYZ, XYZ CORP, US1111111112)
 *     CCIV(US1714391026) CUSIP/ISIN Change to (US5494981039) (LCID, LUCID GROUP INC, US5494981039)
 *
 * The symbol before the first parenthesis is the one the action applies to; the last
 * parenthesis names the security of the row (after the action). A Flex row also states its type:
 * FS (forward split), RS (reverse split), IC (issue change: CUSIP/ISIN, and with it the symbol).
 * IBKR books an action as the rows that take the old shares out and put the new ones in; each
 * action is read once. Its time is IBKR's `dateTime` (20:25 on the last day before it, in the
 * statement's zone); a date alone reads as 20:25 of that day. Other types (mergers, spin-offs,
 * dividends in shares, tenders) are not read: one warning per type says so.
 */
import { parseSplitRatio, type SplitRatio } from '@tj/schemas';
import type { CorporateActionRecord } from '../corporate-action-record.js';
import type { BrokerRecord, BrokerTime, XmlElement } from '../types.js';
import { xmlFlexRow } from './ibkr-flex-rows.js';
import { parseIbkrTime } from './ibkr-values.js';

/** What IBKR's description of an action says. */
export interface IbkrActionWords {
  /** The symbol it starts with: the one the action applies to. */
  symbol?: string;
  /** A split's `N for M`. */
  ratio?: SplitRatio;
  /** True for a CUSIP/ISIN change. */
  issueChange: boolean;
  /** The symbol of its last parenthesis: the row's security. */
  rowSymbol?: string;
}

const LEADING = /^\s*([^\s(]+)\s*\(/;
const SPLIT = /\bSPLIT\s+(\d+(?:\.\d+)?)\s+FOR\s+(\d+(?:\.\d+)?)/i;
const ISSUE_CHANGE = /\bCUSIP\/ISIN\s+CHANGE\b/i;
const ROW_SECURITY = /\(\s*([^,()]+?)\s*,[^()]*\)\s*$/;

/**
 * Reads IBKR's description of a corporate action.
 *
 * @example readIbkrActionWords('AAPL(US0378331005) Split 4 for 1 (AAPL, APPLE INC, US0378331005)') // { symbol: 'AAPL', ratio: { new: 4, old: 1 }, issueChange: false, rowSymbol: 'AAPL' }
 */
export function readIbkrActionWords(text: string): IbkrActionWords {
  const words: IbkrActionWords = { issueChange: ISSUE_CHANGE.test(text) };
  const symbol = LEADING.exec(text)?.[1];
  if (symbol !== undefined) words.symbol = symbol;
  const split = SPLIT.exec(text);
  const ratio = split === null ? undefined : parseSplitRatio(`${split[1]}:${split[2]}`);
  if (ratio !== undefined) words.ratio = ratio;
  const row = ROW_SECURITY.exec(text)?.[1];
  if (row !== undefined) words.rowSymbol = row;
  return words;
}

/** One corporate action row, from either file. */
export interface IbkrActionRow {
  line: number;
  account: string;
  /** The Flex `type` code (FS, RS, IC, …); '' in a statement, which has none. */
  type: string;
  dateTime: string;
  description: string;
  /** The row's own symbol (Flex `symbol`); '' when the file has none. */
  symbol: string;
}

/**
 * A Flex `<CorporateAction>` element as a row: its account (else the statement's), type, time
 * (`dateTime`, else `reportDate`), description (`actionDescription`, else `description`) and symbol.
 *
 * @example flexActionRow(element, 'U1234567') // { line: 12, account: 'U1234567', type: 'FS', … }
 */
export function flexActionRow(element: XmlElement, statementAccount: string): IbkrActionRow {
  const row = xmlFlexRow(element);
  return {
    line: element.line,
    account: row.get('accountId') || statementAccount,
    type: row.get('type'),
    dateTime: row.get('dateTime') || row.get('reportDate'),
    description: row.get('actionDescription') || row.get('description'),
    symbol: row.get('symbol'),
  };
}

const SPLIT_TYPES = new Set(['FS', 'RS', 'FORWARD SPLIT', 'REVERSE SPLIT']);
const CHANGE_TYPES = new Set(['IC']);

/** A date without a time of day: IBKR books corporate actions at 20:25. */
function actionTime(raw: string): ReturnType<typeof parseIbkrTime> {
  const parsed = parseIbkrTime(raw);
  if (!parsed.ok || 'utc' in parsed.value || /[;,T ]\s*\d/.test(raw.trim())) return parsed;
  return { ok: true, value: { wall: { ...parsed.value.wall, hour: 20, minute: 25, second: 0, millisecond: 0 } } };
}

/**
 * Reads IBKR corporate action rows into splits and symbol changes, once each (IBKR books an action
 * as several rows), with a warning for each row it cannot read and once for each type it does not.
 */
export class IbkrCorporateActions {
  private readonly seen = new Set<string>();
  private readonly skippedTypes = new Set<string>();

  /** Reads one row into `out`: a corporate action, a warning, or nothing (a row of an action read already). */
  add(row: IbkrActionRow, sink: Array<BrokerRecord | CorporateActionRecord>): void {
    const words = readIbkrActionWords(row.description);
    const type = row.type.trim().toUpperCase();
    const isSplit = SPLIT_TYPES.has(type) || (type === '' && words.ratio !== undefined);
    const isChange = CHANGE_TYPES.has(type) || (type === '' && words.issueChange);
    if (!isSplit && !isChange) {
      this.skip(row, type === '' ? 'other than splits and symbol changes' : `of type ${type}`, sink);
      return;
    }
    const symbol = words.symbol ?? row.symbol;
    const time = actionTime(row.dateTime);
    if (symbol === '' || !time.ok || (isSplit && words.ratio === undefined)) {
      const why = !time.ok
        ? time.message
        : symbol === ''
          ? 'no symbol in its description'
          : 'no "N for M" ratio in its description';
      sink.push({
        kind: 'warning',
        line: row.line,
        code: 'corporate_action',
        message: `an IBKR corporate action was not read: ${why}`,
      });
      return;
    }
    const base = { kind: 'corporateAction' as const, line: row.line, time: time.value, symbol, description: row.description };
    const account = row.account === '' ? {} : { account: row.account };
    if (isSplit) this.once(row, { ...base, ...account, action: 'split', ratio: words.ratio as SplitRatio }, sink);
    const renamed = words.rowSymbol ?? (row.symbol === '' ? undefined : row.symbol);
    if (renamed !== undefined && renamed !== symbol) {
      this.once(row, { ...base, ...account, action: 'symbolChange', newSymbol: renamed }, sink);
    }
  }

  private once(row: IbkrActionRow, record: CorporateActionRecord, out: Array<BrokerRecord | CorporateActionRecord>): void {
    const what = record.ratio ? `${record.ratio.new}:${record.ratio.old}` : (record.newSymbol ?? '');
    const key = JSON.stringify([row.account, record.action, record.symbol, what, timeKey(record.time)]);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    out.push(record);
  }

  private skip(row: IbkrActionRow, what: string, out: Array<BrokerRecord | CorporateActionRecord>): void {
    if (this.skippedTypes.has(what)) return;
    this.skippedTypes.add(what);
    out.push({
      kind: 'warning',
      line: row.line,
      code: 'corporate_action',
      message: `IBKR corporate actions ${what} are not read (this and any further ones): check the positions they change`,
    });
  }
}

function timeKey(time: BrokerTime): string {
  return 'utc' in time ? String(time.utc) : JSON.stringify(time.wall);
}

import { cellError } from '../../read/cell-error.js';
import { parseAmount, sideOf } from '../../values/broker.js';
import { columnKey, type HeaderRow, headerIndex, headerRow } from '../../read/csv-records.js';
import { parseFuturesContract, parseThinkorswimOption } from '../../../instruments/catalogue.js';
import { defineFormat } from '../registry.js';
import { amountCell, optionalAmountCell, wallClockCell } from '../parts/cells.js';
import { titleOf } from '../parts/section-title.js';
import { optionHints } from '../parts/symbol-hints.js';
import type { BrokerFill, BrokerRecord, CsvLine, FileHead, PositionEffect } from '../types.js';
import { attachFees, type Execution, type FeeRow, parseFeeRow, wallMs } from '../parts/thinkorswim-fees.js';

const TRADE_HISTORY = 'Account Trade History';
const TRADE_COLUMNS = ['Exec Time', 'Side', 'Qty', 'Pos Effect', 'Symbol', 'Type', 'Price'] as const;
const EFFECTS: Record<string, PositionEffect> = { 'TO OPEN': 'open', 'TO CLOSE': 'close', EXPIRED: 'expired' };

/**
 * The instrument of a leg: its symbol and hints. Options (`SPY`, `17 APR 26`, `570`, `CALL`) take
 * the compact OCC symbol (`SPY260417C00570000`); options on futures keep thinkorswim's spelling.
 */
function instrumentOf(
  row: HeaderRow,
): Pick<BrokerFill, 'symbol' | 'assetClass' | 'multiplier' | 'underlying' | 'expiry' | 'strike' | 'right'> {
  const symbol = row.get('Symbol');
  const type = row.get('Type').toUpperCase();
  if (type === 'STOCK' || type === 'ETF') return { symbol, assetClass: 'stock' };
  if (type === 'FUTURE') return { symbol, assetClass: 'future' };
  if (type !== 'CALL' && type !== 'PUT') return { symbol };
  const written = `${symbol} ${row.get('Exp')} ${row.get('Strike')} ${type}`;
  const option = parseThinkorswimOption(written);
  if (option === undefined)
    throw cellError(row.line, 'Exp', `"${written}" is not an option (Exp like 17 APR 26, a strike, CALL or PUT)`);
  if (!symbol.startsWith('/')) {
    const occ = optionHints(option);
    return { symbol: occ.symbol, ...occ.hints };
  }
  // An option on futures keeps its spelling; its multiplier is the future's point value.
  const pointValue = parseFuturesContract(symbol)?.spec?.pointValue;
  if (pointValue === undefined)
    throw cellError(row.line, 'Symbol', `unknown futures root in "${symbol}": cannot tell the option's multiplier`);
  return { symbol: written, ...optionHints(option, pointValue).hints };
}

/**
 * The reading state: the account of the title line, the section being read, the executions of
 * Account Trade History and the fee rows of the cash sections. Both are kept to the end of the
 * file (one pass, buffered): fee rows and executions must all be known to pair them, and the
 * reader sees the file once. Statements are period files of moderate size, and the pipeline
 * holds a newest-first file whole anyway to sort it, so nothing is spent that was not already.
 */
class StatementReader {
  private account = '';
  private section = '';
  private header: { kind: 'trades' | 'fees' | 'other'; index: Map<string, number> } | undefined;
  private readonly executions: Execution[] = [];
  private readonly fees: FeeRow[] = [];
  private current: Execution | undefined;

  read(record: CsvLine): void {
    const title = titleOf(record);
    if (title !== undefined) this.title(title);
    else if (this.header === undefined) this.headerOf(record.cells);
    else if (this.header.kind === 'trades') this.trade(headerRow(this.header.index, record));
    else if (this.header.kind === 'fees') {
      const fee = parseFeeRow(headerRow(this.header.index, record));
      if (fee !== undefined) this.fees.push(fee);
    }
  }

  private title(text: string): void {
    const account = /^Account Statement for\s+(\S+)/i.exec(text);
    if (account !== null) this.account = account[1] as string;
    this.section = text;
    this.header = undefined;
    this.current = undefined;
  }

  private headerOf(cells: string[]): void {
    const index = headerIndex(cells);
    const has = (name: string) => index.has(columnKey(name));
    const kind =
      this.section === TRADE_HISTORY
        ? 'trades'
        : has('Description') && has('Commissions & Fees') && has('Misc Fees') && (has('Time') || has('Exec Time'))
          ? 'fees'
          : 'other';
    this.header = { kind, index };
  }

  /**
   * A leg of Account Trade History: the first of an execution has its time, later legs (of a
   * spread) a blank one. Every leg of an execution takes one order reference, its first leg's
   * time and line (the file has no order id), so a spread's legs open one position.
   */
  private trade(row: HeaderRow): void {
    const time = row.get('Exec Time');
    if (time !== '') {
      const wall = wallClockCell(row, 'Exec Time', ['M/d/yy HH:mm:ss']);
      const orderId = `${time} L${row.line}`;
      this.current = {
        wall,
        at: wallMs(wall),
        side: 'buy',
        quantity: 0,
        symbol: row.get('Symbol'),
        prices: [],
        legs: [],
        orderId,
      };
      this.executions.push(this.current);
    }
    const execution = this.current;
    if (execution === undefined)
      throw cellError(row.line, 'Exec Time', 'is blank, and no leg above gives the time of this spread');
    const instrument = instrumentOf(row);
    const written = EFFECTS[row.get('Pos Effect').toUpperCase()];
    // An option that expired leaves at 0; anything else said to expire is an ordinary close.
    const effect = written === 'expired' && instrument.assetClass !== 'option' ? 'close' : written;
    const quantity = amountCell(row, 'Qty');
    const side = sideOf(row.get('Side')) ?? (quantity < 0 ? 'sell' : 'buy');
    const fill: BrokerFill = {
      kind: 'fill',
      line: row.line,
      time: { wall: execution.wall },
      account: this.account,
      side,
      quantity: Math.abs(quantity),
      price: effect === 'expired' ? 0 : written === 'expired' ? optionalAmountCell(row, 'Price') : amountCell(row, 'Price'),
      ...instrument,
    };
    if (effect !== undefined) fill.effect = effect;
    fill.orderId = execution.orderId;
    if (execution.legs.length === 0) {
      execution.side = side;
      execution.quantity = fill.quantity;
      execution.prices = [fill.price];
      const net = parseAmount(row.get('Net Price'));
      if (net.ok) execution.prices.push(Math.abs(net.value));
    }
    execution.legs.push(fill);
  }

  /** Fees attached, the legs in file order (newest first), warnings first. */
  finish(): BrokerRecord[] {
    const warnings = attachFees([...this.executions].reverse(), this.fees);
    return [...warnings.map((w) => ({ kind: 'warning' as const, ...w })), ...this.executions.flatMap((e) => e.legs)];
  }
}

function detect(head: FileHead): number {
  const statement = /^\s*Account Statement for /m.test(head.text.slice(0, 4096));
  const sections = /^(Cash Balance|Account Trade History|Account Order History)\s*$/m.test(head.text);
  if (statement && sections) return 0.95;
  return statement ? 0.7 : 0;
}

/** thinkorswim's (Schwab's) Account Statement: Account Trade History with fees from Cash Balance. */
export const thinkorswimStatement = defineFormat({
  name: 'thinkorswim-statement',
  broker: 'thinkorswim (Schwab)',
  title: 'Account Statement',
  exportHint: 'Monitor → Account Statement → ☰ (menu) → Export to File (CSV)',
  reads:
    'Account Trade History (stocks, options with spread legs, futures), fees attached from Cash Balance / Futures Statements',
  timeRule: 'naive (the platform’s zone): --source-tz; newest first',
  sampleHeader: ',Exec Time,Spread,Side,Qty,Pos Effect,Symbol,Exp,Strike,Type,Price,Net Price,Order Type',
  requiredColumns: TRADE_COLUMNS,
  order: 'newest-first',
  detect,
  async *read(input) {
    if (input.kind !== 'csv') return;
    const reader = new StatementReader();
    for await (const batch of input.records) for (const record of batch) reader.read(record);
    yield reader.finish();
  },
});

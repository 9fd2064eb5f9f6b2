import { cellError } from '../../read/cell-error.js';
import { type HeaderRow, headerIndex, headerRow, headerScore } from '../../read/csv-records.js';
import { defineFormat } from '../registry.js';
import { amountCell, optionalAmountCell, wallClockCell } from '../parts/cells.js';
import { type CurrencyPair, currencyPair } from '../parts/currency-pairs.js';
import { titleOf } from '../parts/section-title.js';
import type { BrokerFill, BrokerRecord, CsvLine, FileHead, PositionEffect, ReadOptions } from '../types.js';

const DEALS = [
  'Time',
  'Deal',
  'Symbol',
  'Type',
  'Direction',
  'Volume',
  'Price',
  'Order',
  'Commission',
  'Swap',
  'Profit',
] as const;
const EFFECTS: Record<string, PositionEffect | undefined> = { in: 'open', out: 'close', 'out by': 'close', 'in/out': undefined };

/** Units per lot of a metal traded as a pair (`XAUUSD`): gold 100 oz, silver 5,000 oz. */
const METAL_LOTS: Record<string, number> = { XAU: 100, XAG: 5000 };
/** Units per lot of a currency pair. */
const PAIR_LOT = 100_000;

/** The pair a symbol names, whatever suffix the broker adds (`EURUSD`, `EURUSD.a`, `EURUSDm`, `XAUUSD`). */
function pairOf(symbol: string): CurrencyPair | undefined {
  const six = /^([A-Z]{6})(?![A-Z])/.exec(symbol)?.[1];
  if (six === undefined) return undefined;
  const base = six.slice(0, 3);
  return base in METAL_LOTS ? { base, quote: six.slice(3) } : currencyPair(six);
}

/** Units per lot of `symbol`: the user's setting (by symbol as written, or its pair), else the pair's default. */
function lotSize(symbol: string, options: ReadOptions): number | undefined {
  const pair = pairOf(symbol);
  const given = options.lotSizes?.[symbol] ?? (pair === undefined ? undefined : options.lotSizes?.[pair.base + pair.quote]);
  if (given !== undefined) return given;
  return pair === undefined ? undefined : (METAL_LOTS[pair.base] ?? PAIR_LOT);
}

/** The account and its currency of the `Account:` line: `52603751 (USD, ICMarketsSC-Demo, demo, Hedge)`. */
function accountOf(cells: readonly string[]): { account: string; currency?: string } | undefined {
  if (cells[0]?.trim() !== 'Account:') return undefined;
  const value = cells.slice(1).find((c) => c.trim() !== '') ?? '';
  const m = /^\s*(\S+)\s*(?:\(\s*([A-Z]{3})\b)?/.exec(value);
  if (m === null) return undefined;
  return { account: m[1] as string, ...(m[2] !== undefined && { currency: m[2] }) };
}

/** The reading state: the account, and whether the Deals table is being read. */
class ReportReader {
  private account = '';
  private currency: string | undefined;
  private section = '';
  private index: Map<string, number> | undefined;

  constructor(private readonly options: ReadOptions) {}

  read(record: CsvLine, out: BrokerRecord[]): void {
    const account = accountOf(record.cells);
    const title = titleOf(record);
    if (account !== undefined) {
      this.account = account.account;
      this.currency = account.currency;
    } else if (title !== undefined) {
      this.section = title;
      this.index = undefined;
    } else if (this.section === 'Deals') {
      if (this.index === undefined) this.index = headerIndex(record.cells);
      else this.deal(headerRow(this.index, record), out);
    }
  }

  /** One deal: buy and sell deals are fills; balance, credit and other money rows and the totals row are not. */
  private deal(row: HeaderRow, out: BrokerRecord[]): void {
    const type = row.get('Type').toLowerCase();
    if (row.get('Time') === '' || (type !== 'buy' && type !== 'sell')) return;
    const symbol = row.get('Symbol');
    const size = lotSize(symbol, this.options);
    if (size === undefined) {
      throw cellError(
        row.line,
        'Symbol',
        `no lot size is known for "${symbol}": give its units per lot (e.g. lot size ${symbol}=1)`,
      );
    }
    const lots = amountCell(row, 'Volume');
    const direction = row.get('Direction').toLowerCase();
    if (!(direction in EFFECTS)) throw cellError(row.line, 'Direction', `"${row.get('Direction')}" is not in, out or in/out`);
    const pair = pairOf(symbol);
    const fill: BrokerFill = {
      kind: 'fill',
      line: row.line,
      time: { wall: wallClockCell(row, 'Time', ['yyyy.MM.dd HH:mm:ss']) },
      account: this.account,
      symbol,
      side: type,
      quantity: Math.round(Math.abs(lots) * size * 1e6) / 1e6,
      price: amountCell(row, 'Price'),
      commission: Math.abs(optionalAmountCell(row, 'Commission')),
      fees: Math.abs(optionalAmountCell(row, 'Fee')),
      multiplier: 1,
    };
    const effect = EFFECTS[direction];
    if (effect !== undefined) fill.effect = effect;
    if (pair !== undefined) fill.assetClass = 'forex';
    const currency = pair?.quote ?? this.currency;
    if (currency !== undefined) fill.currency = currency;
    const execId = row.get('Deal');
    if (execId !== '') fill.execId = execId;
    const orderId = row.get('Order');
    if (orderId !== '') fill.orderId = orderId;
    const swap = optionalAmountCell(row, 'Swap');
    if (swap !== 0) fill.financing = swap;
    if (direction !== 'in') fill.brokerPnl = { amount: optionalAmountCell(row, 'Profit'), basis: 'gross' };
    out.push(fill);
  }
}

function detect(head: FileHead): number {
  const title = (head.records[0]?.cells[0] ?? '').trim() === 'Trade History Report';
  const account = head.records.slice(0, 10).some((r) => accountOf(r.cells) !== undefined);
  const deals = head.records.some((r) => headerScore(r.cells, DEALS) === 1);
  if (deals || (title && account)) return 0.95;
  return title ? 0.7 : 0;
}

/**
 * MetaTrader 5's Trade History Report (saved as CSV): the Deals table, lots converted to units.
 */
export const mt5Report = defineFormat({
  name: 'mt5-report',
  broker: 'MetaTrader 5',
  title: 'Trade History Report (CSV)',
  exportHint: 'Toolbox → History → right-click → Report → Open XML (Excel), then save as CSV',
  reads: 'Deals (buy/sell, in/out): lots × lot size (pairs 100,000), commission, fee, swap as financing, Profit as gross P&L',
  timeRule: 'naive (the trade server’s zone): --source-tz',
  sampleHeader: 'Time,Deal,Symbol,Type,Direction,Volume,Price,Order,Commission,Fee,Swap,Profit,Balance,Comment',
  requiredColumns: DEALS,
  detect,
  async *read(input, options) {
    if (input.kind !== 'csv') return;
    const reader = new ReportReader(options);
    for await (const batch of input.records) {
      const out: BrokerRecord[] = [];
      for (const record of batch) reader.read(record, out);
      yield out;
    }
  },
});

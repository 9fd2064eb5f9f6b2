import { cellError } from '../../read/cell-error.js';
import { type HeaderRow, headerIndex, headerRow } from '../../read/csv-records.js';
import { defineFormat } from '../registry.js';
import { amountCell, optionalAmountCell } from '../parts/cells.js';
import type { CorporateActionRecord } from '../corporate-action-record.js';
import { IbkrCorporateActions } from '../parts/ibkr-corporate-actions.js';
import type { BrokerFill, BrokerRecord, CsvLine, FileHead } from '../types.js';
import {
  futuresOptionMultiplier,
  ibkrAssetClass,
  ibkrCodes,
  ibkrCommission,
  ibkrEffect,
  ibkrOption,
  isFuturesOption,
  multiplierFromProceeds,
  parseIbkrTime,
} from '../parts/ibkr-values.js';

const REQUIRED = ['Asset Category', 'Symbol', 'Date/Time', 'Quantity', 'T. Price'] as const;

/** The first of `columns` the header has (statements name some columns by currency: `Comm in USD`). */
function firstColumn(row: HeaderRow, columns: readonly string[]): string {
  return columns.find((c) => row.has(c)) ?? (columns[0] as string);
}

/**
 * The reading state of one statement: the account of its Account Information section, the
 * current Trades header, which discriminator (Order or Trade) it imports, and the multiplier
 * each contract's rows have shown (for rows that cannot show it: expirations at price 0).
 */
class StatementReader {
  private account = '';
  private index: Map<string, number> | undefined;
  private kind: string | undefined;
  private readonly skippedKinds = new Set<string>();
  private readonly skippedClasses = new Set<string>();
  private readonly multipliers = new Map<string, number>();
  private actionIndex: Map<string, number> | undefined;
  private readonly actions = new IbkrCorporateActions();

  /** Reads one record of the file into `out` (a fill, warnings, or nothing). */
  read(record: CsvLine, out: Array<BrokerRecord | CorporateActionRecord>): void {
    const [section, type] = record.cells;
    if (section === 'Account Information' && type === 'Data' && record.cells[2]?.trim() === 'Account') {
      this.account = (record.cells[3] ?? '').trim().split(/\s+/)[0] ?? '';
      return;
    }
    if (section === 'Corporate Actions') {
      this.actionOf(record, type, out);
      return;
    }
    if (section !== 'Trades') return;
    if (type === 'Header') {
      this.index = headerIndex(record.cells);
      return;
    }
    if (type !== 'Data' || this.index === undefined) return;
    const row = headerRow(this.index, record);
    const kind = row.get('DataDiscriminator');
    if (kind === 'ClosedLot') return;
    if (kind !== '') {
      this.kind ??= kind;
      if (kind !== this.kind) {
        this.skipOnce(this.skippedKinds, kind, row, `${kind} rows are not imported: the statement's ${this.kind} rows are`, out);
        return;
      }
    }
    this.fillOf(row, out);
  }

  /** A row of the Corporate Actions section: a split or symbol change, or nothing (totals, other rows). */
  private actionOf(record: CsvLine, type: string | undefined, out: Array<BrokerRecord | CorporateActionRecord>): void {
    if (type === 'Header') {
      this.actionIndex = headerIndex(record.cells);
      return;
    }
    if (type !== 'Data' || this.actionIndex === undefined) return;
    const row = headerRow(this.actionIndex, record);
    const description = row.get('Description');
    if (description === '' || row.get('Asset Category') === 'Total') return;
    this.actions.add(
      {
        line: row.line,
        account: row.get('Account') || this.account,
        type: '',
        dateTime: row.get('Date/Time'),
        description,
        symbol: '',
      },
      out,
    );
  }

  /** A warning the first time `key` is skipped; silence after. */
  private skipOnce(
    seen: Set<string>,
    key: string,
    row: HeaderRow,
    message: string,
    out: Array<BrokerRecord | CorporateActionRecord>,
  ): void {
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ kind: 'warning', line: row.line, message: `${message} (this and any further ones are skipped)` });
  }

  private fillOf(row: HeaderRow, out: Array<BrokerRecord | CorporateActionRecord>): void {
    const category = row.get('Asset Category');
    const assetClass = ibkrAssetClass(category);
    if (assetClass === null) {
      this.skipOnce(this.skippedClasses, category, row, `${category} trades are not imported`, out);
      return;
    }
    const codes = ibkrCodes(row.get('Code'));
    if (codes.has('CA')) {
      out.push({ kind: 'warning', line: row.line, message: 'a cancelled trade (code Ca) was not imported' });
      return;
    }
    const time = parseIbkrTime(row.get('Date/Time'));
    if (!time.ok) throw cellError(row.line, 'Date/Time', time.message);
    const quantity = amountCell(row, 'Quantity');
    if (quantity === 0) throw cellError(row.line, 'Quantity', `"${row.get('Quantity')}": a trade of quantity 0`);
    const price = amountCell(row, 'T. Price');
    const feeColumn = firstColumn(row, ['Comm/Fee', 'Comm in USD']);
    const symbol = row.get('Symbol');
    const fill: BrokerFill = {
      kind: 'fill',
      line: row.line,
      time: time.value,
      account: row.get('Account') || this.account,
      symbol,
      side: quantity < 0 ? 'sell' : 'buy',
      quantity: Math.abs(quantity),
      price,
      ...ibkrCommission(optionalAmountCell(row, feeColumn)),
    };
    const currency = row.get('Currency');
    if (currency !== '') fill.currency = currency;
    if (assetClass === 'option') Object.assign(fill, ibkrOption(symbol, {}, isFuturesOption(category)));
    else if (assetClass !== undefined) fill.assetClass = assetClass;
    if (assetClass === 'option' || assetClass === 'future') this.setMultiplier(fill, row, category);
    const effect = ibkrEffect(codes, assetClass === 'option');
    if (effect !== undefined) fill.effect = effect;
    const realized = optionalAmountCell(row, 'Realized P/L');
    if (realized !== 0 || (effect !== undefined && effect !== 'open')) fill.brokerPnl = { amount: realized, basis: 'net' };
    out.push(fill);
  }

  /** Options and futures: the multiplier the proceeds imply, else one seen before, else the defaults. */
  private setMultiplier(fill: BrokerFill, row: HeaderRow, category: string): void {
    const proceeds = optionalAmountCell(row, firstColumn(row, ['Proceeds', 'Notional Value']));
    const key = `${fill.account}\u0000${fill.symbol}`;
    const multiplier = multiplierFromProceeds(proceeds, fill.quantity, fill.price) ?? this.multipliers.get(key);
    if (multiplier !== undefined) {
      fill.multiplier = multiplier;
      this.multipliers.set(key, multiplier);
    } else if (isFuturesOption(category)) {
      const pointValue = futuresOptionMultiplier(fill.underlying);
      if (pointValue === undefined) {
        throw cellError(row.line, 'Symbol', `cannot tell the multiplier of the option on futures "${fill.symbol}"`);
      }
      fill.multiplier = pointValue;
    }
  }
}

function detect(head: FileHead): number {
  const first = head.records[0]?.cells;
  const statement = first?.[0] === 'Statement' && first[1] === 'Header';
  const trades =
    head.records.some((r) => r.cells[0] === 'Trades' && r.cells[1] === 'Header') || head.text.includes('\nTrades,Header,');
  if (statement && trades) return 0.98;
  return statement || trades ? 0.9 : 0;
}

/**
 * Interactive Brokers' Activity Statement (CSV): the multi-section file, of which the Trades
 * section is read, streaming.
 */
export const ibkrActivity = defineFormat({
  name: 'ibkr-activity',
  broker: 'Interactive Brokers',
  title: 'Activity Statement (CSV)',
  exportHint: 'Performance & Reports → Statements → Activity → Format CSV → Run',
  reads:
    'the Trades section: Order (or Trade) rows of stocks, options and futures, commissions, codes (O/C/Ep/A/Ex), Realized P/L; splits and symbol changes of Corporate Actions, applied and stored',
  timeRule: 'naive (the account’s zone in IBKR settings): --source-tz',
  sampleHeader:
    'Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,C. Price,Proceeds,Comm/Fee,Basis,Realized P/L,MTM P/L,Code',
  requiredColumns: REQUIRED,
  detect,
  // Sorted by time: the Corporate Actions section follows Trades, and a split must come before the fills after it.
  order: 'unordered',
  async *read(input) {
    if (input.kind !== 'csv') return;
    const reader = new StatementReader();
    for await (const batch of input.records) {
      const out: Array<BrokerRecord | CorporateActionRecord> = [];
      for (const record of batch) reader.read(record, out);
      yield out;
    }
  },
});

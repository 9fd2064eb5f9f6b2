import { fromMicros, toMicros } from '../../../shared/money.js';
import type { AssetClass } from '@tj/schemas';
import { cellError } from '../../read/cell-error.js';
import { type HeaderRow, headerScore } from '../../read/csv-records.js';
import { defineFormat } from '../registry.js';
import type { BrokerFill, BrokerRecord } from '../types.js';
import {
  amountCell,
  optionalAmountCell,
  priceCell,
  quantityCell,
  requiredText,
  sideCell,
  wallClockCell,
  withCells,
} from '../parts/cells.js';
import { headedRows, headerDetect } from '../parts/header-rows.js';

const REQUIRED = ['T/D', 'Side', 'Symbol', 'Qty', 'Price', 'Exec Time'] as const;
const FEE_COLUMNS = ['SEC', 'TAF', 'NSCC', 'Nasdaq', 'ECN Remove', 'ECN Add'] as const;
const SIGNATURE = [...REQUIRED, 'Account', 'S/D', 'Currency', 'Type', 'Comm', ...FEE_COLUMNS, 'Gross Proceeds', 'Net Proceeds'];
const detect = headerDetect(REQUIRED, SIGNATURE);
const TYPES: Record<string, AssetClass> = { stock: 'stock', equity: 'stock', option: 'option', '0': 'stock', '': 'stock' };

/**
 * A fill's costs from DAS's columns, where a positive amount is a charge and a negative one a
 * rebate (ECN Add for adding liquidity). A rebate is netted against the fill's other fees, then
 * its commission; a credit beyond both is carried as positive `financing`. So
 * commission + fees − financing = Comm + SEC + TAF + NSCC + Nasdaq + ECN Remove + ECN Add, and
 * Net Proceeds = Gross Proceeds − that sum.
 *
 * @example dasCosts(0, [0.06, 0.01, 0, 0, 0, -0.2]) // { commission: 0, fees: 0, financing: 0.13 }
 */
export function dasCosts(comm: number, fees: readonly number[]): { commission: number; fees: number; financing: number } {
  const feeMicros = fees.reduce((sum, f) => sum + toMicros(f), 0);
  let commissionMicros = toMicros(comm) + Math.min(feeMicros, 0);
  let financingMicros = 0;
  if (commissionMicros < 0) {
    financingMicros = -commissionMicros;
    commissionMicros = 0;
  }
  return {
    commission: fromMicros(commissionMicros),
    fees: fromMicros(Math.max(feeMicros, 0)),
    financing: fromMicros(financingMicros),
  };
}

type Costs = ReturnType<typeof dasCosts>;

/** A warning when a row's Net Proceeds are not its Gross Proceeds less its costs (by half a cent or more). */
function proceedsWarning(row: HeaderRow, costs: Costs): BrokerRecord | undefined {
  if (row.get('Gross Proceeds') === '' || row.get('Net Proceeds') === '') return undefined;
  const expected =
    toMicros(amountCell(row, 'Gross Proceeds')) - toMicros(costs.commission) - toMicros(costs.fees) + toMicros(costs.financing);
  if (Math.abs(toMicros(amountCell(row, 'Net Proceeds')) - expected) < 5000) return undefined;
  const message = `Net Proceeds ${row.get('Net Proceeds')} differ from Gross Proceeds − Comm − fees = ${fromMicros(expected).toFixed(2)}`;
  return { kind: 'warning', line: row.line, message };
}

function readRow(row: HeaderRow): BrokerRecord[] {
  const assetClass = TYPES[row.get('Type').toLowerCase()];
  if (assetClass === undefined) {
    throw cellError(row.line, 'Type', `"${row.get('Type')}" is not a type this format reads (stock, option)`);
  }
  const day = wallClockCell(row, 'T/D', ['M/d/yyyy', 'yyyy-MM-dd']);
  const time = wallClockCell(row, 'Exec Time', ['H:mm:ss', 'H:mm']);
  const costs = dasCosts(
    optionalAmountCell(row, 'Comm'),
    FEE_COLUMNS.map((c) => optionalAmountCell(row, c)),
  );
  const fill: BrokerFill = {
    kind: 'fill',
    line: row.line,
    time: { wall: { ...time, year: day.year, month: day.month, day: day.day } },
    symbol: requiredText(row, 'Symbol'),
    side: sideCell(row, 'Side', 'B, S, SS (sell short) or BC (buy to cover)'),
    quantity: quantityCell(row, 'Qty'),
    price: priceCell(row, 'Price'),
    commission: costs.commission,
    fees: costs.fees,
    assetClass,
  };
  if (costs.financing > 0) fill.financing = costs.financing;
  withCells(fill, row, { account: 'Account', currency: 'Currency' });
  const warning = proceedsWarning(row, costs);
  return warning === undefined ? [fill] : [fill, warning];
}

/**
 * DAS Trader / TradeZero executions (the layout TradeNote's template follows): one row per
 * execution, Side B/S/SS/BC, date from T/D and time from Exec Time (naive), fees the sum of
 * SEC, TAF, NSCC, Nasdaq, ECN Remove and ECN Add (see {@link dasCosts} for rebates). Each row's
 * Net Proceeds are checked against Gross Proceeds less its costs (a warning when they differ).
 * Rows need not be in time order.
 */
export const dasExecutions = defineFormat({
  name: 'das-executions',
  broker: 'DAS Trader / TradeZero',
  title: 'Trades (executions)',
  exportHint: 'DAS Trader Pro: Trade → Trades window → right-click → Export; TradeZero: Activity → Trades → Export',
  reads: 'executions with commission and regulatory/ECN fees (a negative ECN fee is a rebate)',
  timeRule: 'naive (T/D + Exec Time): read in --source-tz',
  sampleHeader:
    'Account,T/D,S/D,Currency,Type,Side,Symbol,Qty,Price,Exec Time,Comm,SEC,TAF,NSCC,Nasdaq,ECN Remove,ECN Add,Gross Proceeds,Net Proceeds,Clr Broker,Liq,Note',
  requiredColumns: REQUIRED,
  order: 'unordered',
  // Its fee columns tell it from look-alikes (TradeStation shares T/D, S/D and the proceeds).
  detect: (head) => (headerScore(head.records[0]?.cells ?? [], FEE_COLUMNS) < 0.5 ? 0 : detect(head)),
  async *read(input) {
    for await (const rows of headedRows(input)) yield rows.flatMap(readRow);
  },
});

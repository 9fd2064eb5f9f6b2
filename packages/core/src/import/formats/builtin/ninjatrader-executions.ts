import type { HeaderRow } from '../../read/csv-records.js';
import { defineFormat } from '../registry.js';
import type { BrokerFill, BrokerRecord, PositionEffect } from '../types.js';
import { optionalAmountCell, priceCell, quantityCell, requiredText, sideCell, withCells } from '../parts/cells.js';
import { headedRows, headerDetect } from '../parts/header-rows.js';
import { localeOfRows, type NinjaLocale, ninjaInstrument, ninjaTimeCell } from '../parts/ninjatrader-values.js';

const REQUIRED = ['Instrument', 'Action', 'Quantity', 'Price', 'Time'] as const;
const SIGNATURE = [...REQUIRED, 'ID', 'E/X', 'Position', 'Order ID', 'Name', 'Commission', 'Rate', 'Account', 'Connection'];
const EFFECTS: Record<string, PositionEffect> = { entry: 'open', exit: 'close' };

function fillOf(row: HeaderRow, locale: NinjaLocale): BrokerFill {
  const symbol = requiredText(row, 'Instrument');
  const fill: BrokerFill = {
    kind: 'fill',
    line: row.line,
    time: { wall: ninjaTimeCell(row, 'Time', locale.dates) },
    symbol,
    side: sideCell(row, 'Action', 'Buy, Sell, Buy to cover or Sell short'),
    quantity: quantityCell(row, 'Quantity', locale.numbers),
    price: priceCell(row, 'Price', locale.numbers),
    commission: Math.abs(optionalAmountCell(row, 'Commission', 0, locale.numbers)),
    ...ninjaInstrument(symbol),
  };
  const effect = EFFECTS[row.get('E/X').toLowerCase()];
  if (effect !== undefined) fill.effect = effect;
  return withCells(fill, row, { account: 'Account', execId: 'ID', orderId: 'Order ID' });
}

/**
 * NinjaTrader 8's Executions export (Control Center → Executions grid → right-click → Export):
 * one row per execution with a trailing delimiter, Action Buy/Sell/Buy to cover/Sell short,
 * futures as `MNQ MAR25` or `MNQ 03-26`, commission per execution. Rows are grouped by account,
 * so the pipeline sorts them. US and European locales are told apart from the file's own
 * numbers and dates (see `inferNinjaLocale`).
 */
export const ninjaTraderExecutions = defineFormat({
  name: 'ninjatrader-executions',
  broker: 'NinjaTrader 8',
  title: 'Executions',
  exportHint: 'Control Center → Executions tab → right-click → Export (CSV)',
  reads: 'executions with commission, execution and order ids; US and European number/date locales',
  timeRule: 'naive (Time, in the platform time zone): read in --source-tz',
  sampleHeader: 'Instrument,Action,Quantity,Price,Time,ID,E/X,Position,Order ID,Name,Commission,Rate,Account,Connection,',
  requiredColumns: REQUIRED,
  order: 'unordered',
  detect: headerDetect(REQUIRED, SIGNATURE),
  async *read(input, options) {
    let locale: NinjaLocale | undefined;
    for await (const rows of headedRows(input)) {
      const out: BrokerRecord[] = [];
      if (locale === undefined) {
        const inferred = localeOfRows(rows, { numbers: ['Price', 'Commission'], times: ['Time'] }, options);
        locale = inferred.locale;
        out.push(...inferred.warnings);
      }
      for (const row of rows) out.push(fillOf(row, locale));
      yield out;
    }
  },
});

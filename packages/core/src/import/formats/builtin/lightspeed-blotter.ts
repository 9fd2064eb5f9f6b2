import { fromMicros, toMicros } from '../../../shared/money.js';
import { cellError } from '../../read/cell-error.js';
import { sideOf } from '../../values/broker.js';
import type { HeaderRow } from '../../read/csv-records.js';
import { defineFormat } from '../registry.js';
import type { BrokerFill, BrokerRecord, WallClock } from '../types.js';
import { readTableInTimeOrder } from '../parts/buffered-table.js';
import {
  costCell,
  costsCell,
  dateAndClock,
  optionalAmountCell,
  priceCell,
  unsignedQuantityCell,
  US_DATE_TIMES,
  wallClockCell,
} from '../parts/cells.js';
import { symbolCell } from '../parts/symbol-hints.js';
import { tableScore } from '../parts/table-rows.js';

const REQUIRED = ['Trade Date', 'Symbol', 'Qty', 'Price', 'Commission Amount', 'Principal Amount', 'NET Amount'] as const;
const SIGNATURE = [
  'Trade Number',
  'Execution Time',
  'Side',
  'Buy/Sell',
  'FeeSEC',
  'Account Number',
  'Raw Exec. Time',
  'Security Type',
  'FeeTAF',
  'Transtype',
];
const FEE_COLUMNS = ['FeeSEC', 'FeeMF', 'Fee1', 'Fee2', 'Fee3', 'FeeStamp', 'FeeTAF', 'Fee4'];

/** Raw Exec. Time (`06/09/2026 07:55:00`) where present, else Trade Date + Execution Time (`07:55`). */
function timeOf(row: HeaderRow): WallClock {
  const raw = row.get('Raw Exec. Time');
  if (raw !== '') return wallClockCell(row, 'Raw Exec. Time', US_DATE_TIMES);
  if (!row.has('Execution Time')) throw cellError(row.line, 'Execution Time', 'is missing (and so is Raw Exec. Time)');
  return dateAndClock(row, 'Trade Date', 'Execution Time');
}

/** Buy/Sell (`Long Buy`, `Short Sell`, `Short Cover`) and Side (`B`, `S`) must agree; either alone will do. */
function sideOfRow(row: HeaderRow): 'buy' | 'sell' {
  const words = row.get('Buy/Sell').toLowerCase();
  const fromWords = /cover|buy/.test(words) ? 'buy' : /sell/.test(words) ? 'sell' : undefined;
  const fromCode = sideOf(row.get('Side'));
  if (fromWords !== undefined && fromCode !== undefined && fromWords !== fromCode) {
    throw cellError(row.line, 'Buy/Sell', `"${row.get('Buy/Sell')}" contradicts Side "${row.get('Side')}"`);
  }
  const side = fromWords ?? fromCode;
  if (side === undefined) throw cellError(row.line, 'Side', `"${row.get('Side')}" is not B or S (and Buy/Sell says nothing)`);
  return side;
}

/** The fill of one row, and a warning when NET Amount is not Principal Amount plus or minus its costs. */
function readExecution(row: HeaderRow): BrokerRecord[] {
  const { symbol, hints } = symbolCell(row, 'Symbol');
  if (row.get('Security Type').toLowerCase().startsWith('option')) hints.assetClass = 'option';
  const commission = costCell(row, 'Commission Amount');
  const principal = optionalAmountCell(row, 'Principal Amount');
  const net = optionalAmountCell(row, 'NET Amount');
  const listed = FEE_COLUMNS.some((c) => row.has(c));
  const netCosts = Math.abs(toMicros(net) - toMicros(principal));
  const fees = listed ? costsCell(row, FEE_COLUMNS) : fromMicros(Math.max(0, netCosts - toMicros(commission)));
  const fill: BrokerFill = {
    kind: 'fill',
    line: row.line,
    time: { wall: timeOf(row) },
    account: row.get('Account Number'),
    symbol,
    side: sideOfRow(row),
    quantity: unsignedQuantityCell(row, 'Qty'),
    price: priceCell(row, 'Price'),
    commission,
    fees,
    ...hints,
  };
  const tradeNumber = row.get('Trade Number');
  if (tradeNumber !== '') fill.execId = `${row.get('Trade Date')}/${tradeNumber}`;
  const currency = row.get('Currency Code');
  if (currency !== '') fill.currency = currency;
  const costs = toMicros(commission) + toMicros(fees);
  if (listed && Math.abs(netCosts - costs) >= 5_000) {
    const message = `NET Amount ${row.get('NET Amount')} differs from Principal Amount ${row.get('Principal Amount')} by other than the commission and fees (${fromMicros(costs)})`;
    return [{ kind: 'warning', line: row.line, message }, fill];
  }
  return [fill];
}

/**
 * Lightspeed's execution blotter: one row per execution, all values quoted and blank-padded,
 * sells with a negative Qty; commission plus the FeeSEC … Fee4 columns as costs (checked against
 * NET − Principal Amount); rows whose Transtype is not Trade are left out with a warning.
 */
export const lightspeedBlotter = defineFormat({
  name: 'lightspeed-blotter',
  broker: 'Lightspeed',
  title: 'Execution blotter',
  exportHint: 'Lightspeed: Reports → Trade Blotter (execution blotter) → CSV',
  reads: 'executions with account, commission and fees (FeeSEC, FeeTAF, …); Trade Number as execution id',
  timeRule: 'naive (Raw Exec. Time, or Trade Date + Execution Time): --source-tz',
  sampleHeader:
    'Trade Number,Trade Date,Execution Time,Symbol,Side,Qty,Price,Commission Amount,FeeSEC,Buy/Sell,Principal Amount,NET Amount',
  requiredColumns: REQUIRED,
  detect: (head) => tableScore(head, REQUIRED, SIGNATURE),
  read(input) {
    const lines = new Map<string, number>();
    const readRow = (row: HeaderRow): BrokerRecord[] => {
      const transtype = row.get('Transtype');
      if (transtype !== '' && transtype.toLowerCase() !== 'trade') {
        return [{ kind: 'warning', line: row.line, message: `a row of Transtype "${transtype}" is not read` }];
      }
      const records = readExecution(row);
      const fill = records.find((r) => r.kind === 'fill');
      if (fill?.execId !== undefined) {
        const key = `${fill.account}\u0000${fill.execId}`;
        const first = lines.get(key);
        if (first !== undefined)
          throw cellError(row.line, 'Trade Number', `"${row.get('Trade Number')}" is also on line ${first}`);
        lines.set(key, row.line);
      }
      return records;
    };
    return readTableInTimeOrder(input, { required: REQUIRED, title: 'Lightspeed blotter' }, 'oldest-first', readRow);
  },
});

import { cellError } from '../../read/cell-error.js';
import { parseDateTime } from '../../values/plain.js';
import { parseAmount, parseOptionalAmount, sideOf } from '../../values/broker.js';
import { type HeaderRow, headerIndex, headerRow, headerScore } from '../../read/csv-records.js';
import { defineFormat } from '../registry.js';
import type { BrokerFill, CsvLine } from '../types.js';

const REQUIRED = ['_timestamp', '_action', '_qty', '_price', 'Contract'] as const;
const SIGNATURE = [
  '_id',
  '_orderId',
  '_contractId',
  '_timestamp',
  '_tradeDate',
  '_action',
  '_qty',
  '_price',
  'Fill ID',
  'Contract',
  'commission',
];

function amount(row: HeaderRow, column: string): number {
  const r = parseAmount(row.get(column));
  if (!r.ok) throw cellError(row.line, column, r.message);
  return r.value;
}

function fillOf(row: HeaderRow): BrokerFill {
  const stamp = parseDateTime(row.get('_timestamp'));
  if (!stamp.ok) throw cellError(row.line, '_timestamp', stamp.message);
  const action = row.get('_action');
  const side = action === '0' ? 'buy' : action === '1' ? 'sell' : sideOf(row.get('B/S'));
  if (side === undefined) throw cellError(row.line, '_action', `"${action}" is not 0 (buy) or 1 (sell)`);
  const commission = parseOptionalAmount(row.get('commission'), 0);
  if (!commission.ok) throw cellError(row.line, 'commission', commission.message);
  const fill: BrokerFill = {
    kind: 'fill',
    line: row.line,
    time: { utc: stamp.value },
    account: row.get('Account') || row.get('_accountId'),
    symbol: row.get('Contract'),
    side,
    quantity: amount(row, '_qty'),
    price: amount(row, '_price'),
    commission: Math.abs(commission.value),
    assetClass: 'future',
  };
  const execId = row.get('_id') || row.get('Fill ID');
  if (execId !== '') fill.execId = execId;
  const orderId = row.get('_orderId') || row.get('Order ID');
  if (orderId !== '') fill.orderId = orderId;
  return fill;
}

/** Tradovate's Fills export: one row per execution, UTC `_timestamp`, commission per fill. */
export const tradovateFills = defineFormat({
  name: 'tradovate-fills',
  broker: 'Tradovate',
  title: 'Fills',
  exportHint: 'Account Reports → Fills → Download CSV',
  reads: 'executions with commissions; futures point values from the catalogue',
  timeRule: 'UTC (the _timestamp column)',
  sampleHeader: '_id,_orderId,_contractId,_timestamp,_tradeDate,_action,_qty,_price,…,Contract,Product,commission',
  requiredColumns: REQUIRED,
  detect: (head) => {
    const header = head.records[0];
    if (header === undefined) return 0;
    return headerScore(header.cells, REQUIRED) === 1 ? 0.6 + 0.4 * headerScore(header.cells, SIGNATURE) : 0;
  },
  async *read(input) {
    if (input.kind !== 'csv') return;
    let index: Map<string, number> | undefined;
    for await (const batch of input.records) {
      const out: BrokerFill[] = [];
      for (const record of batch as CsvLine[]) {
        if (index === undefined) {
          index = headerIndex(record.cells);
          continue;
        }
        out.push(fillOf(headerRow(index, record)));
      }
      yield out;
    }
  },
});

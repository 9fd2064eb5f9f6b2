import {
  type BrokerFill,
  cellError,
  defineFormat,
  type HeaderRow,
  headerIndex,
  headerRow,
  headerScore,
  parseAmount,
  parseWallClock,
  sideOf,
} from '@tj/core';

const REQUIRED = ['When', 'Ticker', 'Action', 'Shares', 'Fill'];

/** A cell as a number (`1,234.50`, `$(12.00)`, `- 0.08` all read); a bad one names line and column. */
function amount(row: HeaderRow, column: string): number {
  const parsed = parseAmount(row.get(column));
  if (!parsed.ok) throw cellError(row.line, column, parsed.message);
  return parsed.value;
}

/** My Broker's fills export: one row per execution, times on the platform's wall clock. */
export const myBrokerFills = defineFormat({
  name: 'mybroker-fills', // what --format takes
  broker: 'My Broker',
  title: 'Fills',
  exportHint: 'Account → History → Fills → Export CSV',
  reads: 'executions with commission',
  timeRule: 'naive (When): read in --source-tz',
  sampleHeader: 'When,Ticker,Action,Shares,Fill,Commission',
  requiredColumns: REQUIRED,
  // 0 (not this format) to 1 (certain): detection takes the surest format above 0.5.
  detect: (head) => Math.max(0, ...head.records.slice(0, 5).map((r) => headerScore(r.cells, REQUIRED))),
  async *read(input) {
    if (input.kind !== 'csv') return;
    let index: Map<string, number> | undefined;
    for await (const batch of input.records) {
      const fills: BrokerFill[] = [];
      for (const record of batch) {
        if (index === undefined) {
          index = headerIndex(record.cells);
          continue;
        }
        const row = headerRow(index, record);
        if (row.get('Ticker') === '') continue; // blank and footer lines
        const when = parseWallClock(row.get('When'), 'yyyy-MM-dd HH:mm:ss');
        if (!when.ok) throw cellError(row.line, 'When', when.message);
        const side = sideOf(row.get('Action'));
        if (side === undefined) throw cellError(row.line, 'Action', `"${row.get('Action')}" is not buy or sell`);
        fills.push({
          kind: 'fill',
          line: row.line,
          time: { wall: when.value }, // read in the source zone; { utc: ms } for instants
          symbol: row.get('Ticker'),
          side,
          quantity: amount(row, 'Shares'),
          price: amount(row, 'Fill'),
          commission: row.has('Commission') ? Math.abs(amount(row, 'Commission')) : 0,
        });
      }
      yield fills;
    }
  },
});

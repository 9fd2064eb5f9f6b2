import { describe, expect, it } from 'vitest';
import {
  type BrokerFill,
  defineFormat,
  FormatRegistry,
  headerIndex,
  headerRow,
  openBrokerFile,
} from '../../../src/import/index.js';
import { collect } from '../support.js';

/** A minimal newest-first format: `time,side,qty,price` with UTC seconds. */
const newestFirst = defineFormat({
  name: 'test-newest-first',
  broker: 'Test',
  title: 'Newest first',
  exportHint: '',
  reads: '',
  timeRule: 'UTC',
  sampleHeader: 'time,side,qty,price',
  requiredColumns: ['time', 'side', 'qty', 'price'],
  order: 'newest-first',
  detect: () => 1,
  async *read(input) {
    if (input.kind !== 'csv') return;
    let index: Map<string, number> | undefined;
    for await (const batch of input.records) {
      const out: BrokerFill[] = [];
      for (const record of batch) {
        if (index === undefined) {
          index = headerIndex(record.cells);
          continue;
        }
        const row = headerRow(index, record);
        out.push({
          kind: 'fill',
          line: row.line,
          time: { utc: Date.parse(row.get('time')) },
          symbol: 'AAPL',
          side: row.get('side') === 'buy' ? 'buy' : 'sell',
          quantity: Number(row.get('qty')),
          price: Number(row.get('price')),
        });
      }
      yield out;
    }
  },
});

describe('a newest-first format', () => {
  it('has its same-second fills taken oldest first (the file reversed, then sorted stably)', async () => {
    // Newest first: the sell at 10:00:05 was written above the buy of the same second.
    const text = [
      'time,side,qty,price',
      '2026-03-02T10:00:09Z,buy,10,99',
      '2026-03-02T10:00:05Z,sell,10,101',
      '2026-03-02T10:00:05Z,buy,10,100',
    ].join('\n');
    const opened = await openBrokerFile(() => [text], { registry: new FormatRegistry([newestFirst]), sourceTz: 'UTC' });
    const trades = (await collect(opened.items)).flatMap((t) => ('input' in t ? [t.input] : []));
    expect(trades).toMatchObject([
      { direction: 'long', entryPrice: 100, exitPrice: 101, positionSize: 10 },
      { direction: 'long', entryPrice: 99, positionSize: 10 },
    ]);
  });
});

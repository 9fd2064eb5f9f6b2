import { describe, expect, it } from 'vitest';
import { type BrokerRecord, defineFormat, FormatRegistry, MAX_FILE_WARNINGS, openBrokerFile } from '../../../src/import/index.js';
import { collect } from '../support.js';

/** A format whose reader doubts every row: one warning per data line, no fills. */
const doubtful = defineFormat({
  name: 'test-doubtful',
  broker: 'Test',
  title: 'Doubtful',
  exportHint: '',
  reads: '',
  timeRule: 'UTC',
  sampleHeader: 'note',
  requiredColumns: ['note'],
  detect: () => 1,
  async *read(input) {
    if (input.kind !== 'csv') return;
    for await (const batch of input.records) {
      yield batch
        .filter((r) => r.line > 1)
        .map((r): BrokerRecord => ({ kind: 'warning', line: r.line, message: `row ${r.cells[0]} skipped` }));
    }
  },
});

describe('a file report', () => {
  it('keeps the first warnings and only counts the rest, however many rows warn', async () => {
    const rows = MAX_FILE_WARNINGS + 25;
    const text = ['note', ...Array.from({ length: rows }, (_, i) => `n${i + 1}`)].join('\n');
    const opened = await openBrokerFile(() => [text], { registry: new FormatRegistry([doubtful]), sourceTz: 'UTC' });
    expect(await collect(opened.items)).toEqual([]);
    expect(opened.report.warnings).toHaveLength(MAX_FILE_WARNINGS);
    expect(opened.report.warnings[0]).toEqual({ line: 2, message: 'row n1 skipped' });
    expect(opened.report.warnings.at(-1)).toEqual({ line: MAX_FILE_WARNINGS + 1, message: `row n${MAX_FILE_WARNINGS} skipped` });
    expect(opened.report.moreWarnings).toBe(25);
  });
});

/**
 * The checking pass of `onInvalid` in `openBrokerFile`: how often it reads the file, its bound,
 * and the errors it does not skip (no line, a file that does not parse).
 */
import { describe, expect, it } from 'vitest';
import { type BrokerFileOptions, openBrokerFile, type SkippedRecord } from '../../../src/import/index.js';
import { replayable } from '../../../src/shared/replayable.js';
import { collect, failure } from '../support.js';
import { fixture, registry } from './support.js';

const TRADOVATE = fixture('tradovate-fills.csv').trimEnd().split('\n');
const HEADER = TRADOVATE[0] as string;
/** A Tradovate row with a price that is not a number. */
const badRow = (id: number) => (TRADOVATE[1] as string).replace('9001,8001,', `${id},${id},`).replaceAll('5000.25', '5OOO');

/** Opens `text` with `onInvalid`, counting how often the file is opened; returns the skipped rows and fills. */
async function openCounting(text: string, options: Partial<BrokerFileOptions> = {}) {
  let opens = 0;
  const skipped: SkippedRecord[] = [];
  const file = await openBrokerFile(
    () => {
      opens++;
      return [text];
    },
    { registry, sourceTz: 'UTC', onInvalid: (row) => skipped.push(row), ...options },
  );
  const fills = await collect(file.fills);
  return { opens, skipped, fills, report: file.report };
}

describe('skipInvalid for readers that throw on a bad row', () => {
  it('reads the file once more per bad row, then once to import; memory holds only the lines skipped', async () => {
    const text = [HEADER, TRADOVATE[1], badRow(1), TRADOVATE[2], badRow(2), TRADOVATE[3]].join('\n');
    const { opens, skipped, fills, report } = await openCounting(text);
    // The head, three checking passes (two of them stopped at a bad row), the import.
    expect(opens).toBe(5);
    expect(skipped.map((s) => s.line)).toEqual([3, 5]);
    expect(skipped[0]?.raw).toBe(badRow(1));
    expect(fills.map((f) => ('line' in f ? f.line : undefined))).toEqual([2, 4, 6]);
    // Data rows: the three good ones (the header and the two skipped rows are not counted).
    expect(report).toMatchObject({ rows: 3, fills: 3 });
  });

  it('fails past its bound, naming the last row it refused', async () => {
    const text = [HEADER, ...[1, 2, 3, 4].map(badRow), TRADOVATE[1]].join('\n');
    expect(await failure(openCounting(text, { maxSkippedRows: 3 }))).toMatch(
      /^more than 3 invalid rows to skip \(each one costs reading the file again\): is it a tradovate-fills file\? The last: line 5, column _price: /,
    );
    const { skipped, fills } = await openCounting(text, { maxSkippedRows: 4 });
    expect([skipped.length, fills.length]).toEqual([4, 1]);
  });

  it('does not skip an error without a line: a file that is not the format forced', async () => {
    const message = await failure(openCounting(TRADOVATE.join('\n'), { format: 'tradestation-trades' }));
    expect(message).toMatch(/^file: no TradeStation trades header found: it needs the columns T\/D, /);
  });

  it('does not skip a file that does not parse (malformed XML), however many passes', async () => {
    const xml = fixture('ibkr-flex.xml').replace('<Lot ', '<Lot <');
    let opens = 0;
    const message = await failure(
      openBrokerFile(
        () => {
          opens++;
          return [xml];
        },
        { registry, sourceTz: 'UTC', onInvalid: () => undefined },
      ),
    );
    expect(message).toMatch(/^line 14: not well-formed XML: /);
    expect(opens).toBe(2);
  });

  it('leaves our own CSVs to skip their rows as they read (no checking pass)', async () => {
    const text = 'datetime,symbol,side,quantity,price\n2026-11-02T14:30:00Z,AAPL,buy,1,abc\n2026-11-02T14:31:00Z,AAPL,sell,1,2\n';
    const { opens, skipped, fills } = await openCounting(text);
    expect(opens).toBe(2);
    expect(skipped).toEqual([
      { line: 2, message: 'line 2, column price: "abc" is not a number', raw: '2026-11-02T14:30:00Z,AAPL,buy,1,abc' },
    ]);
    expect(fills).toHaveLength(1);
  });

  it('says so when the source cannot be read again (an upload replayed only for its head)', async () => {
    const upload = replayable(
      (async function* () {
        yield new TextEncoder().encode(TRADOVATE.join('\n'));
      })(),
    );
    const message = await failure(
      openBrokerFile(() => upload.open(), { registry, sourceTz: 'UTC', onInvalid: () => undefined }).then((f) =>
        collect(f.fills),
      ),
    );
    expect(message).toMatch(
      /^skipping the invalid rows of a tradovate-fills file reads it again, which this source does not allow \(a stream can be opened twice only/,
    );
  });
});

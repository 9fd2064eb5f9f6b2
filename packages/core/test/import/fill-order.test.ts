import { describe, expect, it } from 'vitest';
import { detectFillOrder, type ImportedTrade, matchFills, type NumberedLine, openFillsCsv } from '../../src/import/index.js';
import { collect } from './support.js';

/** An in-memory stand-in for the CLI's reverseLines: numbered physical lines, last first. */
async function* reversedLines(text: string): AsyncGenerator<NumberedLine> {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  const last = lines.pop() ?? '';
  const eols = lines.map((l) => (l.endsWith('\r') ? '\r\n' : '\n'));
  if (last !== '') lines.push(last);
  for (let i = lines.length - 1; i >= 0; i--) {
    yield { line: i + 1, text: (lines[i] ?? '').replace(/\r$/, ''), eol: eols[i] ?? '' };
  }
}

const HEAD = 'datetime,symbol,side,quantity,price,commission,exec_id,note\r\n';
const ROWS = [
  '2026-11-20T14:30:00Z,ES,buy,2,5000,1,,"scaled\r\nin, twice"',
  '2026-11-20T14:31:00Z,NQ,sell,1,18000,1,N1,',
  '2026-11-20T14:32:00Z,ES,buy,1,5003,1,,',
  '2026-11-20T14:33:00Z,ES,sell,4,5010,2,,flip',
  '2026-11-20T14:34:00Z,NQ,buy,1,17990,1,N2,',
  '2026-11-20T14:35:00Z,ES,buy,1,5008,1,,',
  '2026-11-20T14:36:00Z,CL,buy,1,70,1,,',
];

type Trade = Omit<ImportedTrade, 'executions'>;

const withoutLines = (trades: Trade[]) => trades.map(({ lines: _lines, ...rest }) => rest);

/** The file's order and its trades (without their executions: line numbers differ by direction). */
async function tradesOf(text: string): Promise<{ order: string; trades: Trade[] }> {
  const { order, fills } = await openFillsCsv({ forward: () => [text], backward: () => reversedLines(text) }, 3);
  return { order, trades: (await collect(matchFills(fills))).map(({ executions: _, ...t }) => t) };
}

describe('fill order', () => {
  it('detects the order from the first fills', async () => {
    const at = (...ms: number[]) => ms.map((datetime) => ({ datetime }));
    expect(await detectFillOrder(at(1, 2, 2, 3))).toBe('oldest-first');
    expect(await detectFillOrder(at(3, 2, 2, 1))).toBe('newest-first');
    expect(await detectFillOrder(at(5, 5))).toBe('oldest-first');
    expect(await detectFillOrder(at())).toBe('oldest-first');
    expect(await detectFillOrder(at(1, 2, 9, 8, 7, 6), 3)).toBe('oldest-first');
  });

  it('reads a newest-first file backwards and gets the same trades as oldest-first', async () => {
    const oldest = await tradesOf(`\uFEFF${HEAD}${ROWS.join('\r\n')}\r\n`);
    const newest = await tradesOf(`\uFEFF${HEAD}\r\n${[...ROWS].reverse().join('\r\n')}\r\n\r\n`);
    expect(oldest.order).toBe('oldest-first');
    expect(newest.order).toBe('newest-first');
    expect(withoutLines(newest.trades)).toEqual(withoutLines(oldest.trades));
    expect(
      oldest.trades.map((t) => [t.input.instrument, t.input.direction, t.input.positionSize, t.input.exitPrice, t.input.fees]),
    ).toEqual([
      ['ES', 'long', 3, 5010, 3.5],
      ['NQ', 'short', 1, 17990, 2],
      ['ES', 'short', 1, 5008, 1.5],
      ['CL', 'long', 1, undefined, 1],
    ]);
    expect(oldest.trades[0]?.input.notes).toBe('scaled\r\nin, twice | flip');
    expect(oldest.trades.map((t) => t.lines)).toEqual([
      [2, 6],
      [4, 7],
      [6, 8],
      [9, 9],
    ]);
    expect(newest.trades.map((t) => t.lines)).toEqual([
      [9, 6],
      [8, 5],
      [6, 4],
      [3, 3],
    ]);
  });
});

import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchFills, openFillsCsv } from '@tj/core';
import { type NumberedLine, reverseLines } from '../src/import/reverse-lines.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tj-reverse-lines-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fileWith(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('reverseLines', () => {
  it('yields lines last to first with physical numbers and line breaks, whatever the chunk size', async () => {
    const path = await fileWith('mixed.csv', '\uFEFFhead,é\r\nun,ü€\n\r\nlast 𝄞');
    const expected: NumberedLine[] = [
      { line: 4, text: 'last 𝄞', eol: '' },
      { line: 3, text: '', eol: '\r\n' },
      { line: 2, text: 'un,ü€', eol: '\n' },
      { line: 1, text: 'head,é', eol: '\r\n' },
    ];
    for (const chunkSize of [1, 2, 3, 5, 8, 65_536]) {
      expect(await collect(reverseLines(path, { chunkSize }))).toEqual(expected);
    }
  });

  it('does not make an empty last line of a final line break; empty files have no lines', async () => {
    expect(await collect(reverseLines(await fileWith('a.txt', 'a\nb\n')))).toEqual([
      { line: 2, text: 'b', eol: '\n' },
      { line: 1, text: 'a', eol: '\n' },
    ]);
    expect(await collect(reverseLines(await fileWith('nl.txt', '\n')))).toEqual([{ line: 1, text: '', eol: '\n' }]);
    expect(await collect(reverseLines(await fileWith('empty.txt', '')))).toEqual([]);
  });

  it('names the line of invalid UTF-8', async () => {
    const path = await fileWith('bad.txt', new Uint8Array([0x61, 0x0a, 0xff, 0x0a, 0x62]));
    await expect(collect(reverseLines(path))).rejects.toThrow('line 2: the file is not valid UTF-8');
  });

  it('streams a large file backwards and can stop early', async () => {
    const n = 100_000;
    const lines = Array.from({ length: n }, (_, i) => `row ${i + 1}`);
    const path = await fileWith('big.txt', `${lines.join('\n')}\n`);
    let expectedLine = n;
    let wrong = 0;
    for await (const { line, text } of reverseLines(path, { chunkSize: 4096 })) {
      if (line !== expectedLine || text !== `row ${expectedLine}`) wrong++;
      expectedLine--;
    }
    expect([expectedLine, wrong]).toEqual([0, 0]);
    for await (const { line } of reverseLines(path)) {
      expect(line).toBe(n);
      break;
    }
  });

  it('lets a newest-first fills file give the same trades as the oldest-first one', async () => {
    const head = 'datetime,symbol,side,quantity,price,commission,exec_id,note\r\n';
    const rows = [
      '2026-11-20T14:30:00Z,ES,buy,2,5000,1,E1,"in\r\ntwice"',
      '2026-11-20T14:31:00Z,ES,buy,1,5003,1,E2,',
      '2026-11-20T14:32:00Z,ES,sell,4,5010,2,E3,flip',
      '2026-11-20T14:33:00Z,ES,buy,1,5008,1,E4,',
      '2026-11-20T14:34:00Z,NQ,sell,1,18000,1,,',
    ];
    const oldest = await fileWith('oldest.csv', `${head}${rows.join('\r\n')}\r\n`);
    const newest = await fileWith('newest.csv', `${head}${[...rows].reverse().join('\r\n')}\r\n`);
    const tradesOf = async (path: string) => {
      const opened = await openFillsCsv(
        { forward: () => createReadStream(path), backward: () => reverseLines(path, { chunkSize: 16 }) },
        2,
      );
      const trades = await collect(matchFills(opened.fills));
      return { order: opened.order, trades: trades.map(({ lines: _lines, executions: _executions, ...t }) => t) };
    };
    const a = await tradesOf(oldest);
    const b = await tradesOf(newest);
    expect([a.order, b.order]).toEqual(['oldest-first', 'newest-first']);
    expect(b.trades).toEqual(a.trades);
    expect(
      a.trades.map((t) => [t.importKey, t.input.direction, t.input.entryPrice, t.input.exitPrice, t.input.fees, t.input.notes]),
    ).toEqual([
      ['fill::ES:E1', 'long', 5001, 5010, 3.5, 'in\r\ntwice | flip'],
      ['fill::ES:E3', 'short', 5010, 5008, 1.5, 'flip'],
      [expect.stringMatching(/^fillhash:[0-9a-f]{64}$/), 'short', 18000, undefined, 1, undefined],
    ]);
  });
});
